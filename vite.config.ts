/**
 * One Vite config for the browser build (dist/), the prerender build (dist-ssr/, `--ssr`) and the
 * dev server. The web app lives in web/; the worker is built by wrangler, not here.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import type { ModuleInfo } from "rolldown";

/**
 * The CRM's first load (/crm's pipeline) in one chunk: the modules the CRM root and the pipeline
 * reach by static imports alone, minus any a public page also reaches (those stay where they are,
 * so no public page loads CRM code). Left to the default splitting, the same code arrived as
 * about 25 small files; docs/decisions/0010-crm-first-data-inline.md's budget is 15 files for the whole first load. Dialogs and the
 * other pages are dynamic imports, so they stay out of it.
 */
const CRM_FIRST_LOAD = /\/web\/src\/app\/crm\/(crm-root|pipeline)\.tsx$/;
const PUBLIC_ROOT = /\/web\/src\/(entry-client\.tsx$|app\/(marketing|previews|auth)\/)|\/web\/index\.html$/;
function crmFirstLoadChunk(id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }): string | null {
  const seen = new Set<string>();
  const stack = [id];
  let crm = false;
  while (stack.length) {
    const m = stack.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    if (PUBLIC_ROOT.test(m)) return null;
    if (CRM_FIRST_LOAD.test(m)) crm = true;
    stack.push(...(ctx.getModuleInfo(m)?.importers ?? []));
  }
  return crm ? "crm" : null;
}

/** `@/` is web/src and `@contract/` the shared contract, instead of ../../../../../ (tsconfig.web.json says the same to tsc). */
export const pathAliases = {
  "@": fileURLToPath(new URL("./web/src", import.meta.url)),
  "@contract": fileURLToPath(new URL("./contract", import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) => ({
  root: "web",
  resolve: { alias: pathAliases },
  plugins: [react(), tailwindcss()],
  // The footer's year in the prerendered HTML; the browser build must agree with it to hydrate cleanly.
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)),
  },
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
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: crmFirstLoadChunk, includeDependenciesRecursively: false }] } } },
      },
  server: {
    // `vite dev` serves the SPA with HMR; API calls go to a wrangler dev started alongside it.
    proxy: { "/api": { target: process.env.API_ORIGIN ?? "http://localhost:8787", ws: true } },
  },
}));
