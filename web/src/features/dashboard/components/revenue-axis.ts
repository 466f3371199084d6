/** The revenue chart's axis, apart from the chart so it can be checked without drawing it. */
import { MONTHS } from "@/lib/format";

/**
 * The months the revenue chart's axis names (every third, this month among them: twelve back and
 * five ahead put it on one), with the year on the first and wherever the year changes: "Jan 2026",
 * "Apr", "Jul", "Oct", "Jan 2027". Labels are three slots apart, wide enough for "Jan 2027".
 */
export function revenueAxisLabels(months: string[], thisMonth: string): { index: number; text: string }[] {
  let shownYear = "";
  return months.flatMap((month, index) => {
    if (index % 3 !== 2 && month !== thisMonth) return [];
    const year = month.slice(0, 4);
    const name = MONTHS[Number(month.slice(5, 7)) - 1];
    const text = year === shownYear ? name : `${name} ${year}`;
    shownYear = year;
    return [{ index, text }];
  });
}
