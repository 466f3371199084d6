/**
 * Browser entry. Public pages arrive prerendered and are hydrated; the CRM shell arrives empty
 * and is rendered. Either way the matched routes' lazy modules are loaded first, so the first
 * client render is the same tree the server rendered (no fallback, no second header).
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from "react-router-dom";
import { routes } from "./app/routes";
import "./styles.css";

async function resolveLazyMatches(table: RouteObject[]) {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

async function start() {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from the page");
  // If a chunk fails here the router retries it and, failing again, shows the error page.
  await resolveLazyMatches(routes).catch((error: unknown) => console.error(error));
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
