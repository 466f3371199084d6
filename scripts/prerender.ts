/**
 * Third step of `npm run build`: turns the client build (dist/) and the prerender build
 * (dist-ssr/) into the files Workers Static Assets serve.
 *
 * Files are flat (dist/portfolio.html, dist/portfolio/dreamwell.html): a dist/x/index.html would
 * make the assets layer answer /x with a redirect to /x/. Also written: 404.html (the worker
 * answers unknown paths with it and status 404), crm.html (the CRM shell, deliberately empty:
 * the CRM renders in the browser), _headers, robots.txt and sitemap.xml.
 */
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { headersFile } from "../worker/http/security-headers";
import { PAGE_BOOT_SCRIPT, PAGE_BOOT_SCRIPT_HASH, type PageBoot } from "../worker/http/page-boot";
import { SPECULATION_RULES, SPECULATION_RULES_HASH } from "../worker/http/speculation-rules";
import { criticalCssFor } from "./lib/critical-css";
import { UNLOCKED_NAME_TOKEN, UNLOCKED_URL_TOKEN, unlockedVariantPath } from "../worker/modules/previews/unlocked-page";
import { FORM_STATE_SAMPLE } from "../worker/http/form-state-markup";
import { crmPageChunksTag } from "../worker/http/crm-shell";

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
  renderUnlocked(path: string, client: { name: string; previewUrl: string | null }): Promise<RenderedPage>;
  previewPaths: string[];
  /** JSON that cannot close the script element it is written into. */
  safeJson(value: unknown): string;
  publicPaths: string[];
  /** Each island's source module, by the name pages write into `data-island`. */
  islandModules: Record<string, string>;
  /** The CRM's pages: route pattern and manifest key of the module. */
  crmPages: { path: string; module: string }[];
  site: { name: string; origin: string };
}
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");
const manifestPath = join(dist, ".vite", "manifest.json");

/**
 * An SVG file as a data: URL for a double-quoted attribute, with only the characters a URL or
 * the attribute cannot carry escaped. Its double quotes become single ones (shorter than %22),
 * which is safe only while the file has no single quotes of its own; `&` is escaped so the
 * HTML parser cannot read an entity into the URL.
 */
async function svgDataUrl(file: string): Promise<string> {
  const svg = (await readFile(join(dist, file), "utf8")).trim();
  if (svg.includes("'")) throw new Error(`${file} has a single quote: it cannot be written into a page as it is`);
  return `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[%#<>&]/g, encodeURIComponent)}`;
}

/**
 * The SVG favicon written into each page as a data: URL. Fetched, it is one more request on a
 * first visit, and it often completes before the page's first paint (it starts at the load
 * event, which a page with no subresources reaches before painting); Lighthouse's simulation
 * then counts it towards the Largest Contentful Paint. Browsers without SVG icons keep
 * /favicon.ico, and /favicon.svg stays for the JSON-LD logo.
 */
async function inlineFavicon(html: string): Promise<string> {
  const link = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
  if (!html.includes(link)) throw new Error("web/index.html lost its SVG favicon link");
  const url = await svgDataUrl("favicon.svg");
  return html.replace(link, () => `<link rel="icon" href="${url}" type="image/svg+xml" />`);
}

/** Above this an eager SVG stays a request of its own (cached across pages) rather than page bytes. */
const INLINE_SVG_LIMIT = 4_096;

/**
 * A page's eager image is its largest paint (web/src/components/marketing/project-card.tsx).
 * When it is a small SVG it is written into the page as a data: URL, so that paint needs no
 * request after the document: on a new HTTP/1.1 connection, or beside the lazy images the
 * browser starts at the same time, that request was most of /portfolio's LCP.
 */
async function inlineEagerSvgs(html: string): Promise<string> {
  let out = html;
  for (const [tag, file] of html.matchAll(/<img src="\/([^"]+\.svg)"[^>]*loading="eager"[^>]*>/g)) {
    if ((await stat(join(dist, file))).size > INLINE_SVG_LIMIT) continue;
    const url = await svgDataUrl(file);
    out = out.replace(tag, () => tag.replace(`src="/${file}"`, () => `src="${url}"`));
    // React preloads an image it renders with fetchPriority="high"; written in, it needs none.
    out = out.replace(new RegExp(`<link rel="preload" as="image" href="/${file.replace(/[.]/g, "\\.")}"[^>]*>`), "");
  }
  return out;
}

const template = await inlineFavicon(await readFile(join(dist, "index.html"), "utf8"));
const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, ManifestChunk>;
const entry = (await import(pathToFileURL(join(root, "dist-ssr", "entry-prerender.js")).href)) as PrerenderModule;
const islandsManifestPath = join(dist, "islands-manifest.json");
const islandsManifest = JSON.parse(await readFile(islandsManifestPath, "utf8")) as Record<string, ManifestChunk>;

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

