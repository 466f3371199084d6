/**
 * The CRM shell's preloads for the page it is served for. The shell (dist/crm.html) preloads the
 * entry and the crm chunk, which hold the pipeline; every other CRM page's module is a chunk of its
 * own, which the browser used to ask for only once the entry had run: one more round trip, and
 * its compiling, after everything else (docs/decisions/0026-crm-first-render.md). The build writes each
 * page's route pattern and the chunks it needs beyond the shell's own into a data block of the
 * shell (scripts/prerender.ts); the worker, which knows which page it is serving, turns that
 * page's list into <link rel="modulepreload"> and drops the block.
 */
import { safeJson } from "../platform/safe-json";

export const CRM_PAGE_CHUNKS_ELEMENT_ID = "crm-page-chunks";

export interface CrmPageChunks {
  /** React Router's pattern: /crm, /crm/leads, /crm/clients/:id, /crm/* */
  path: string;
  /** Root-relative URLs of the chunks, in the order to preload them. */
  files: string[];
}

/** The block the build writes into the shell's <head>. */
export const crmPageChunksTag = (pages: CrmPageChunks[]) =>
  `<script type="application/json" id="${CRM_PAGE_CHUNKS_ELEMENT_ID}">${safeJson(pages)}</script>`;

const BLOCK = new RegExp(`<script type="application/json" id="${CRM_PAGE_CHUNKS_ELEMENT_ID}">([\\s\\S]*?)</script>`);
const segments = (path: string) => path.split("/").filter(Boolean);

/**
 * How well `pattern` matches `pathname`, ranked as React Router ranks routes (a literal segment
 * over a :param over a splat), or -1 when it does not match.
 */
export function routeScore(pattern: string, pathname: string): number {
  const want = segments(pattern);
  const have = segments(pathname).map((s) => s.toLowerCase());
  let score = 0;
  for (const [i, seg] of want.entries()) {
    // A splat may match nothing at all, but ranks below any route that matches the path itself.
    if (seg === "*") return Math.max(0, score - 2);
    if (i >= have.length) return -1;
    if (seg.startsWith(":")) score += 3;
    else if (seg.toLowerCase() === have[i]) score += 10;
    else return -1;
  }
  return have.length === want.length ? score : -1;
}

/** The page chunks of the route `pathname` matches, or none. */
export function pageChunksFor(pages: CrmPageChunks[], pathname: string): string[] {
  let best: CrmPageChunks | undefined;
  let bestScore = -1;
  for (const page of pages) {
    const score = routeScore(page.path, pathname);
    if (score > bestScore) [best, bestScore] = [page, score];
  }
  return best?.files ?? [];
}

/** The shell for `pathname`: its page's chunks preloaded where the block was, and the block gone. */
export function withPagePreloads(html: string, pathname: string): string {
  const block = BLOCK.exec(html);
  if (!block) return html;
  let pages: CrmPageChunks[] = [];
  try {
    pages = JSON.parse(block[1]) as CrmPageChunks[];
  } catch (error) {
    // The page then loads its chunk as before, once the entry asks for it.
    console.error(JSON.stringify({ level: "error", what: "crm page chunks unreadable", error: String(error) }));
  }
  const links = pageChunksFor(pages, pathname)
    .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`)
    .join("\n    ");
  return html.replace(BLOCK, () => links);
}
