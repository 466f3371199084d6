/**
 * One Vite config for the browser build (dist/), the prerender build (dist-ssr/, `--ssr`) and the
 * dev server. The web app lives in web/; the worker is built by wrangler, not here.
 */
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig(({ isSsrBuild }) => ({
  root: "web",
  plugins: [react(), tailwindcss()],
  // The footer's year in the prerendered HTML; the browser build must agree with it to hydrate cleanly.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: isSsrBuild
    ? {
        outDir: "../dist-ssr",
        emptyOutDir: true,
        copyPublicDir: false,
        target: "node22",
      }
    : {
        outDir: "../dist",
        emptyOutDir: true,
        // Read by scripts/prerender.ts to preload each page's route chunks, then deleted.
        manifest: true,
        target: "es2022",
        // Every browser we support has modulepreload; the polyfill would cost bytes on every page.
        modulePreload: { polyfill: false },
      },
  server: {
    // `vite dev` serves the SPA with HMR; API calls go to a wrangler dev started alongside it.
    proxy: { "/api": { target: process.env.API_ORIGIN ?? "http://localhost:8787", ws: true } },
  },
}));
