/**
 * One Vite config for the browser build (dist/), the prerender build (dist-ssr/, `--ssr`) and the
 * dev server. The web app lives in web/; the worker is built by wrangler, not here.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import type { ModuleInfo } from "rolldown";

/**
 * The CRM's first load (/crm's pipeline) in one chunk: the modules the CRM root and the pipeline
 * reach by static imports alone, minus any a public page also reaches (those stay where they are,
 * so no public page loads CRM code). Left to the default splitting, the same code arrived as
 * about 25 small files; docs/decisions/0010-crm-first-data-inline.md's budget is 15 files for the whole first load. Dialogs and the
 * other pages are dynamic imports, so they stay out of it.
 *
 * And the small pieces two or more other CRM pages share on their first render (a select, the URL
 * filter box, the contract's plain values, the lazy confirmation) in one `crm-pages` chunk, rather
 * than a file each: every file is one more request on a page's first load, and the local server
 * answers a page's 10–20 requests one after another on a busy machine. Nothing that brings zod,
 * react-hook-form or Radix along goes there: those load with the forms and dialogs that need them.
 */
/** The chunk of the CRM's first load (crm-root and the pipeline), named for crmChunk and compileHints. */
const CRM_CHUNK = "crm";
const CRM_FIRST_LOAD = /\/web\/src\/app\/crm\/(crm-root|pipeline)\.tsx$/;
const CRM_PAGE = /\/web\/src\/app\/crm\/[\w-]+\.tsx$/;
const PUBLIC_ROOT = /\/web\/src\/(entry-client\.tsx$|app\/(marketing|previews|auth)\/)|\/web\/index\.html$/;
const APP_SOURCE = /\/(web\/src|contract)\//;
const CONTRACT = /\/contract\/[\w-]+\.ts$/;
const FORMS = /\/node_modules\/(zod|react-hook-form|@hookform|@radix-ui)\//;
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

/** Whether `id` brings the forms' libraries along by static imports. */
const bringsForms = (() => {
  const memo = new Map<string, boolean>();
  return function brings(id: string, ctx: ModuleGraph, path = new Set<string>()): boolean {
    const known = memo.get(id);
    if (known !== undefined) return known;
    if (FORMS.test(id)) return true;
    if (path.has(id)) return false;
    path.add(id);
    const result = (ctx.getModuleInfo(id)?.importedIds ?? []).some((dep) => brings(dep, ctx, path));
    path.delete(id);
    memo.set(id, result);
    return result;
  };
})();

function crmChunk(id: string, ctx: ModuleGraph): string | null {
  const seen = new Set<string>();
  const pages = new Set<string>();
  const stack = [id];
  let crm = false;
  while (stack.length) {
    const m = stack.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    if (PUBLIC_ROOT.test(m)) return null;
    if (CRM_FIRST_LOAD.test(m)) crm = true;
    else if (CRM_PAGE.test(m)) pages.add(m);
    stack.push(...(ctx.getModuleInfo(m)?.importers ?? []));
  }
  if (crm) return CRM_CHUNK;
  // The contract's plain values (lists of statuses, labels) are tiny: with the other pieces even
  // when only one page shows them, rather than a file of their own beside that page's dialogs.
  const shared = pages.size >= 2 || (pages.size === 1 && CONTRACT.test(id));
  if (shared && APP_SOURCE.test(id) && !CRM_PAGE.test(id) && !bringsForms(id, ctx)) return "crm-pages";
  return null;
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): a file that starts with
 * this comment has every function compiled eagerly, on a background thread while it streams in,
 * rather than each on the main thread the first time it is called. Given to the files every CRM
 * load runs at once (the entry, the crm chunk and what they import statically): their start-up
 * and the board's first render call most of their code. On the phone row (4× CPU) the first
 * draggable card came 888 → 711–752 ms median. Not given to the page and dialog chunks, most of whose
 * code a visit never calls; public pages load none of these files (docs/decisions/0012).
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    // On the files as written: Vite rewrites the chunks with dynamic imports (their preload lists)
    // after the plugins' generateBundle, from the code as it was.
    writeBundle(options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [[c.fileName, c] as const] : [])));
      const firstLoad = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || firstLoad.has(fileName)) return;
        firstLoad.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry || chunk.name === CRM_CHUNK) visit(chunk.fileName);
      for (const fileName of firstLoad) {
        const file = join(options.dir!, fileName);
        writeFileSync(file, COMPILE_HINT + readFileSync(file, "utf8"));
      }
    },
  };
}

/** `@/` is web/src and `@contract/` the shared contract, instead of ../../../../../ (tsconfig.web.json says the same to tsc). */
export const pathAliases = {
  "@": fileURLToPath(new URL("./web/src", import.meta.url)),
  "@contract": fileURLToPath(new URL("./contract", import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) => ({
  root: "web",
  resolve: { alias: pathAliases },
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [compileHints()])],
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
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: crmChunk, debugName: CRM_CHUNK, includeDependenciesRecursively: false }] } },
        },
      },
  server: {
    // `vite dev` serves the SPA with HMR; API calls go to a wrangler dev started alongside it.
    proxy: { "/api": { target: process.env.API_ORIGIN ?? "http://localhost:8787", ws: true } },
  },
}));
