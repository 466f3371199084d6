/**
 * Every route of the product (SPEC §2) in one data-mode table, shared by the browser entry and
 * the prerender. Pages are lazy route modules exporting `Component` and `handle`; a route's id is
 * its module path, which lets the prerender preload exactly the chunks a page needs.
 */
import type { RouteObject } from "react-router-dom";
import { RootLayout } from "./root-layout";
import { PublicLayout } from "./public-layout";
import { RouteError } from "./route-error";

type RouteModule = Pick<RouteObject, "Component" | "handle">;

const modules = import.meta.glob<RouteModule>(["./marketing/*.tsx", "./previews/*.tsx", "./auth/*.tsx", "./crm/*.tsx"]);

type Placement = { index: true; path?: never; children?: never } | { index?: never; path: string; children?: RouteObject[] };

/** A lazily loaded page whose route id is its module path under web/src/app. */
function page(module: string, placement: Placement): RouteObject {
  const lazy = modules[`./${module}.tsx`];
  if (!lazy) throw new Error(`Route module web/src/app/${module}.tsx does not exist`);
  return { id: module, lazy, ...placement } as RouteObject;
}

/** Route id → manifest key, used by the prerender. */
export const moduleOfRoute = (id: string) => (modules[`./${id}.tsx`] ? `src/app/${id}.tsx` : undefined);

export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    ErrorBoundary: RouteError,
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
          page("crm/leads", { path: "leads" }),
          page("crm/clients", { path: "clients" }),
          page("crm/client-detail", { path: "clients/:id" }),
          page("crm/projects", { path: "projects" }),
          page("crm/proposals", { path: "proposals" }),
          page("crm/invoices", { path: "invoices" }),
          page("crm/invoice-print", { path: "invoices/:id/print" }),
          page("crm/tasks", { path: "tasks" }),
          page("crm/activity", { path: "activity" }),
          page("crm/settings", { path: "settings" }),
          page("crm/not-found", { path: "*" }),
        ],
      }),
    ],
  },
];
