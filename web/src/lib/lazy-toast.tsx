/**
 * Toasts on public pages without shipping the toaster with the page: sonner loads the first time
 * a toast is shown (a form's answer, a flash after sign-out), which is rare on pages mostly read.
 * PublicLayout mounts the one toaster; pages and forms inside it show through usePublicToast.
 */
import { createContext, useCallback, useContext, useState, type ComponentType, type ReactNode } from "react";
import type { Flash } from "./flash";

type Show = (flash: Flash) => void;
const ShowToast = createContext<Show | null>(null);

export function LazyToaster({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ flash: Flash; Toaster: ComponentType<{ flash: Flash }> } | null>(null);
  // A fresh object each time, so the same message shown twice is toasted twice.
  const show = useCallback<Show>((flash) => {
    void import("./flash-toaster").then((m) => setState({ flash: { ...flash }, Toaster: m.FlashToaster }));
  }, []);
  return (
    <ShowToast.Provider value={show}>
      {children}
      {state && <state.Toaster flash={state.flash} />}
    </ShowToast.Provider>
  );
}

export function usePublicToast(): Show {
  const show = useContext(ShowToast);
  if (!show) throw new Error("usePublicToast needs a LazyToaster above it (PublicLayout)");
  return show;
}
