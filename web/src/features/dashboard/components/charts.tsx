/**
 * The dashboard's charts, drawn by hand in SVG (no chart library: the dashboard is its own chunk
 * and stays small). Each gives its numbers in words (<desc>) and in a table behind its toggle.
 */
import type { Dashboard } from "@contract/dashboard";
import { formatCount, formatMoney, LONG_MONTHS } from "@/lib/format";
import { ChartCard, ChartTable } from "./chart-card";
import { revenueAxisLabels } from "./revenue-axis";

// Month names from lib/format rather than Intl: a page's first Intl object is slow to make.
const monthIndex = (month: string) => Number(month.slice(5, 7)) - 1;
/** November 2026 (of a YYYY-MM month) */
export const formatMonth = (month: string) => `${LONG_MONTHS[monthIndex(month)]} ${month.slice(0, 4)}`;

/** £950, £12k, £1.2m: axis labels, where the table has the exact figure. */
function moneyShort(n: number): string {
  if (n >= 1_000_000) return `£${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1).replace(/\.0$/, "")}m`;
  if (n >= 1000) return `£${(n / 1000).toFixed(n >= 10_000 ? 0 : 1).replace(/\.0$/, "")}k`;
  return `£${Math.round(n)}`;
}

/** 1, 2 or 5 times a power of ten, at least `n`: a round top for an axis. */
function niceMax(n: number): number {
  if (n <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].find((m) => m * p >= n) ?? 10) * p;
}

const AXIS = "fill-slate-600 text-[11px]";

export function RevenueChart({ revenue, today }: { revenue: Dashboard["revenue"]; today: string }) {
  const W = 400;
  const H = 236;
  const left = 44;
  const bottom = 24;
  // The legend has a band of its own above the plot, clear of the top gridline.
  const legendY = 4;
  const top = 26;
  const plotW = W - left - 6;
  const plotH = H - top - bottom;
  const max = niceMax(Math.max(...revenue.map((m) => Math.max(m.won, m.expected))));
  const slot = plotW / revenue.length;
  const bar = Math.max(2, slot / 2 - 1.5);
  const y = (v: number) => top + plotH - (v / max) * plotH;
  const thisMonth = today.slice(0, 7);
  const totalWon = revenue.reduce((n, m) => n + m.won, 0);
  const totalExpected = revenue.reduce((n, m) => n + m.expected, 0);
  const best = revenue.reduce((a, b) => (b.won > a.won ? b : a), revenue[0]);
  const desc =
    `Won from ${formatMonth(revenue[0].month)} to ${formatMonth(thisMonth)}: ${formatMoney(totalWon)} in all` +
    (best.won > 0 ? `, most in ${formatMonth(best.month)} (${formatMoney(best.won)})` : "") +
    `. Weighted pipeline expected from ${formatMonth(thisMonth)} to ${formatMonth(revenue[revenue.length - 1].month)}: ${formatMoney(totalExpected)}.`;
  return (
    <ChartCard
      heading="Revenue by month"
      text={{ title: "Revenue by month: won and expected", desc }}
      viewBox={`0 0 ${W} ${H}`}
      table={
        <ChartTable
          caption="Revenue by month"
          head={["Month", "Won", "Expected (weighted)"]}
          rows={revenue.map((m) => [formatMonth(m.month), formatMoney(m.won), formatMoney(m.expected)])}
        />
      }
    >
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line data-gridline x1={left} x2={W - 6} y1={y(max * f)} y2={y(max * f)} className="stroke-slate-200" strokeWidth={1} />
          <text x={left - 4} y={y(max * f) + 4} textAnchor="end" className={AXIS}>
            {moneyShort(max * f)}
          </text>
        </g>
      ))}
      {revenue.map((m, i) => {
        const x = left + i * slot;
        return (
          <g key={m.month}>
            {m.month === thisMonth && <rect x={x} y={top} width={slot} height={plotH} className="fill-slate-100" />}
            {m.won > 0 && <rect x={x + 1} y={y(m.won)} width={bar} height={top + plotH - y(m.won)} className="fill-brick-600" rx={1} />}
            {m.expected > 0 && (
              <rect
                x={x + 1 + bar + 1}
                y={y(m.expected)}
                width={bar}
                height={top + plotH - y(m.expected)}
                className="fill-amber-500"
                rx={1}
              />
            )}
          </g>
        );
      })}
      {revenueAxisLabels(
        revenue.map((m) => m.month),
        thisMonth,
      ).map(({ index, text }) => (
        <text key={index} x={left + index * slot + slot / 2} y={H - 8} textAnchor="middle" className={AXIS}>
          {text}
        </text>
      ))}
      <line x1={left} x2={W - 6} y1={top + plotH} y2={top + plotH} className="stroke-slate-400" strokeWidth={1} />
      <g aria-hidden="true" data-legend>
        <rect x={left + 4} y={legendY} width={8} height={8} className="fill-brick-600" />
        <text x={left + 15} y={legendY + 8} className={AXIS}>
          Won
        </text>
        <rect x={left + 48} y={legendY} width={8} height={8} className="fill-amber-500" />
        <text x={left + 59} y={legendY + 8} className={AXIS}>
          Expected (weighted)
        </text>
      </g>
    </ChartCard>
  );
}

