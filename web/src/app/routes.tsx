/**
 * Every route of the product (docs/spec.md §2) in one table, shared by the browser entry and the
 * prerender. Declarative routing (`useRoutes`), not a data router: public pages have no loaders,
 * and the data router's machinery costs about 17 KB of gzip on every page (the home page's
 * budget is 100 KB in all). Pages are lazy modules exporting `Component` and `handle`; a route's
 * id is its module path, which lets the prerender preload exactly the chunks a page needs.
 */
import { Suspense, use } from "react";
import { matchRoutes, useLocation, useRoutes, type RouteObject } from "react-router-dom";
import { RootLayout } from "./root-layout";
import { PublicLayout } from "./public-layout";
import { RouteErrorBoundary } from "./route-error";
import { metaOf, PageMetaContext } from "@/lib/page-meta";
import { loadedPage, loadPage, moduleOfRoute } from "./page-modules";

function Page({ id }: { id: string }) {
  // Preloaded pages render synchronously, so hydration sees the server's tree at once.
  const { Component } = loadedPage(id) ?? use(loadPage(id));
  return <Component />;
}

type Placement = { index: true; path?: never; children?: never } | { index?: never; path: string; children?: RouteObject[] };

/** A lazily loaded page whose route id is its module path under web/src/app. */
function page(module: string, placement: Placement): RouteObject {
  if (!moduleOfRoute(module)) throw new Error(`Route module web/src/app/${module}.tsx does not exist`);
  return { id: module, element: <Page id={module} />, ...placement } as RouteObject;
}

export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    children: [
      {
        id: "public",
        Component: PublicLayout,
        children: [
          page("marketing/home", { index: true }),
          page("marketing/web-design", { path: "web-design" }),
          page("marketing/branding", { path: "branding" }),
          page("marketing/apparel", { path: "apparel" }),
          page("marketing/seo", { path: "seo" }),
          page("marketing/ecommerce", { path: "ecommerce" }),
          page("marketing/portfolio", { path: "portfolio" }),
          page("marketing/case-study", { path: "portfolio/:slug" }),
          page("marketing/client-previews", { path: "client-previews" }),
          page("previews/client-preview", { path: "clients/:clientId" }),
          page("marketing/testimonials", { path: "testimonials" }),
          page("marketing/contact", { path: "contact" }),
          page("marketing/book", { path: "book" }),
          page("marketing/book-call", { path: "book/call" }),
          page("marketing/free-redesign", { path: "free-redesign" }),
          page("marketing/terms", { path: "terms" }),
          page("marketing/privacy", { path: "privacy" }),
          page("marketing/cookies", { path: "cookies" }),
          page("marketing/not-found", { path: "*" }),
        ],
      },
      page("auth/sign-in", { path: "auth" }),
      page("auth/accept-invite", { path: "auth/invite" }),
      page("crm/crm-root", {
        path: "crm",
        children: [
          page("crm/pipeline", { index: true }),
          page("crm/dashboard", { path: "dashboard" }),
          page("crm/leads", { path: "leads" }),
          page("crm/clients", { path: "clients" }),
          page("crm/client-detail", { path: "clients/:id" }),
          page("crm/projects", { path: "projects" }),
          page("crm/proposals", { path: "proposals" }),
          page("crm/invoices", { path: "invoices" }),
          page("crm/invoice-print", { path: "invoices/:id/print" }),
          page("crm/credit-note-print", { path: "credit-notes/:id/print" }),
          page("crm/tasks", { path: "tasks" }),
          page("crm/calls", { path: "calls" }),
          page("crm/activity", { path: "activity" }),
          page("crm/mail", { path: "mail" }),
          page("crm/settings", { path: "settings" }),
          page("crm/not-found", { path: "*" }),
        ],
      }),
    ],
  },
];

let lastMatch: { pathname: string; pages: ReturnType<typeof matchPages> } | undefined;
const matchPages = (path: string | Partial<Location>) => (matchRoutes(routes, path) ?? []).filter((m) => moduleOfRoute(m.route.id!));

/**
 * The matched routes of a path, each with the module ids to load before rendering it. The last
 * answer is kept: React Router ranks the whole route table again on every call, and the entry, the
 * root's head data and every render of the app ask for the same path in turn.
 */
export function matchedPages(path: string | Partial<Location>) {
  const pathname = typeof path === "string" ? new URL(path, "http://x").pathname : (path.pathname ?? "/");
  if (lastMatch?.pathname !== pathname) lastMatch = { pathname, pages: matchPages(path) };
  return lastMatch.pages;
}

/** Resolves once every page module a path needs is loaded, so its first render does not suspend. */
export const preloadPages = (path: string | Partial<Location>) => Promise.all(matchedPages(path).map((m) => loadPage(m.route.id!)));

/** The head data of the deepest matched page (its module must be loaded). */
export const pageMetaOf = (path: string | Partial<Location>) =>
  metaOf(matchedPages(path).map((m) => ({ handle: loadedPage(m.route.id!)?.handle, params: m.params })));

/** The whole app under a router (BrowserRouter in the browser, StaticRouter in the prerender). */
export function App() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const meta = pageMetaOf(location);
  return (
    <PageMetaContext value={meta}>
      <RouteErrorBoundary resetKey={location.pathname}>
        <Suspense>{element}</Suspense>
      </RouteErrorBoundary>
    </PageMetaContext>
  );
}
