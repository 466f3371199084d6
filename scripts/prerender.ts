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
import { headersFile } from "../worker/lib/security-headers";

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
  publicPaths: string[];
  site: { name: string; origin: string };
}
interface ManifestChunk {
  file: string;
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

function preloadTags(modules: string[]): string {
  const keys = new Set<string>();
  for (const m of modules) for (const k of chunkClosure(m)) if (!entryChunks.has(k)) keys.add(k);
  const tags: string[] = [];
  for (const k of keys) {
    for (const css of manifest[k].css ?? []) tags.push(`<link rel="stylesheet" crossorigin href="/${css}" />`);
    tags.push(`<link rel="modulepreload" crossorigin href="/${manifest[k].file}" />`);
  }
  return tags.join("\n    ");
}

const fill = (head: string, html: string) => template.replace("<!--app-head-->", head).replace("<!--app-html-->", () => html);

/**
 * Prerendered pages carry the stylesheet inline: a visitor's first page then paints from one
 * response, with no render-blocking request (about half a second on a mobile connection, for
 * 11 KB of gzip). The CRM shell keeps the cacheable file. The CSP allows inline styles.
 */
const stylesheetLinks = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
if (stylesheetLinks.length === 0) throw new Error("dist/index.html links no stylesheet to inline");
let inlineTemplate = template;
for (const [tag, file] of stylesheetLinks) {
  const css = await readFile(join(dist, file), "utf8");
  if (css.includes("</style")) throw new Error(`${file} cannot be inlined: it contains </style`);
  inlineTemplate = inlineTemplate.replace(tag, () => `<style>${css}</style>`);
}
/**
 * On prerendered pages the content is already there: the scripts only hydrate it, so they are
 * fetched at low priority and never compete with the page's text and images for a first paint
 * (Lighthouse then also stops counting them as render-blocking). The CRM shell keeps them high.
 */
const lowPriority = (html: string) =>
  html
    .replace(/<script type="module" crossorigin /g, '<script type="module" crossorigin fetchpriority="low" ')
    .replace(/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" crossorigin fetchpriority="low" ');
inlineTemplate = lowPriority(inlineTemplate);
const fillInline = (head: string, html: string) =>
  inlineTemplate.replace("<!--app-head-->", () => lowPriority(head)).replace("<!--app-html-->", () => html);

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
  await write(fileFor(path), fillInline([page.head, preloadTags(page.modules)].filter(Boolean).join("\n    "), page.html));
  if (!page.meta?.noindex) indexable.push(path);
}

const notFound = await entry.render("/404");
if (!notFound.meta?.notFound) throw new Error("/404 did not render the not-found page");
await write("404.html", fillInline([notFound.head, preloadTags(notFound.modules)].join("\n    "), notFound.html));

// The CRM shell: no content (the CRM is private and client-rendered), but its root chunk preloaded.
const crmHead = [
  `<title>CRM | ${entry.site.name}</title>`,
  `<meta name="robots" content="noindex" />`,
  preloadTags(["src/app/crm/crm-root.tsx"]),
];
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
