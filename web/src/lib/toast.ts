/**
 * Toasts (sonner). Import `toast` from here, never from sonner, so the look is set once.
 * Mount one <AppToaster/> per tree: the CRM root, and on public pages the one LazyToaster in
 * PublicLayout loads it (lib/lazy-toast.tsx) the first time a toast is shown, so sonner never
 * reaches the home page.
 */
import { createElement } from "react";
import { toast, Toaster } from "sonner";

export { toast };

export function AppToaster() {
  return createElement(Toaster, {
    // Bottom right: the top bar's buttons stay clickable while a toast shows.
    position: "bottom-right",
    richColors: true,
    closeButton: true,
    toastOptions: { duration: 5000 },
  });
}

/** Shows a flash once its toaster is mounted (child effects run before this one's). */
export function showFlash(flash: { kind: "success" | "error" | "info"; title: string; description?: string }) {
  // A fixed id: StrictMode's double effects and replays update one toast instead of stacking two.
  toast[flash.kind](flash.title, { description: flash.description, id: `flash:${flash.title}` });
}
