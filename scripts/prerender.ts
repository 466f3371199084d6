/**
 * Third step of `npm run build`: turns the client build (dist/) and the prerender build
 * (dist-ssr/) into the files Workers Static Assets serve.
 *
 * Files are flat (dist/portfolio.html, dist/portfolio/dreamwell.html): a dist/x/index.html would
 * make the assets layer answer /x with a redirect to /x/. Also written: 404.html (the worker
 * answers unknown paths with it and status 404), crm.html (the CRM shell, deliberately empty:
 * the CRM renders in the browser), _headers, robots.txt and sitemap.xml.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { headersFile } from "../worker/lib/security-headers";
import { PAGE_BOOT_SCRIPT, PAGE_BOOT_SCRIPT_HASH, type PageBoot } from "../worker/lib/page-boot";
import { criticalCssFor } from "./lib/critical-css";

interface PageMeta {
  title: string;
  noindex?: boolean;
  notFound?: boolean;
}
interface RenderedPage {
  html: string;
  head: string;
  meta: PageMeta | undefined;
  modules: string[];
}
/** The shape of web/src/entry-prerender.tsx (its types cannot be imported: it is browser code). */
interface PrerenderModule {
  render(path: string): Promise<RenderedPage>;
  /** JSON that cannot close the script element it is written into. */
  safeJson(value: unknown): string;
  publicPaths: string[];
  site: { name: string; origin: string };
}
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");
const manifestPath = join(dist, ".vite", "manifest.json");

const template = await readFile(join(dist, "index.html"), "utf8");
const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, ManifestChunk>;
const entry = (await import(pathToFileURL(join(root, "dist-ssr", "entry-prerender.js")).href)) as PrerenderModule;

for (const marker of ["<!--app-head-->", "<!--app-html-->"]) {
  if (!template.includes(marker)) throw new Error(`web/index.html lost its ${marker} placeholder`);
}

/** Every chunk a module needs, minus what the entry script already loads. */
function chunkClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) chunkClosure(dep, seen);
  return seen;
}
const entryChunks = chunkClosure("index.html");

/** Chunk files a page's modules need beyond the entry's own. */
function pageChunks(modules: string[]): string[] {
  const files = new Set<string>();
  for (const m of modules) {
    for (const k of chunkClosure(m)) {
      if (entryChunks.has(k)) continue;
      if (manifest[k].css?.length) throw new Error(`${k} has its own stylesheet; prerendered pages expect one (the entry's)`);
      files.add(`/${manifest[k].file}`);
    }
  }
  return [...files];
}

