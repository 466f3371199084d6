/**
 * A stage has one name (docs/decisions/0028): the board's columns are the lead statuses, in order,
 * and carry no heading of their own, so the board reads as the dropdowns, badges, filters, the
 * dashboard, the digest and the e-mails do (tests/e2e/crm-stage-names.spec.ts checks the screens).
 */
import { describe, expect, it } from "vitest";
import { boardColumns, leadStatuses, openStatuses } from "../../contract/lead-statuses";

describe("boardColumns", () => {
  it("are the statuses in order, named by nothing but the status", () => {
    expect(boardColumns.map((c) => c.status)).toEqual([...leadStatuses]);
    for (const column of boardColumns) expect(Object.keys(column).sort()).toEqual(["final", "status"]);
  });

  it("end with the final stages, Won and Lost, after the open ones", () => {
    expect(boardColumns.filter((c) => !c.final).map((c) => c.status)).toEqual([...openStatuses]);
    expect(boardColumns.filter((c) => c.final).map((c) => c.status)).toEqual(["Won", "Lost"]);
  });
});
