/** The pipeline board's cached shape changed by a drag, kept pure so it is tested on its own (tests/web/board-moves.test.ts). */
import type { Lead, LeadStatus } from "@contract/lead";

/** What a move changes of the cached board; the board query's own type (leads.ts) has this shape. */
export interface BoardColumns {
  columns: { status: LeadStatus; count: number; value: number; leads: Lead[] }[];
}

/** Moves a lead between columns in the cached board, keeping counts and sums in step. */
export function moveInBoard<Board extends BoardColumns>(board: Board, lead: Lead, to: LeadStatus): Board {
  const value = lead.value ?? 0;
  return {
    ...board,
    columns: board.columns.map((col) => {
      if (col.status === lead.status)
        return { ...col, count: col.count - 1, value: col.value - value, leads: col.leads.filter((l) => l.id !== lead.id) };
      if (col.status === to)
        return { ...col, count: col.count + 1, value: col.value + value, leads: [{ ...lead, status: to }, ...col.leads] };
      return col;
    }),
  };
}
