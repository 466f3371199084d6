/** The bench's table as Markdown, and that table written into docs/performance.md between its markers. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Row } from "./section";

export const TABLE_START = "<!-- bench:table:start -->";
export const TABLE_END = "<!-- bench:table:end -->";

export function markdown(table: Row[]): string {
  const head = ["Section", "Measure", "Result", "Goal"];
  const body = table.map((r) => [r.section, r.measure, r.result, r.goal]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...body.map(line)].join("\n");
}

/**
 * Replaces what lies between the two marker lines of `doc` with the run's date, machine and total
 * time and the table, leaving the prose around them as it is. Answers why not when it cannot ("" when done).
 */
export function writePerformanceTable(doc: string, table: string, run: { at: string; machine: string; totalTime: string }): string {
  if (!existsSync(doc)) return `${doc} does not exist`;
  const text = readFileSync(doc, "utf8");
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) return `${doc} lacks the lines ${TABLE_START} and ${TABLE_END}`;
  const at = run.at.slice(0, 16).replace("T", " ");
  const body = `Measured by \`npm run bench\` on ${at} UTC, on ${run.machine}, in ${run.totalTime}.\n\n${table}`;
  writeFileSync(doc, `${text.slice(0, start + TABLE_START.length)}\n${body}\n${text.slice(end)}`);
  return "";
}
