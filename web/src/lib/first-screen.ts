/**
 * A page's first render draws what fills a screen; the rest follows at once in a transition, which
 * React renders in slices between frames (docs/decisions/0026). The CRM's lists are read whole (a
 * studio's clients, projects, proposals, invoices and tasks), and a thousand of them drawn in the
 * page's first render held its first paint for half a second; Settings' lower panels held it back
 * 150–230 ms. The pipeline board counts its cards per column itself.
 */
import { startTransition, useEffect, useState } from "react";

/** Rows drawn first: more than any screen shows of the shortest of them (a 48 px table row, a 1080 px screen). */
export const FIRST_SCREEN_ROWS = 24;

/**
 * Whether the whole page may be drawn: false on the first render, true from a transition started
 * once `ready` (the page's data is there). `fromTheStart`: drawn whole at once (a link to a
 * heading below the first screen needs it there to scroll to).
 */
export function useDrawnInFull(ready: boolean, fromTheStart = false): boolean {
  const [full, setFull] = useState(fromTheStart);
  useEffect(() => {
    if (ready && !full) startTransition(() => setFull(true));
  }, [ready, full]);
  return full;
}

/** What to draw of a list: its first `rows` until the page is drawn in full. */
export const firstScreenOf = <T>(list: readonly T[], full: boolean, rows = FIRST_SCREEN_ROWS): readonly T[] =>
  full ? list : list.slice(0, rows);
