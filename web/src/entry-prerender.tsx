/**
 * Prerender entry, built with `vite build --ssr` and driven by scripts/prerender.ts. Renders one
 * path to HTML with the static router. `hydrate={false}` because the CSP allows no inline script:
 * public routes have no loaders, so the browser rebuilds the same state from the URL alone.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { moduleOfRoute, routes } from "./app/routes";
import { caseStudies } from "./content/case-studies";
import { clientPreviews } from "./content/client-previews";
import { services } from "./content/services";
import { legalPages } from "./content/legal";
import { site } from "./content/site";
import { documentTitle, metaOf, type PageMeta } from "./lib/page-meta";

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
  "/free-redesign",
  ...legalPages.map((p) => p.path),
  "/auth",
  "/auth/invite",
];

export { site };

export interface RenderedPage {
  html: string;
  head: string;
  meta: PageMeta | undefined;
  /** Manifest keys of the matched lazy route modules, for <link rel="modulepreload">. */
  modules: string[];
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** JSON inside <script> must not be able to close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");

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

const handler = createStaticHandler(routes);

export async function render(path: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(path, site.origin)));
  if (context instanceof Response) throw new Error(`${path} answered a redirect; public pages must render`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const meta = metaOf(context.matches.map((m) => ({ handle: m.route.handle, params: m.params })));
  const modules = context.matches.map((m) => moduleOfRoute(m.route.id)).filter((m): m is string => !!m);
  return { html, head: headFor(meta, path), meta, modules };
}
