/** Values vite.config.ts `define`s at build time. */
declare const __BUILD_YEAR__: number;
/** The build's date (YYYY-MM-DD, UTC): time-bound claims such as the next quarter follow it. */
declare const __BUILD_DATE__: string;