/** For the CRM shell: page chunks preloaded in the ordinary way. */
function preloadTags(modules: string[]): string {
  return pageChunks(modules)
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`)
    .join("\n    ");
}

const fill = (head: string, html: string) => template.replace("<!--app-head-->", head).replace("<!--app-html-->", () => html);

/**
 * Prerendered pages paint from their one response: the rules their HTML uses are inline (no
 * render-blocking request), and every script and the full stylesheet start downloading only
 * after that first paint, through PAGE_BOOT_SCRIPT (see worker/lib/page-boot.ts for why). So
 * the template's stylesheet link, entry script and modulepreloads are taken out here and handed
 * to the boot script instead. The CRM shell keeps them as Vite wrote them.
 */
const stylesheetTags = [...template.matchAll(/<link rel="stylesheet"[^>]*href="(\/[^"]+\.css)"[^>]*>/g)];
const entryScriptTags = [...template.matchAll(/<script type="module"[^>]*src="(\/[^"]+)"[^>]*><\/script>/g)];
const modulePreloadTags = [...template.matchAll(/<link rel="modulepreload"[^>]*href="(\/[^"]+)"[^>]*>/g)];
if (stylesheetTags.length !== 1) throw new Error(`dist/index.html links ${stylesheetTags.length} stylesheets; expected the entry's one`);
if (entryScriptTags.length !== 1) throw new Error(`dist/index.html has ${entryScriptTags.length} entry scripts; expected one`);
const hash = `'sha256-${createHash("sha256").update(PAGE_BOOT_SCRIPT).digest("base64")}'`;
if (hash !== PAGE_BOOT_SCRIPT_HASH) {
  throw new Error(`PAGE_BOOT_SCRIPT changed: set PAGE_BOOT_SCRIPT_HASH in worker/lib/page-boot.ts to ${hash}`);
}
const stylesheet = await readFile(join(dist, stylesheetTags[0][1]), "utf8");
if (stylesheet.includes("</style")) throw new Error(`${stylesheetTags[0][1]} cannot be inlined: it contains </style`);
const withCriticalCss = criticalCssFor(stylesheet);
let pageTemplate = template.replace(stylesheetTags[0][0], () => `<style>${stylesheet}</style>`);
for (const [tag] of [...entryScriptTags, ...modulePreloadTags]) pageTemplate = pageTemplate.replace(tag, "");

async function prerenderedPage(page: RenderedPage): Promise<string> {
  const boot: PageBoot = {
    css: stylesheetTags[0][1],
    modules: [...modulePreloadTags.map(([, href]) => href), ...pageChunks(page.modules)],
    entry: entryScriptTags[0][1],
  };
  // At the end of the body, so the frame it waits for has the whole page to paint.
  const bootTags = `<script type="application/json" id="page-boot">${entry.safeJson(boot)}</script><script>${PAGE_BOOT_SCRIPT}</script>`;
  const html = pageTemplate
    .replace("<!--app-head-->", () => page.head)
    .replace("<!--app-html-->", () => page.html)
    .replace("</body>", () => `${bootTags}\n  </body>`);
  return withCriticalCss(html);
}

/** "/" → index.html, "/a/b" → a/b.html. */
const fileFor = (path: string) => (path === "/" ? "index.html" : `${path.slice(1)}.html`);

async function write(file: string, body: string) {
  const target = join(dist, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, body);
}

const indexable: string[] = [];
for (const path of entry.publicPaths) {
  const page = await entry.render(path);
  if (page.meta?.notFound) throw new Error(`${path} renders the not-found page: its content entry is missing`);
  if (!page.html.includes("<h1")) throw new Error(`${path} rendered no <h1>`);
  await write(fileFor(path), await prerenderedPage(page));
  if (!page.meta?.noindex) indexable.push(path);
}

const notFound = await entry.render("/404");
if (!notFound.meta?.notFound) throw new Error("/404 did not render the not-found page");
await write("404.html", await prerenderedPage(notFound));

// The CRM shell: no content (the CRM is private and client-rendered; the worker adds the signed-in
// user's first data), but its first-load chunk preloaded: vite.config.ts puts the CRM root and the
// pipeline into the one chunk named "crm".
const crmChunk = Object.keys(manifest).find((k) => manifest[k].name === "crm");
if (!crmChunk) throw new Error("the client build has no chunk named crm (see vite.config.ts)");
const crmHead = [`<title>CRM | ${entry.site.name}</title>`, `<meta name="robots" content="noindex" />`, preloadTags([crmChunk])];
await write("crm.html", fill(crmHead.join("\n    "), ""));

await write(
  "_headers",
  [
    headersFile(),
    // Hashed file names never change content, so browsers may keep them for a year.
    "/assets/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "",
  ].join("\n"),
);

await write(
  "robots.txt",
  ["User-agent: *", "Disallow: /crm", "Disallow: /api/", "", `Sitemap: ${entry.site.origin}/sitemap.xml`, ""].join("\n"),
);

await write(
  "sitemap.xml",
  [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...indexable.map((p) => `  <url><loc>${entry.site.origin}${p}</loc></url>`),
    `</urlset>`,
    "",
  ].join("\n"),
);

// The manifest was only for this script; it must not be served.
await rm(join(dist, ".vite"), { recursive: true, force: true });

console.log(`prerendered ${entry.publicPaths.length} pages, 404.html and crm.html (${indexable.length} in the sitemap)`);
