/**
 * Toasts (sonner). Import `toast` from here, never from sonner, so the look is set once.
 * Mount one <AppToaster/> per tree: the CRM root, and on public pages the one LazyToaster in
 * PublicLayout loads it (lib/lazy-toast.tsx) the first time a toast is shown, so sonner never
 * reaches the home page.
 *
 * sonner itself loads the first time a toast is shown, not with the page: the CRM's first load
 * has a byte budget (docs/decisions/0010-crm-first-data-inline.md) and most loads show no toast. Calls made meanwhile run in order
 * once it has arrived, and sonner shows toasts made before its toaster mounted.
 */
import { createElement, useSyncExternalStore, type ReactNode } from "react";
import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (m) => {
      sonner = m;
      listeners.forEach((l) => l());
      return m;
    },
    (error: unknown) => {
      // A failed chunk is tried again by the next toast.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const run = (call: (s: Sonner) => void) => {
  if (sonner) call(sonner);
  else load().then(call, (error: unknown) => console.error(error));
};

type Show = (title: ReactNode, options?: ExternalToast) => void;
const shower =
  (kind: "success" | "error" | "info"): Show =>
  (title, options) =>
    run((s) => s.toast[kind](title, options));

/** `toast(title)` for a plain message, `toast.success(...)` and so on, as sonner's own. */
export const toast = Object.assign<Show, Record<"success" | "error" | "info", Show> & { dismiss: (id?: string | number) => void }>(
  (title, options) => run((s) => s.toast(title, options)),
  {
    success: shower("success"),
    error: shower("error"),
    info: shower("info"),
    /** Without an id, every toast showing. */
    dismiss: (id) => run((s) => s.toast.dismiss(id)),
  },
);

export function AppToaster() {
  const loaded = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sonner,
    () => undefined,
  );
  if (!loaded) return null;
  return createElement(loaded.Toaster, {
    // Bottom right: the top bar's buttons stay clickable while a toast shows.
    position: "bottom-right",
    richColors: true,
    closeButton: true,
    toastOptions: { duration: 5000 },
  });
}

/** Shows a flash once its toaster is mounted (child effects run before this one's). */
export function showFlash(flash: { kind: "success" | "error" | "info"; title: string; description?: string; id?: string }) {
  // A fixed id: StrictMode's double effects and replays update one toast instead of stacking two.
  toast[flash.kind](flash.title, { description: flash.description, id: flash.id ?? `flash:${flash.title}` });
}
