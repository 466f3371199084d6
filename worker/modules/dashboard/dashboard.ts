/**
 * The CRM dashboard (contract/dashboard.ts): every number is an aggregate D1 computes (GROUP BY,
 * COUNT, SUM, CASE, a window function for the median), read in one batch, so 10,000 leads cost a
 * few small answers and the worker never holds the leads themselves. London's days and months are
 * turned into ranges of stored UTC times here (platform/time.ts), since SQLite knows no time zones.
 */
import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { D1Database } from "@cloudflare/workers-types";
import type { Db } from "../../platform/db";
import {
  CASH_EXPECTED_DAYS,
  DASHBOARD_LIST_MAX,
  PROPOSAL_WAIT_DAYS,
  REVENUE_FUTURE_MONTHS,
  REVENUE_PAST_MONTHS,
  WIN_RATE_DAYS,
  type Dashboard,
  type DashboardCash,
  type DashboardLists,
} from "../../../contract/dashboard";
import { conversionRate } from "../../../contract/lead";
import {
  boardColumns,
  furthestStages,
  openStatuses,
  type FurthestStage,
  type LeadSource,
  type LeadStatus,
} from "../../../contract/lead-statuses";
import type { StageWeights } from "../../../contract/settings";
import type { TaskPriority } from "../../../contract/task";
import type { CallMethod } from "../../../contract/call-values";
import { addDays, addMonths, londonStartOf, londonToday, mondayOf } from "../../platform/time";
import { stageWeightsOf, WEIGHTS_KEY } from "../settings";
import { amountCreditedPence, amountPaidPence, invoices } from "../../db/schema";

/** The funnel's path: every stage but Lost, in the board's order (Won last). */
const FUNNEL_PATH = boardColumns.map((c) => c.status).filter((s) => s !== "Lost");
/** Where each furthest stage sits on the path: a lead that got there reached it and every stage before. */
const FURTHEST_RANK = new Map<string, number>(furthestStages.map((s) => [s, FUNNEL_PATH.indexOf(s)]));
const OPEN_SQL = sql.raw(openStatuses.map((s) => `'${s}'`).join(", "));
const EXCERPT_CHARS = 140;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
const pounds = (n: number) => Math.round(n * 100) / 100;

/** `CASE WHEN col >= starts[n-1] THEN n-1 ... WHEN col >= starts[0] THEN 0 END`: the range a stored time falls in. */
function bucketOf(column: ReturnType<typeof sql.raw>, starts: string[]) {
  const arms = starts.map((start, i) => ({ start, i })).reverse();
  return sql.join([sql`CASE`, ...arms.map(({ start, i }) => sql`WHEN ${column} >= ${start} THEN ${i}`), sql`END`], sql.raw(" "));
}

interface Row {
  [key: string]: unknown;
}

const dialect = new SQLiteSyncDialect();

/** A raw aggregate, typed by its caller. drizzle's `db.all` cannot join a D1 batch, so these go to D1 as they are. */
const query = <T = Row>(text: SQL) => ({ text, rows: undefined as unknown as T[] });
type Query<T> = ReturnType<typeof query<T>>;

/** The median of `days` (a SELECT of one column, days): the middle one, or the mean of the middle two; and how many. */
const medianDays = (days: SQL) =>
  query<{ days: number | null; n: number | null }>(sql`
    SELECT avg(days) AS days, max(n) AS n FROM (
      SELECT days, row_number() OVER (ORDER BY days) AS rn, count(*) OVER () AS n FROM (${days}))
    WHERE rn IN ((n + 1) / 2, (n + 2) / 2)`);

/** Runs the statements as one D1 batch: one round trip, one consistent read. */
async function batch<const Q extends readonly Query<unknown>[]>(db: Db, queries: Q): Promise<{ [K in keyof Q]: Q[K]["rows"] }> {
  // createDb's binding, typed loosely there (platform/db.ts).
  const d1 = db.$client as unknown as D1Database;
  const results = await d1.batch(
    queries.map((q) => {
      const { sql: text, params } = dialect.sqlToQuery(q.text);
      return d1.prepare(text).bind(...params);
    }),
  );
  return results.map((r) => r.results) as { [K in keyof Q]: Q[K]["rows"] };
}

