/**
 * The public pages' only script (built by vite.islands.config.ts against preact/compat): hydrates
 * each `[data-island]` of the prerendered page on its own root, then marks
 * `<html data-hydrated>` as the single-page app does, which is what the end-to-end tests wait for.
 * An island's own box is marked `data-hydrated` once it has hydrated (a form's, on its first use).
 */
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { LazyToaster } from "@/lib/lazy-toast";
import { keepFieldState } from "./field-state";
import { islands, type IslandName } from "./registry";

// See web/src/entry-client.tsx: zod must not probe `new Function`, which the CSP forbids.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

async function hydrate(el: HTMLElement, island: (typeof islands)[IslandName]) {
  const Component = (await island.load()) as ComponentType<Record<string, unknown>>;
  const props = el.dataset.props ? (JSON.parse(el.dataset.props) as Record<string, unknown>) : {};
  // What was typed, filled in or ticked before now (while the page had no script, or while this
  // island's downloaded) is the visitor's: hydration must neither wipe it nor hide it from the island.
  const restore = keepFieldState(el);
  // Each island has its own toaster: the page around it is static HTML.
  hydrateRoot(el, createElement(LazyToaster, null, createElement(Component, props)));
  restore();
  el.dataset.hydrated = "";
}

/**
 * The first touch, focus or key inside the island hydrates it; the event itself goes on as usual.
 * `input` and `change` are a password manager or the browser filling fields in without focusing them.
 */
const FIRST_USE = ["focusin", "pointerdown", "keydown", "touchstart", "input", "change"] as const;

function arm(el: HTMLElement, island: (typeof islands)[IslandName]): Promise<void> {
  if (island.hydrate === "load") return hydrate(el, island);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE) el.removeEventListener(type, start, true);
    hydrate(el, island).catch((error: unknown) => console.error(error));
  };
  for (const type of FIRST_USE) el.addEventListener(type, start, { capture: true, passive: true });
  // Focus may already be inside (a field focused before this script ran).
  if (el.contains(document.activeElement)) start();
  return Promise.resolve();
}

const roots = [...document.querySelectorAll<HTMLElement>("[data-island]")];
void Promise.allSettled(
  roots.map((el) => {
    const island = islands[el.dataset.island as IslandName];
    return island ? arm(el, island) : Promise.reject(new Error(`No island is called "${el.dataset.island}"`));
  }),
).then((results) => {
  for (const r of results) if (r.status === "rejected") console.error(r.reason);
  // Ready: every island hydrated or waiting for its first use (what the end-to-end tests wait for).
  document.documentElement.dataset.hydrated = "";
});
