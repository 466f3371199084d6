/**
 * A message that survives a navigation ("Signed Out" shown on the home page after logout).
 * It rides in the history entry's state and is cleared once shown, so a reload does not repeat it.
 */
import { useEffect, useEffectEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";

export interface Flash {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
  /** Toasts with the same id replace each other: "Access granted" takes the place of an earlier "Access denied". */
  id?: string;
}

export const flashState = (flash: Flash) => ({ flash });

/** Calls `onFlash` once for a flash carried by the current location. Runs only in the browser. */
export function useFlash(onFlash: (flash: Flash) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const show = useEffectEvent(onFlash);
  const flash = (location.state as { flash?: Flash } | null)?.flash;

  useEffect(() => {
    if (!flash) return;
    show(flash);
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [flash, navigate, location.pathname, location.search, location.hash]);
}