export async function getDashboard(db: Db, userId: string, now = new Date()): Promise<Dashboard> {
  const today = londonToday(now);
  const thisMonth = today.slice(0, 7);

  // Won revenue: REVENUE_PAST_MONTHS London months up to this one, as ranges of stored times.
  const pastMonths = Array.from({ length: REVENUE_PAST_MONTHS }, (_, i) => addMonths(thisMonth, i - REVENUE_PAST_MONTHS + 1));
  const monthStarts = pastMonths.map(londonStartOf);
  const nextMonthStart = londonStartOf(addMonths(thisMonth, 1));
  const lastFutureMonth = addMonths(thisMonth, REVENUE_FUTURE_MONTHS);
  const weekStart = mondayOf(today);
  const winRateSince = new Date(now.getTime() - WIN_RATE_DAYS * 86_400_000).toISOString();
  // Sent before this date: more than PROPOSAL_WAIT_DAYS days ago.
  const proposalsSentBy = addDays(today, -PROPOSAL_WAIT_DAYS);
  const closedAt = sql.raw("closed_at");
  const cashUntil = addDays(today, CASH_EXPECTED_DAYS);
  const monthFirst = `${thisMonth}-01`;
  const nextMonthFirst = `${addMonths(thisMonth, 1)}-01`;
  // What isOwed and isLate (contract/invoice-values.ts) say, in SQL: owed is Sent or Overdue.
  // Money that arrived this month: payments that reached the studio, and refunds (which count against it).
  const receivedThisMonth = sql`(date >= ${monthFirst} AND date < ${nextMonthFirst} AND (kind = 'refund' OR state IN ('succeeded', 'refunded', 'disputed')))`;
  // What no longer counts as owed: money received, and what credit notes took off.
  const balancePaid = sql`(${amountPaidPence(invoices.id)} + ${amountCreditedPence(invoices.id)})`;
  const dueSoon = sql`(status = 'Sent' AND due_date >= ${today} AND due_date <= ${cashUntil})`;
  const late = lateInvoice(today);
  const waitingSoon = sql`(raised_at IS NULL AND due = 'on_date' AND due_date <= ${cashUntil})`;

  const [weightRows, byStatus, reach, wonByMonth, winRate, median, newThisWeek, expected, sources, campaigns, cash, paidMedian, ...lists] =
    await batch(db, [
      query<{ value: string }>(sql`SELECT value FROM settings WHERE key = ${WEIGHTS_KEY}`),
      // The stages' counts, the pipeline's value and its weighted forecast: one pass over the status index.
      query<{ status: LeadStatus; n: number; value: number }>(
        sql`SELECT status, count(*) AS n, coalesce(sum(value), 0) AS value FROM leads GROUP BY status`,
      ),
      // The funnel: how far the leads got (Lost ones too), read in order from leads_status_furthest_idx alone.
      query<{ status: LeadStatus; furthest_stage: FurthestStage; n: number }>(
        sql`SELECT status, furthest_stage, count(*) AS n FROM leads GROUP BY status, furthest_stage`,
      ),
      query<{ bucket: number; n: number; value: number }>(sql`
      SELECT ${bucketOf(closedAt, monthStarts)} AS bucket, count(*) AS n, coalesce(sum(value), 0) AS value
      FROM leads WHERE status = 'Won' AND closed_at >= ${monthStarts[0]} AND closed_at < ${nextMonthStart}
      GROUP BY bucket`),
      query<{ won: number; closed: number }>(sql`
      SELECT coalesce(sum(status = 'Won'), 0) AS won, count(*) AS closed
      FROM leads WHERE status IN ('Won', 'Lost') AND closed_at >= ${winRateSince}`),
      medianDays(sql`SELECT julianday(closed_at) - julianday(created_at) AS days FROM leads
        WHERE status = 'Won' AND closed_at IS NOT NULL AND closed_at >= created_at`),
      query<{ n: number }>(sql`SELECT count(*) AS n FROM leads WHERE created_at >= ${londonStartOf(weekStart)}`),
      // Expected revenue: an open lead is placed in the month its Sent proposal is valid until (or,
      // without one, due to be answered by: decision 0020), or else of its follow-up date; a lead with
      // none of these counts in the forecast tile but in no month. The Sent proposals' dates are read
      // once, grouped by lead, and joined: as a subquery per lead SQLite ran it up to four times for
      // each open lead (once for each use of the month).
      query<{ month: string; status: LeadStatus; value: number }>(sql`
      SELECT month, status, sum(value) AS value FROM (
        SELECT substr(coalesce(sent.until, l.follow_up_date), 1, 7) AS month, l.status, l.value
        FROM leads l LEFT JOIN (
          SELECT lead_id, max(coalesce(valid_until, due_date)) AS until FROM proposals
          WHERE status = 'Sent' AND lead_id IS NOT NULL GROUP BY lead_id) sent ON sent.lead_id = l.id
        WHERE l.status IN (${OPEN_SQL}) AND l.value > 0)
      WHERE month IS NOT NULL AND month <= ${lastFutureMonth}
      GROUP BY month, status`),
      query<{ source: LeadSource | null; leads: number; won: number; won_value: number }>(sql`
      SELECT source, count(*) AS leads, coalesce(sum(status = 'Won'), 0) AS won,
        coalesce(sum(CASE WHEN status = 'Won' THEN value END), 0) AS won_value
      FROM leads GROUP BY source ORDER BY leads DESC, source`),
      // A lead's campaign is the one on the first enquiry it came from (form_submissions.utm).
      query<{ campaign: string; leads: number; won: number; won_value: number }>(sql`
      SELECT c.campaign AS campaign, count(*) AS leads, coalesce(sum(l.status = 'Won'), 0) AS won,
        coalesce(sum(CASE WHEN l.status = 'Won' THEN l.value END), 0) AS won_value
      FROM (
        SELECT lead_id, json_extract(utm, '$.utm_campaign') AS campaign, min(created_at)
        FROM form_submissions WHERE lead_id IS NOT NULL AND json_extract(utm, '$.utm_campaign') IS NOT NULL
        GROUP BY lead_id) c
      JOIN leads l ON l.id = c.lead_id
      GROUP BY c.campaign ORDER BY leads DESC, c.campaign LIMIT 20`),
      // The cash: invoices' dates are London calendar dates already, so they compare as text. Added in
      // pennies, as the invoices page adds them (sumTotals), so the two never differ by float drift.
      // Cash received is the money itself: the month's payments less its refunds (docs/decisions/0064-payments-and-stripe.md),
      // so a part payment counts when it arrives; what is expected and overdue is each invoice's balance due.
      query<CashRow>(sql`
      SELECT
        (SELECT coalesce(sum(CASE WHEN kind = 'refund' THEN -round(amount * 100) ELSE round(amount * 100) END), 0) FROM payments
          WHERE ${receivedThisMonth}) AS received,
        (SELECT count(*) FROM payments WHERE kind = 'payment' AND ${receivedThisMonth}) AS received_n,
        coalesce(sum(CASE WHEN ${dueSoon} THEN round(total * 100) - ${balancePaid} END), 0) AS expected, coalesce(sum(${dueSoon}), 0) AS expected_n,
        -- Instalments not yet raised whose date comes within the window (one already past is raised
        -- within the hour); those waiting on a launch or a completion have no date to place them by.
        (SELECT coalesce(sum(round(amount * 100)), 0) FROM instalments WHERE ${waitingSoon}) AS waiting,
        (SELECT count(*) FROM instalments WHERE ${waitingSoon}) AS waiting_n,
        coalesce(sum(CASE WHEN ${late} THEN round(total * 100) - ${balancePaid} END), 0) AS overdue, coalesce(sum(${late}), 0) AS overdue_n
      FROM invoices
      -- The VAT invoice raised when a payment request is paid is the same money again (decision 0063).
      WHERE settles_id IS NULL`),
      medianDays(sql`SELECT julianday(paid_date) - julianday(date) AS days FROM invoices
        WHERE status = 'Paid' AND paid_date IS NOT NULL AND paid_date >= date AND settles_id IS NULL`),
      ...listQueries(userId, today, proposalsSentBy),
    ] as const);

  const weights = stageWeightsOf(weightRows[0]?.value);
  const statusRows = new Map((byStatus as { status: LeadStatus; n: number; value: number }[]).map((r) => [r.status, r]));
  const open = openStatuses.map((s) => ({ status: s, n: statusRows.get(s)?.n ?? 0, value: statusRows.get(s)?.value ?? 0 }));
  const weightOf = (s: LeadStatus) => (weights[s as keyof StageWeights] ?? 0) / 100;

  const wonRows = new Map(wonByMonth.map((r) => [r.bucket, r]));
  const expectedByMonth = new Map<string, number>();
  for (const r of expected) {
    // A date already past is still expected: it counts in this month.
    const month = r.month < thisMonth ? thisMonth : r.month;
    expectedByMonth.set(month, (expectedByMonth.get(month) ?? 0) + r.value * weightOf(r.status));
  }
  const months = [...pastMonths, ...Array.from({ length: REVENUE_FUTURE_MONTHS }, (_, i) => addMonths(thisMonth, i + 1))];
  const revenue = months.map((month, i) => ({
    month,
    won: pounds(wonRows.get(i)?.value ?? 0),
    expected: pounds(expectedByMonth.get(month) ?? 0),
  }));

  // A stage was reached by every Won lead, and by every other lead (Lost ones included) that got at
  // least that far; Won itself, by the leads Won now. So New is reached by every lead.
  const wonCount = statusRows.get("Won")?.n ?? 0;
  const reached = FUNNEL_PATH.map(
    (status, i) =>
      wonCount +
      (status === "Won"
        ? 0
        : reach.reduce((n, r) => n + (r.status !== "Won" && (FURTHEST_RANK.get(r.furthest_stage) ?? 0) >= i ? r.n : 0), 0)),
  );
  const allLeads = [...statusRows.values()].reduce((n, r) => n + r.n, 0);
  const funnel = [
    ...FUNNEL_PATH.map((status, i) => ({
      status,
      count: statusRows.get(status)?.n ?? 0,
      reached: reached[i],
      conversion: i < FUNNEL_PATH.length - 1 ? pct(reached[i + 1], reached[i]) : null,
    })),
    { status: "Lost" as const, count: statusRows.get("Lost")?.n ?? 0, reached: null, conversion: null },
  ];

  const [{ won = 0, closed = 0 } = {}] = winRate;
  const [mid] = median;
  const thisBucket = wonRows.get(REVENUE_PAST_MONTHS - 1);
  const lastBucket = wonRows.get(REVENUE_PAST_MONTHS - 2);

  return {
    today,
    weights,
    tiles: {
      pipeline: {
        value: pounds(open.reduce((n, r) => n + r.value, 0)),
        weighted: pounds(open.reduce((n, r) => n + r.value * weightOf(r.status), 0)),
        open: open.reduce((n, r) => n + r.n, 0),
      },
      won_this_month: { month: thisMonth, value: pounds(thisBucket?.value ?? 0), count: thisBucket?.n ?? 0 },
      won_last_month: { month: addMonths(thisMonth, -1), value: pounds(lastBucket?.value ?? 0), count: lastBucket?.n ?? 0 },
      win_rate: { won, closed, rate: pct(won, closed), days: WIN_RATE_DAYS },
      median_days_to_won: { days: mid?.days == null ? null : Math.round(mid.days * 10) / 10, won: mid?.n ?? 0 },
      new_this_week: { week_start: weekStart, count: newThisWeek[0]?.n ?? 0 },
    },
    revenue,
    sources: sources.map((r) => ({ ...r, won_value: pounds(r.won_value) })),
    campaigns: campaigns.map((r) => ({ ...r, won_value: pounds(r.won_value) })),
    funnel,
    cash: cashOf(cash[0], paidMedian[0], thisMonth, cashUntil),
    conversion: { won: wonCount, leads: allLeads, rate: conversionRate(wonCount, allLeads) },
    lists: listsOf(lists as Row[][], today),
  };
}

