/** Values vite.config.ts `define`s at build time. */
declare const __BUILD_YEAR__: number;