/**
 * Prerendered pages paint from their one response: the rules they use are inline (no
 * render-blocking request), and every script (and, for /auth, the full stylesheet) starts
 * downloading only after that first paint, through PAGE_BOOT_SCRIPT (see worker/http/page-boot.ts
 * for why). So the template's stylesheet link, entry script and modulepreloads are taken out
 * here and handed to the boot script instead. The CRM shell keeps them as Vite wrote them.
 */
const stylesheetTags = [...template.matchAll(/<link rel="stylesheet"[^>]*href="(\/[^"]+\.css)"[^>]*>/g)];
const entryScriptTags = [...template.matchAll(/<script type="module"[^>]*src="(\/[^"]+)"[^>]*><\/script>/g)];
const modulePreloadTags = [...template.matchAll(/<link rel="modulepreload"[^>]*href="(\/[^"]+)"[^>]*>/g)];
if (stylesheetTags.length !== 1) throw new Error(`dist/index.html links ${stylesheetTags.length} stylesheets; expected the entry's one`);
if (entryScriptTags.length !== 1) throw new Error(`dist/index.html has ${entryScriptTags.length} entry scripts; expected one`);
const hash = `'sha256-${createHash("sha256").update(PAGE_BOOT_SCRIPT).digest("base64")}'`;
if (hash !== PAGE_BOOT_SCRIPT_HASH) {
  throw new Error(`PAGE_BOOT_SCRIPT changed: set PAGE_BOOT_SCRIPT_HASH in worker/http/page-boot.ts to ${hash}`);
}
const rulesHash = `'sha256-${createHash("sha256").update(SPECULATION_RULES).digest("base64")}'`;
if (rulesHash !== SPECULATION_RULES_HASH) {
  throw new Error(`SPECULATION_RULES changed: set SPECULATION_RULES_HASH in worker/http/speculation-rules.ts to ${rulesHash}`);
}
const stylesheet = await readFile(join(dist, stylesheetTags[0][1]), "utf8");
if (stylesheet.includes("</style")) throw new Error(`${stylesheetTags[0][1]} cannot be inlined: it contains </style`);
const withCriticalCss = criticalCssFor(stylesheet);
let pageTemplate = template.replace(stylesheetTags[0][0], () => `<style>${stylesheet}</style>`);
for (const [tag] of [...entryScriptTags, ...modulePreloadTags]) pageTemplate = pageTemplate.replace(tag, "");

/**
 * Public pages hydrate only their islands (docs/decisions/0012-public-islands.md): the islands
 * entry and the chunks of the islands the page holds, or no script at all. Staff pages (/auth)
 * are part of the single-page app and hydrate whole, with the app's entry.
 */
const ISLANDS_ENTRY = "src/islands/entry.tsx";
if (!islandsManifest[ISLANDS_ENTRY]?.isEntry) throw new Error(`${ISLANDS_ENTRY} is missing from the islands build`);
function islandFiles(keys: string[], { lazy = false } = {}): string[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const chunk = islandsManifest[key];
    if (!chunk) throw new Error(`${key} is not in the islands build`);
    if (chunk.css?.length) throw new Error(`${key} has its own stylesheet; islands use the page's`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) walk(dep);
    if (lazy) for (const dep of chunk.dynamicImports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return [...seen].map((k) => `/${islandsManifest[k].file}`);
}

/**
 * What a page needs besides its HTML: its boot (worker/http/page-boot.ts) and, for a page with
 * islands, the text of every script they can load (their lazy chunks too: a form's messages, the
 * toaster), whose classes its inline CSS must then cover.
 */
function bootFor(path: string, page: RenderedPage): { boot: PageBoot; scripts: string[] } {
  if (path.startsWith("/auth")) {
    const modules = [...modulePreloadTags.map(([, href]) => href), ...pageChunks(page.modules)];
    return { boot: { css: stylesheetTags[0][1], modules, entry: entryScriptTags[0][1] }, scripts: [] };
  }
  const names = [...new Set([...page.html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]))];
  if (!names.length) return { boot: { css: null, modules: [], entry: null, year: true }, scripts: [] };
  const modules = names.map((n) => {
    const source = entry.islandModules[n];
    if (!source) throw new Error(`${path} has an island "${n}" that web/src/islands/registry.ts does not list`);
    return source;
  });
  // A page prerendered with the preview open preloads the preview's own chunk too.
  const extra = page.modules.filter((m) => islandsManifest[m] && m.includes("/previews/feedback/"));
  const [entryFile, ...rest] = islandFiles([ISLANDS_ENTRY, ...modules, ...extra]);
  // The entry's own lazy imports are every island (the registry); only this page's are read.
  const scripts = [...new Set([...islandFiles([ISLANDS_ENTRY]), ...islandFiles([...modules, ...extra], { lazy: true })])];
  return { boot: { css: null, modules: rest, entry: entryFile, year: true }, scripts };
}