/** The cash query's row, in pence: each figure and how many records are behind it. */
interface CashRow {
  received: number;
  received_n: number;
  expected: number;
  expected_n: number;
  waiting: number;
  waiting_n: number;
  overdue: number;
  overdue_n: number;
}

function cashOf(
  c: CashRow | undefined,
  mid: { days: number | null; n: number | null } | undefined,
  month: string,
  until: string,
): DashboardCash {
  const pence = (n: number | undefined) => (n ?? 0) / 100;
  return {
    received_this_month: { month, value: pence(c?.received), count: c?.received_n ?? 0 },
    expected: {
      days: CASH_EXPECTED_DAYS,
      until,
      value: pence((c?.expected ?? 0) + (c?.waiting ?? 0)),
      count: c?.expected_n ?? 0,
      instalments: c?.waiting_n ?? 0,
    },
    overdue: { value: pence(c?.overdue), count: c?.overdue_n ?? 0 },
    median_days_to_paid: { days: mid?.days == null ? null : Math.round(mid.days * 10) / 10, paid: mid?.n ?? 0 },
  };
}

/**
 * What isLate (contract/invoice-values.ts) says, in SQL: the Overdue tile and the Overdue list
 * count the same invoices. `alias` qualifies the columns where the invoices are joined.
 */
