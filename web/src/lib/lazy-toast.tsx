/**
 * Toasts on public pages without shipping the toaster with the page: sonner loads the first time
 * a toast is shown (a form's answer, a flash after sign-out), which is rare on pages mostly read.
 */
import { useCallback, useState, type ComponentType } from "react";
import type { Flash } from "./flash";

export function useLazyToast() {
  const [state, setState] = useState<{ flash: Flash; Toaster: ComponentType<{ flash: Flash }> } | null>(null);
  // A fresh object each time, so the same message shown twice is toasted twice.
  const show = useCallback((flash: Flash) => {
    void import("./flash-toaster").then((m) => setState({ flash: { ...flash }, Toaster: m.FlashToaster }));
  }, []);
  const toaster = state ? <state.Toaster flash={state.flash} /> : null;
  return { show, toaster };
}