async function prerenderedPage(page: RenderedPage, path: string): Promise<string> {
  const { boot, scripts } = bootFor(path, page);
  // At the end of the body, so the frame it waits for has the whole page to paint.
  // Public pages load each other as documents: prerendered on hover (worker/http/speculation-rules.ts).
  const rules = path.startsWith("/auth") ? "" : `<script type="speculationrules">${SPECULATION_RULES}</script>`;
  const bootTags = `${rules}<script type="application/json" id="page-boot">${entry.safeJson(boot)}</script><script>${PAGE_BOOT_SCRIPT}</script>`;
  const html = pageTemplate
    .replace("<!--app-head-->", () => page.head)
    .replace("<!--app-html-->", () => page.html)
    .replace("</body>", () => `${bootTags}\n  </body>`);
  // A form page can be served back with the server's messages and no stylesheet but its own.
  return withCriticalCss(await inlineEagerSvgs(html), {
    markup: html.includes(`method="post"`) ? FORM_STATE_SAMPLE : "",
    scripts: (await Promise.all(scripts.map((file) => readFile(join(dist, file), "utf8")))).join("\n"),
  });
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
  await write(fileFor(path), await prerenderedPage(page, path));
  if (!page.meta?.noindex) indexable.push(path);
}

// Each preview card unlocked, with stand-ins for the client's name and URL: the worker serves
// these, filled in, to a visitor whose unlock cookie holds (worker/modules/previews/preview-pages-routes.ts).
for (const path of entry.previewPaths) {
  const id = path.slice("/clients/".length);
  for (const withUrl of [true, false]) {
    const client = { name: UNLOCKED_NAME_TOKEN, previewUrl: withUrl ? UNLOCKED_URL_TOKEN : null };
    const page = await entry.renderUnlocked(path, client);
    if (withUrl && !page.html.includes(UNLOCKED_URL_TOKEN)) throw new Error(`${path} unlocked did not render the preview frame`);
    await write(fileFor(unlockedVariantPath(id, withUrl)), await prerenderedPage(page, path));
  }
}

const notFound = await entry.render("/404");
if (!notFound.meta?.notFound) throw new Error("/404 did not render the not-found page");
await write("404.html", await prerenderedPage(notFound, "/404"));

// The CRM shell: no content (the CRM is private and client-rendered; the worker adds the signed-in
// user's first data), but its first-load chunk preloaded: vite.config.ts puts the CRM root and the
// pipeline into the one chunk named "crm".
const crmChunk = Object.keys(manifest).find((k) => manifest[k].name === "crm");
if (!crmChunk) throw new Error("the client build has no chunk named crm (see vite.config.ts)");
// And each CRM page's own chunks beyond those, which the worker preloads for the page it serves
// (worker/http/crm-shell.ts): otherwise the browser asks for them only once the entry has run.
const shellChunks = new Set(pageChunks([crmChunk]));
const crmPageChunks = entry.crmPages.map((p) => ({ path: p.path, files: pageChunks([p.module]).filter((f) => !shellChunks.has(f)) }));
// All in the order the page needs them, for a browser asks in document order and, over HTTP/1.1
// (the local server), six at a time: the stylesheet (it holds the first paint), the entry and its
// own chunks, the crm chunk, then the page's own. Left where Vite writes them, the entry and the
// stylesheet came after the preloads, and a page with many chunks kept its 272 KB entry waiting
// for a connection.
let crmTemplate = template;
for (const [tag] of [...stylesheetTags, ...entryScriptTags, ...modulePreloadTags]) crmTemplate = crmTemplate.replace(tag, "");
const crmHead = [
  `<title>CRM | ${entry.site.name}</title>`,
  `<meta name="robots" content="noindex" />`,
  stylesheetTags[0][0],
  entryScriptTags[0][0],
  ...modulePreloadTags.map(([tag]) => tag),
  preloadTags([crmChunk]),
  crmPageChunksTag(crmPageChunks),
];
await write("crm.html", crmTemplate.replace("<!--app-head-->", () => crmHead.join("\n    ")).replace("<!--app-html-->", ""));

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
await rm(islandsManifestPath, { force: true });

console.log(`prerendered ${entry.publicPaths.length} pages, 404.html and crm.html (${indexable.length} in the sitemap)`);
