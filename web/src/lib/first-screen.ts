/**
 * A long list's first render draws what fills a screen; the rest follows at once in a transition,
 * which React renders in slices between frames (docs/decisions/0026). The CRM's lists are read
 * whole (a studio's clients, projects, proposals, invoices and tasks), and a thousand of them drawn
 * in the page's first render held its first paint for half a second. The pipeline board counts its
 * cards per column itself; everything else uses this.
 */
import { startTransition, useCallback, useEffect, useState } from "react";

/** Rows drawn first: more than any screen shows of the shortest of them (a 48 px table row, a 1080 px screen). */
export const FIRST_SCREEN_ROWS = 24;

/**
 * `ready`: the list's data is there (the transition starts from its first render with data).
 * Returns what to draw of a list now: its first `rows`, then, from the next frames on, all of it.
 */
export function useFirstScreen(ready: boolean) {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (ready && !all) startTransition(() => setAll(true));
  }, [ready, all]);
  return useCallback(<T>(list: readonly T[], rows = FIRST_SCREEN_ROWS): readonly T[] => (all ? list : list.slice(0, rows)), [all]);
}