interface OriginBar {
  label: string;
  leads: number;
  won: number;
  won_value: number;
}

/** Horizontal bars: every lead from a source (light), the won ones over them (dark). */
export function OriginChart({ heading, noun, rows, empty }: { heading: string; noun: string; rows: OriginBar[]; empty: string }) {
  const W = 400;
  const rowH = 26;
  const labelW = 120;
  const valueW = 96;
  const H = rows.length * rowH + 4;
  const max = Math.max(1, ...rows.map((r) => r.leads));
  const scale = (n: number) => (n / max) * (W - labelW - valueW);
  const desc = rows.map((r) => `${r.label}: ${r.leads} leads, ${r.won} won, ${formatMoney(r.won_value)} won`).join("; ") + ".";
  return (
    <ChartCard
      heading={heading}
      text={{ title: `${heading}: leads and leads won`, desc }}
      viewBox={`0 0 ${W} ${H}`}
      empty={rows.length === 0 && empty}
      table={
        <ChartTable
          caption={heading}
          head={[noun, "Leads", "Won", "£ won"]}
          rows={rows.map((r) => [r.label, r.leads, r.won, formatMoney(r.won_value)])}
        />
      }
    >
      {rows.map((r, i) => {
        const y = i * rowH + 4;
        const label = r.label.length > 18 ? `${r.label.slice(0, 17)}…` : r.label;
        return (
          <g key={r.label}>
            <text x={0} y={y + 14} className="fill-slate-700 text-[12px]">
              {label}
            </text>
            <rect x={labelW} y={y + 3} width={Math.max(1, scale(r.leads))} height={16} className="fill-slate-300" rx={2} />
            {r.won > 0 && <rect x={labelW} y={y + 3} width={scale(r.won)} height={16} className="fill-brick-600" rx={2} />}
            <text x={labelW + scale(r.leads) + 4} y={y + 15} className="fill-slate-700 text-[11px]">
              {`${r.won}/${r.leads} · ${moneyShort(r.won_value)}`}
            </text>
          </g>
        );
      })}
    </ChartCard>
  );
}

/**
 * The funnel: how many leads reached each stage (bar), Lost ones at the stage they got to, and what
 * share went on to the next. Below it, the pipeline's Conversion Rate, which is the funnel end to end.
 */
export function FunnelChart({ funnel, conversion }: { funnel: Dashboard["funnel"]; conversion: Dashboard["conversion"] }) {
  const path = funnel.filter((s) => s.reached !== null);
  const lost = funnel.find((s) => s.status === "Lost");
  const W = 400;
  const rowH = 34;
  const labelW = 104;
  const H = path.length * rowH;
  const max = Math.max(1, ...path.map((s) => s.reached ?? 0));
  const plotW = W - labelW - 90;
  const desc =
    path
      .map((s) => `${s.status}: ${s.reached} reached (${s.count} there now)${s.conversion !== null ? `, ${s.conversion}% went on` : ""}`)
      .join("; ") + `. Lost: ${lost?.count ?? 0}, each counted above at the stages it reached.`;
  return (
    <ChartCard
      heading="The funnel"
      text={{ title: "The funnel: leads that reached each stage, and the share that went on to the next", desc }}
      viewBox={`0 0 ${W} ${H}`}
      footer={
        <p className="mt-3 text-sm text-slate-600" data-testid="funnel-conversion">
          <span className="font-semibold text-slate-900">Conversion Rate {conversion.rate.toFixed(1)}%</span>: won ÷ all leads (
          {formatCount(conversion.won)} of {formatCount(conversion.leads)}), as on the pipeline. Lost leads count at every stage they
          reached.
        </p>
      }
      table={
        <ChartTable
          caption="The funnel"
          head={["Stage", "Leads now", "Reached", "To next stage"]}
          rows={funnel.map((s) => [s.status, s.count, s.reached ?? "—", s.conversion === null ? "—" : `${s.conversion}%`])}
        />
      }
    >
      {path.map((s, i) => {
        const w = Math.max(2, ((s.reached ?? 0) / max) * plotW);
        const y = i * rowH;
        return (
          <g key={s.status}>
            <text x={0} y={y + 17} className="fill-slate-700 text-[12px]">
              {s.status}
            </text>
            <rect x={labelW + (plotW - w) / 2} y={y + 4} width={w} height={20} className="fill-brick-600" opacity={1 - i * 0.12} rx={2} />
            <text x={labelW + plotW + 6} y={y + 18} className="fill-slate-800 text-[12px] font-semibold">
              {s.reached}
            </text>
            {s.conversion !== null && (
              <text x={labelW + plotW + 34} y={y + 18} className="fill-slate-600 text-[11px]">
                {`↓ ${s.conversion}%`}
              </text>
            )}
          </g>
        );
      })}
    </ChartCard>
  );
}
