/** The pipeline board's cached shape changed by a drag, kept pure so it is tested on its own (tests/web/board-moves.test.ts). */
import type { Lead, LeadStatus } from "@contract/lead";
import type { LeadBoard } from "./leads";

/** Moves a lead between columns in the cached board, keeping counts and sums in step. */
export function moveInBoard(board: LeadBoard, lead: Lead, to: LeadStatus): LeadBoard {
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
