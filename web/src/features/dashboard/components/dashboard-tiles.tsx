/** The dashboard's headline numbers, each a link to the list behind it. */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Dashboard } from "@contract/dashboard";
import { formatCount, formatDate, formatMoney, formatMoneyWhole } from "@/lib/format";
import { formatMonth } from "./charts";

function Tile({ to, label, value, detail, testId }: { to: string; label: string; value: ReactNode; detail: ReactNode; testId: string }) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="block min-w-0 rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-brick-300 hover:bg-brick-50/40"
    >
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums" data-tile-value>
        {value}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">{detail}</p>
    </Link>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function DashboardTiles({ tiles }: { tiles: Dashboard["tiles"] }) {
  const { pipeline, won_this_month: now, won_last_month: before, win_rate, median_days_to_won: median, new_this_week } = tiles;
  const change = now.value - before.value;
  return (
    <section aria-label="Key numbers" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Tile
        to="/crm"
        testId="tile-pipeline"
        label="Open pipeline"
        value={formatMoneyWhole(pipeline.value)}
        detail={`${plural(pipeline.open, "open lead")} on the board`}
      />
      <Tile
        to="/crm"
        testId="tile-forecast"
        label="Weighted forecast"
        value={formatMoneyWhole(pipeline.weighted)}
        detail="Each open lead's value times its stage's chance of winning"
      />
      <Tile
        to="/crm/leads?status=Won"
        testId="tile-won-this-month"
        label={`Won in ${formatMonth(now.month)}`}
        value={formatMoneyWhole(now.value)}
        detail={
          <>
            {plural(now.count, "lead")}; {formatMonth(before.month)}: {formatMoneyWhole(before.value)}
            {before.value > 0 || now.value > 0 ? ` (${change >= 0 ? "+" : "−"}${formatMoneyWhole(Math.abs(change))})` : ""}
          </>
        }
      />
      <Tile
        to="/crm/leads?status=Won"
        testId="tile-win-rate"
        label={`Win rate (won ÷ closed, ${win_rate.days} days)`}
        value={win_rate.rate === null ? "—" : `${win_rate.rate}%`}
        detail={
          win_rate.closed === 0
            ? `No leads won or lost in the last ${win_rate.days} days`
            : `${win_rate.won} won of ${plural(win_rate.closed, "lead")} won or lost in the last ${win_rate.days} days`
        }
      />
      <Tile
        to="/crm/leads?status=Won"
        testId="tile-median-days"
        label="Median time to win"
        value={median.days === null ? "—" : plural(Math.round(median.days), "day")}
        detail={median.won === 0 ? "No leads won yet" : `From a lead's arrival to Won, over ${plural(median.won, "won lead")}`}
      />
      <Tile
        to="/crm/leads"
        testId="tile-new-this-week"
        label="New leads this week"
        value={formatCount(new_this_week.count)}
        detail={`Since Monday ${formatDate(new_this_week.week_start)}`}
      />
    </section>
  );
}

/** The money itself: paid this month, due soon, overdue, and how long clients take to pay. */
export function CashTiles({ cash }: { cash: Dashboard["cash"] }) {
  const { received_this_month: received, expected, overdue, median_days_to_paid: median } = cash;
  return (
    <section aria-label="Cash" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Tile
        to="/crm/invoices?status=Paid"
        testId="tile-cash-received"
        label={`Cash received in ${formatMonth(received.month)}`}
        value={formatMoney(received.value)}
        detail={`${plural(received.count, "invoice")} paid this month`}
      />
      <Tile
        to="/crm/invoices?status=Sent"
        testId="tile-cash-expected"
        label={`Expected in the next ${expected.days} days`}
        value={formatMoney(expected.value)}
        detail={`${plural(expected.count, "sent invoice")}${
          expected.instalments ? ` and ${plural(expected.instalments, "instalment")}` : ""
        } due by ${formatDate(expected.until)}`}
      />
      <Tile
        to="/crm/invoices"
        testId="tile-cash-overdue"
        label="Overdue"
        value={formatMoney(overdue.value)}
        detail={overdue.count === 0 ? "Nothing past its due date" : `${plural(overdue.count, "invoice")} past the due date`}
      />
      <Tile
        to="/crm/invoices?status=Paid"
        testId="tile-days-to-paid"
        label="Median time to get paid"
        value={median.days === null ? "—" : plural(Math.round(median.days), "day")}
        detail={
          median.paid === 0 ? "No invoices paid yet" : `From an invoice's date to its payment, over ${plural(median.paid, "paid invoice")}`
        }
      />
    </section>
  );
}
