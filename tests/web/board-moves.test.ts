/** web/src/features/leads/api/board-moves.ts: a pipeline drag as the cached board sees it. */
import { describe, expect, it } from "vitest";
import { moveInBoard } from "../../web/src/features/leads/api/board-moves";
import type { LeadBoard } from "../../web/src/features/leads/api/leads";
import type { Lead, LeadStatus } from "../../contract/lead";

const lead = (id: string, status: LeadStatus, value: number | null) => ({ id, status, value, name: id }) as unknown as Lead;

function board(): LeadBoard {
  const a = lead("a", "New", 1000);
  const b = lead("b", "New", 500);
  const c = lead("c", "Qualified", null);
  return {
    columns: [
      { status: "New", count: 12, value: 9000, leads: [a, b] },
      { status: "Qualified", count: 1, value: 0, leads: [c] },
      { status: "Proposal Sent", count: 0, value: 0, leads: [] },
    ],
  } as unknown as LeadBoard;
}

describe("moveInBoard", () => {
  it("takes the card out of its column and puts it first in the new one, with counts and sums in step", () => {
    const before = board();
    const a = before.columns[0].leads[0];
    const after = moveInBoard(before, a, "Qualified");
    const [fresh, contacted, qualified] = after.columns;
    expect(fresh).toMatchObject({ count: 11, value: 8000 });
    expect(fresh.leads.map((l) => l.id)).toEqual(["b"]);
    expect(contacted).toMatchObject({ count: 2, value: 1000 });
    expect(contacted.leads.map((l) => [l.id, l.status])).toEqual([
      ["a", "Qualified"],
      ["c", "Qualified"],
    ]);
    // A column the move did not touch is the same object (React skips it).
    expect(qualified).toBe(before.columns[2]);
  });

  it("never changes the board it was given (the cache's previous state, kept for undo)", () => {
    const before = board();
    const snapshot = structuredClone(before);
    moveInBoard(before, before.columns[0].leads[0], "Proposal Sent");
    expect(before).toEqual(snapshot);
  });

  it("counts a lead with no value as nothing, and a move back restores the columns", () => {
    const before = board();
    const c = before.columns[1].leads[0];
    const moved = moveInBoard(before, c, "New");
    expect(moved.columns[0]).toMatchObject({ count: 13, value: 9000 });
    expect(moved.columns[1]).toMatchObject({ count: 0, value: 0, leads: [] });
    const back = moveInBoard(moved, { ...c, status: "New" }, "Qualified");
    expect(back.columns.map((col) => [col.status, col.count, col.value, col.leads.map((l) => l.id)])).toEqual(
      before.columns.map((col) => [col.status, col.count, col.value, col.leads.map((l) => l.id)]),
    );
  });
});
