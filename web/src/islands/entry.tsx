/**
 * The public pages' only script (built by vite.islands.config.ts against preact/compat): hydrates
 * each `[data-island]` of the prerendered page on its own root, then marks
 * `<html data-hydrated>` as the single-page app does, which is what the end-to-end tests wait for.
 */
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { LazyToaster } from "../lib/lazy-toast";
import { islands, type IslandName } from "./registry";

// See web/src/entry-client.tsx: zod must not probe `new Function`, which the CSP forbids.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

async function hydrate(el: HTMLElement) {
  const load = islands[el.dataset.island as IslandName];
  if (!load) throw new Error(`No island is called "${el.dataset.island}"`);
  const Component = (await load()) as ComponentType<Record<string, unknown>>;
  const props = el.dataset.props ? (JSON.parse(el.dataset.props) as Record<string, unknown>) : {};
  // Each island has its own toaster: the page around it is static HTML.
  hydrateRoot(el, createElement(LazyToaster, null, createElement(Component, props)));
}

const roots = [...document.querySelectorAll<HTMLElement>("[data-island]")];
void Promise.allSettled(roots.map(hydrate)).then((results) => {
  for (const r of results) if (r.status === "rejected") console.error(r.reason);
  document.documentElement.dataset.hydrated = "";
});