function lateInvoice(today: string, alias?: string) {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`(${column("status")} = 'Overdue' OR (${column("status")} = 'Sent' AND ${column("due_date")} < ${today}))`;
}

/** Each list as two statements: its first DASHBOARD_LIST_MAX items, and how many there are. */
function listQueries(userId: string, today: string, proposalsSentBy: string) {
  const lists = [
    {
      from: sql`FROM tasks WHERE assignee_username = ${userId} AND completed = 0 AND due_date IS NOT NULL AND due_date <= ${today}`,
      select: sql`SELECT id, title, due_date, priority`,
      order: sql`ORDER BY due_date, id`,
    },
    {
      from: sql`FROM leads WHERE status IN (${OPEN_SQL}) AND follow_up_date IS NOT NULL AND follow_up_date <= ${today}`,
      select: sql`SELECT id, name, company, follow_up_date, status`,
      order: sql`ORDER BY follow_up_date, id`,
    },
    {
      from: sql`FROM invoices i LEFT JOIN clients c ON c.id = i.client_id
        WHERE ${lateInvoice(today, "i")}`,
      select: sql`SELECT i.id AS id, i.number AS number, c.name AS client_name, i.total AS total, i.due_date AS due_date`,
      order: sql`ORDER BY i.due_date, i.id`,
    },
    {
      from: sql`FROM proposals p LEFT JOIN leads l ON l.id = p.lead_id LEFT JOIN clients c ON c.id = p.client_id
        WHERE p.status = 'Sent' AND p.sent_date IS NOT NULL AND p.sent_date < ${proposalsSentBy}`,
      select: sql`SELECT p.id AS id, p.title AS title, p.sent_date AS sent_date, p.value AS value, coalesce(l.name, c.name) AS for_name`,
      order: sql`ORDER BY p.sent_date, p.id`,
    },
    {
      from: sql`FROM calls k LEFT JOIN users u ON u.id = k.host_id
        WHERE k.status = 'confirmed' AND k.london_date >= ${today} AND k.london_date <= ${addDays(today, 6)}`,
      select: sql`SELECT k.id AS id, k.name AS name, k.company AS company, k.start_at AS start_at, k.end_at AS end_at,
        k.method AS method, u.full_name AS host_name, k.lead_id AS lead_id`,
      order: sql`ORDER BY k.start_at, k.id`,
    },
    {
      from: sql`FROM preview_comments pc JOIN clients c ON c.id = pc.client_id WHERE pc.status = 'Open'`,
      select: sql`SELECT pc.id AS id, pc.client_id AS client_id, c.name AS client_name, pc.author_name AS author_name,
        CASE WHEN length(pc.body) > ${EXCERPT_CHARS} THEN substr(pc.body, 1, ${EXCERPT_CHARS - 1}) || '…' ELSE pc.body END AS excerpt,
        pc.created_at AS created_at`,
      order: sql`ORDER BY pc.created_at, pc.id`,
    },
  ];
  return lists.flatMap((l) => [
    query<Row>(sql`${l.select} ${l.from} ${l.order} LIMIT ${DASHBOARD_LIST_MAX}`),
    query<Row>(sql`SELECT count(*) AS n ${l.from}`),
  ]);
}

