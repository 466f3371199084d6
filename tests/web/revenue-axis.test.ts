/** web/src/features/dashboard/components/revenue-axis.ts: the revenue chart's months say which year they are in. */
import { describe, expect, it } from "vitest";
import { revenueAxisLabels } from "../../web/src/features/dashboard/components/revenue-axis";

/** `count` months from `first` (YYYY-MM), as the dashboard answers them. */
const monthsFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const [y, m] = first.split("-").map(Number);
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    return d.toISOString().slice(0, 7);
  });

describe("the revenue chart's axis", () => {
  it("names the year on its first month and wherever the year changes", () => {
    // Twelve months to October 2026 and five after it.
    const months = monthsFrom("2025-11", 17);
    expect(revenueAxisLabels(months, "2026-10")).toEqual([
      { index: 2, text: "Jan 2026" },
      { index: 5, text: "Apr" },
      { index: 8, text: "Jul" },
      { index: 11, text: "Oct" },
      { index: 14, text: "Jan 2027" },
    ]);
  });

  it("names this month, and a year that changes between two labels", () => {
    const months = monthsFrom("2026-01", 17);
    expect(revenueAxisLabels(months, "2026-12")).toEqual([
      { index: 2, text: "Mar 2026" },
      { index: 5, text: "Jun" },
      { index: 8, text: "Sep" },
      { index: 11, text: "Dec" },
      { index: 14, text: "Mar 2027" },
    ]);
  });
});
