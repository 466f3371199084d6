/**
 * A chart's frame: its heading, the hand-drawn SVG (role="img", named by its <title> and described
 * by its <desc>), and a "Show as table" button that puts the same numbers in a real table and then
 * reads "Show as chart" (the button says what it does next, so it carries no aria-pressed: a toggle
 * whose name changes with its state would be announced twice over). The SVG scales to its box
 * through its viewBox, so it never widens the page on a phone.
 */
import { useId, useState, type ReactNode } from "react";
import { ChartColumn, Table2 } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface ChartText {
  title: string;
  /** What the chart shows, in words, for those who cannot see it. */
  desc: string;
}

export function ChartCard({
  heading,
  text,
  viewBox,
  empty,
  table,
  footer,
  children,
  className,
}: {
  heading: string;
  text: ChartText;
  viewBox: string;
  /** Shown instead of the chart and its toggle when there is nothing to draw. */
  empty?: string | false;
  table: ReactNode;
  /** Under the chart and its table alike. */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section aria-labelledby={`${id}-heading`} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 ${className ?? ""}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="font-semibold">
          {heading}
        </h2>
        {!empty && (
          <Button variant="secondary" size="sm" onClick={() => setAsTable((v) => !v)}>
            {asTable ? <ChartColumn className="size-4" aria-hidden="true" /> : <Table2 className="size-4" aria-hidden="true" />}
            {asTable ? "Show as chart" : "Show as table"}
          </Button>
        )}
      </div>
      {empty ? (
        <p className="mt-4 text-sm text-slate-600">{empty}</p>
      ) : asTable ? (
        <div className="mt-4 overflow-x-auto">{table}</div>
      ) : (
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={viewBox}
          className="mt-4 h-auto w-full"
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-title`}>{text.title}</title>
          <desc id={`${id}-desc`}>{text.desc}</desc>
          {children}
        </svg>
      )}
      {footer}
    </section>
  );
}

/** A plain data table for the toggle: caption, header row, right-aligned numbers. */
export function ChartTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          {head.map((h, i) => (
            <th key={h} scope="col" className={`px-2 py-1.5 font-medium ${i > 0 ? "text-right" : ""}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])} className="border-b border-slate-100 last:border-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-2 py-1.5 font-medium">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
