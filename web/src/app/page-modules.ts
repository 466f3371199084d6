/**
 * The page modules behind the routes: loaded on demand (each page is its own chunk), remembered
 * once loaded so a preloaded page renders synchronously, and observable so the root can show a
 * progress bar while a page's chunk is on its way.
 */
import { useSyncExternalStore, type ComponentType } from "react";
import type { RouteHandle } from "@/lib/page-meta";

export interface RouteModule {
  Component: ComponentType;
  handle?: RouteHandle;
}

const modules = import.meta.glob<RouteModule>(["./marketing/*.tsx", "./previews/*.tsx", "./auth/*.tsx", "./crm/*.tsx"]);

const loaded = new Map<string, RouteModule>();
/** Loads in flight, and failed ones until forgotten: a render must meet the same rejected promise again, or it would retry forever. */
const attempts = new Map<string, Promise<RouteModule>>();
const failed = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const inFlight = () => attempts.size > failed.size;

/** Loads a page's module once. A failed load stays failed (the error page shows) until forgotten. */
export function loadPage(id: string): Promise<RouteModule> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  let attempt = attempts.get(id);
  if (!attempt) {
    const load = modules[`./${id}.tsx`];
    if (!load) return Promise.reject(new Error(`Route module web/src/app/${id}.tsx does not exist`));
    attempt = load().then(
      (mod) => {
        loaded.set(id, mod);
        attempts.delete(id);
        notify();
        return mod;
      },
      (error: unknown) => {
        failed.add(id);
        notify();
        throw error;
      },
    );
    attempts.set(id, attempt);
    notify();
  }
  return attempt;
}

/** Called when the error page is left: the next visit to a page that failed tries its chunk again. */
export function forgetFailedPages() {
  for (const id of failed) attempts.delete(id);
  failed.clear();
}

/** True while a page's chunk is on its way (the root shows a progress bar). */
export function usePageLoading() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inFlight,
    () => false,
  );
}

export const loadedPage = (id: string) => loaded.get(id);

/** Route id → manifest key, used by the prerender. */
export const moduleOfRoute = (id: string) => (modules[`./${id}.tsx`] ? `src/app/${id}.tsx` : undefined);
