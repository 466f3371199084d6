/**
 * The public site's islands (docs/decisions/0012-public-islands.md): the few interactive parts of
 * prerendered pages (the enquiry forms, a client preview), hydrated each on its own root. Written
 * in React like every page, but built against preact/compat, whose runtime is about a seventh of
 * react-dom's: a public page's JavaScript is then its island's own code. The page shell stays the
 * prerendered HTML. The CRM and the staff pages keep React (vite.config.ts).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { pathAliases } from "./vite.config";

export default defineConfig({
  root: "web",
  plugins: [react()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)),
  },
  resolve: {
    alias: [
      ...Object.entries(pathAliases).map(([find, replacement]) => ({ find, replacement })),
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react$/, replacement: "preact/compat" },
    ],
  },
  build: {
    outDir: "../dist",
    // The browser build (vite.config.ts) has just written dist/: add to it.
    emptyOutDir: false,
    copyPublicDir: false,
    // Read by scripts/prerender.ts, then deleted with the other manifest.
    manifest: "islands-manifest.json",
    target: "es2022",
    modulePreload: { polyfill: false },
    rollupOptions: { input: { islands: fileURLToPath(new URL("./web/src/islands/entry.tsx", import.meta.url)) } },
  },
});
