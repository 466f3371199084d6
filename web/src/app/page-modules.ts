/**
 * The page modules behind the routes: loaded on demand (each page is its own chunk), remembered
 * once loaded so a preloaded page renders synchronously, and observable so the root can show a
 * progress bar while a page's chunk is on its way.
 */
import { useSyncExternalStore, type ComponentType } from "react";
import type { RouteHandle } from "../lib/page-meta";

export interface RouteModule {
  Component: ComponentType;
  handle?: RouteHandle;
}

const modules = import.meta.glob<RouteModule>(["./marketing/*.tsx", "./previews/*.tsx", "./auth/*.tsx", "./crm/*.tsx"]);

const loaded = new Map<string, RouteModule>();
const loading = new Map<string, Promise<RouteModule>>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Loads a page's module once; a failed load is forgotten, so the next render tries again. */
export function loadPage(id: string): Promise<RouteModule> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  let pending = loading.get(id);
  if (!pending) {
    const load = modules[`./${id}.tsx`];
    if (!load) return Promise.reject(new Error(`Route module web/src/app/${id}.tsx does not exist`));
    pending = load().then(
      (mod) => {
        loaded.set(id, mod);
        loading.delete(id);
        notify();
        return mod;
      },
      (error: unknown) => {
        loading.delete(id);
        notify();
        throw error;
      },
    );
    loading.set(id, pending);
    notify();
  }
  return pending;
}

/** True while a page's chunk is on its way (the root shows a progress bar). */
export function usePageLoading() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading.size > 0,
    () => false,
  );
}

export const loadedPage = (id: string) => loaded.get(id);

/** Route id → manifest key, used by the prerender. */
export const moduleOfRoute = (id: string) => (modules[`./${id}.tsx`] ? `src/app/${id}.tsx` : undefined);
