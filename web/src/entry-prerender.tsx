/**
 * Prerender entry, built with `vite build --ssr` and driven by scripts/prerender.ts. Renders one
 * path to HTML with the static router. Public routes have no loaders and the page ships no
 * inline state (the CSP allows no inline script): the browser rebuilds the same tree from the URL.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import type { RouteObject } from "react-router-dom";
import { App, matchedPages, pageMetaOf, preloadPages, routes } from "./app/routes";
import { moduleOfRoute } from "./app/page-modules";
import { caseStudies } from "./content/case-studies";
import { clientPreviews } from "./content/client-previews";
import { services } from "./content/services";
import { legalPages } from "./content/legal";
import { site } from "./content/site";
import { documentTitle, type PageMeta } from "./lib/page-meta";
import { renderingUnlocked, type UnlockedClient } from "./app/previews/unlocked-state";

/** Every public path with its own file; the CRM shell and 404 page are written separately. */
export const publicPaths: string[] = [
  "/",
  ...services.map((s) => s.path),
  "/portfolio",
  ...caseStudies.map((c) => `/portfolio/${c.slug}`),
  "/client-previews",
  ...clientPreviews.map((c) => `/clients/${c.id}`),
  "/testimonials",
  "/contact",
  "/book",
  "/book/call",
  "/free-redesign",
  ...legalPages.map((p) => p.path),
  "/auth",
  "/auth/invite",
];

export { site };
export { islandModules } from "./islands/registry";

export interface RenderedPage {
  html: string;
  head: string;
  meta: PageMeta | undefined;
  /** Manifest keys of the matched lazy route modules, for <link rel="modulepreload">. */
  modules: string[];
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** JSON inside <script> must not be able to close the element. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");

function headFor(meta: PageMeta | undefined, path: string): string {
  const title = escapeHtml(documentTitle(meta));
  const tags = [`<title>${title}</title>`];
  if (!meta) return tags.join("\n    ");
  const description = escapeHtml(meta.description);
  const url = escapeHtml(`${site.origin}${path === "/" ? "/" : path}`);
  tags.push(`<meta name="description" content="${description}" />`);
  if (meta.noindex) tags.push(`<meta name="robots" content="noindex" />`);
  else tags.push(`<link rel="canonical" href="${url}" />`);
  tags.push(
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:type" content="${meta.ogType ?? "website"}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta name="twitter:card" content="summary" />`,
  );
  if (!meta.noindex) tags.push(`<meta property="og:url" content="${url}" />`);
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${safeJson(meta.jsonLd)}</script>`);
  return tags.join("\n    ");
}

/**
 * The CRM's pages: each route's path pattern (React Router's, with :params and *) and the manifest
 * key of its module, so the shell can preload the page's own chunks (worker/http/crm-shell.ts).
 */
export const crmPages: { path: string; module: string }[] = (() => {
  const find = (list: RouteObject[]): RouteObject | undefined =>
    list.map((r) => (r.id === "crm/crm-root" ? r : find(r.children ?? []))).find(Boolean);
  const root = find(routes);
  if (!root?.children) throw new Error("the route table has no crm/crm-root with pages");
  return root.children.map((r) => ({ path: r.index ? "/crm" : `/crm/${r.path}`, module: moduleOfRoute(r.id!)! }));
})();

/** The preview cards: each also gets its unlocked variants, which only the worker serves. */
export const previewPaths = clientPreviews.map((c) => `/clients/${c.id}`);

/**
 * A preview page as the worker serves it unlocked, with `client` standing in for the real one
 * (the worker swaps the real name and URL in: worker/modules/previews/preview-pages-routes.ts).
 */
export async function renderUnlocked(path: string, client: UnlockedClient): Promise<RenderedPage> {
  const page = await renderingUnlocked(client, () => render(path));
  return client.previewUrl ? { ...page, modules: [...page.modules, WORKSPACE_MODULE] } : page;
}
const WORKSPACE_MODULE = "src/app/previews/feedback/preview-workspace.tsx";

export async function render(path: string): Promise<RenderedPage> {
  await preloadPages(path);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const meta = pageMetaOf(path);
  const modules = matchedPages(path).map((m) => moduleOfRoute(m.route.id!)!);
  return { html, head: headFor(meta, path), meta, modules };
}
