/** Whether a CSS media query matches, kept in step as the window changes. */
import { useCallback, useSyncExternalStore } from "react";

/** `onServer`: the answer when there is no window (the prerender), which hydration starts from. */
export function useMediaQuery(query: string, onServer: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => onServer,
  );
}
