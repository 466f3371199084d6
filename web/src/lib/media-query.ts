/** Whether a CSS media query matches, kept in step as the window changes. */
import { useCallback, useSyncExternalStore } from "react";

/** One list per query: React reads the snapshot on every render, and matchMedia makes a new list each call. */
const lists = new Map<string, MediaQueryList>();
const listOf = (query: string) => {
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
};

/** `onServer`: the answer when there is no window (the prerender), which hydration starts from. */
export function useMediaQuery(query: string, onServer: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listOf(query).matches,
    () => onServer,
  );
}