function listsOf(results: Row[][], today: string): DashboardLists {
  const list = <T>(i: number, map: (r: Row) => T) => ({ total: Number(results[i * 2 + 1][0]?.n ?? 0), items: results[i * 2].map(map) });
  return {
    my_tasks: list(0, (r) => ({
      id: String(r.id),
      title: String(r.title),
      due_date: String(r.due_date),
      priority: r.priority as TaskPriority,
      overdue: String(r.due_date) < today,
    })),
    follow_ups: list(1, (r) => ({
      id: String(r.id),
      name: String(r.name),
      company: (r.company as string | null) ?? null,
      follow_up_date: String(r.follow_up_date),
      status: r.status as LeadStatus,
    })),
    overdue_invoices: list(2, (r) => ({
      id: String(r.id),
      number: String(r.number),
      client_name: (r.client_name as string | null) ?? null,
      total: Number(r.total),
      due_date: String(r.due_date),
    })),
    waiting_proposals: list(3, (r) => ({
      id: String(r.id),
      title: String(r.title),
      sent_date: String(r.sent_date),
      value: r.value == null ? null : Number(r.value),
      for_name: (r.for_name as string | null) ?? null,
    })),
    calls_this_week: list(4, (r) => ({
      id: String(r.id),
      name: String(r.name),
      company: (r.company as string | null) ?? null,
      start_at: String(r.start_at),
      end_at: String(r.end_at),
      method: r.method as CallMethod,
      host_name: (r.host_name as string | null) ?? null,
      lead_id: (r.lead_id as string | null) ?? null,
    })),
    open_feedback: list(5, (r) => ({
      id: String(r.id),
      client_id: String(r.client_id),
      client_name: String(r.client_name),
      author_name: String(r.author_name),
      excerpt: String(r.excerpt),
      created_at: String(r.created_at),
    })),
  };
}
