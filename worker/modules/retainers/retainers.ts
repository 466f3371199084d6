/**
 * Recurring invoices (docs/decisions/0067-retainers.md): a client's lines raised as an invoice,
 * numbered in the INV series, on each period's London date, then shared and e-mailed as
 * instalments are (deliverRaised). Each raise claims (recurring invoice, period date) in the batch
 * that inserts the invoice, so a period is raised at most once whatever is retried or run at once.
 */
import { and, asc, eq, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import type { Env } from "../../env";
import { activities, clients, invoices, recurring_invoice_raises, recurring_invoices } from "../../db/schema";
import { linesTotal } from "../../../contract/invoice";
import {
  firstPeriodFrom,
  periodAfter,
  type RecurringAction,
  type RecurringDay,
  type RecurringInvoice,
  type recurringInvoiceInput,
  type recurringInvoicePatch,
} from "../../../contract/recurring-invoice";
import { automaticCredit } from "../../../contract/activity-values";
import { AppError, notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { addDays, londonToday, nextStamp } from "../../platform/time";
import { versionedResult } from "../../platform/versioned";
import { invalid } from "../../platform/validate";
import { getStudioSettings } from "../settings";
import { bumpSeries, clientVatTreatment, deliverRaised, raisedInvoiceSelection, takenNumberSql } from "../instalments";

type Row = typeof recurring_invoices.$inferSelect;

const dayOf = (row: Pick<Row, "day">): RecurringDay => (row.day === 0 ? "last" : row.day);
const storedDay = (day: RecurringDay) => (day === "last" ? 0 : day);

function toRecurringInvoice(row: Row, today: string): RecurringInvoice {
  const ended = !!row.end_date && (row.end_date < row.next_date || row.end_date < today);
  return {
    ...row,
    day: dayOf(row),
    next_date: ended ? null : row.next_date,
    state: ended ? "Ended" : row.paused ? "Paused" : "Active",
  };
}

export async function listRecurringInvoices(db: Db, clientId: string, now = new Date()): Promise<RecurringInvoice[]> {
  const rows = await db
    .select()
    .from(recurring_invoices)
    .where(eq(recurring_invoices.client_id, clientId))
    .orderBy(asc(recurring_invoices.created_at));
  const today = londonToday(now);
  return rows.map((r) => toRecurringInvoice(r, today));
}

async function getRow(db: Db, id: string): Promise<Row> {
  const row = await db.select().from(recurring_invoices).where(eq(recurring_invoices.id, id)).get();
  if (!row) throw notFound("Recurring invoice");
  return row;
}

/** The last period already raised: an edit never moves the next date back onto it. */
async function lastRaised(db: Db, id: string): Promise<string | null> {
  const row = await db
    .select({ last: sql<string | null>`max(${recurring_invoice_raises.period_date})` })
    .from(recurring_invoice_raises)
    .where(eq(recurring_invoice_raises.recurring_invoice_id, id))
    .get();
  return row?.last ?? null;
}

type Schedule = Pick<z.output<typeof recurringInvoiceInput>, "interval" | "day" | "start_date">;
/** The first period on or after today (and after the last raised), as the schedule now stands. */
const nextFrom = (s: Schedule, today: string, raised: string | null) =>
  firstPeriodFrom(s.start_date, s.interval, s.day, raised && addDays(raised, 1) > today ? addDays(raised, 1) : today);

async function checkProject(db: Db, clientId: string, projectId: string | null) {
  if (!projectId) return;
  const project = await db.select({ client_id: sql<string>`client_id` }).from(sql`projects`).where(sql`id = ${projectId}`).get();
  if (!project || project.client_id !== clientId) throw invalid({ project_id: "Choose one of this client's projects" });
}

export async function createRecurringInvoice(db: Db, input: z.output<typeof recurringInvoiceInput>, now = new Date()): Promise<RecurringInvoice> {
  const client = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.client_id)).get();
  if (!client) throw invalid({ client_id: "Choose a client" });
  await checkProject(db, input.client_id, input.project_id);
  const today = londonToday(now);
  const [row] = await db
    .insert(recurring_invoices)
    .values({
      id: newId(),
      ...input,
      day: storedDay(input.day),
      total: linesTotal(input.lines),
      next_date: nextFrom(input, today, null),
    })
    .returning();
  return toRecurringInvoice(row, today);
}

/**
 * An edit changes only what it names. The next date moves only when the schedule changed (interval,
 * day or start), so retitling a retainer never undoes a Skip next.
 */
export async function updateRecurringInvoice(
  db: Db,
  id: string,
  patch: z.output<typeof recurringInvoicePatch>,
  now = new Date(),
): Promise<RecurringInvoice> {
  const current = await getRow(db, id);
  if (patch.project_id !== undefined) await checkProject(db, current.client_id, patch.project_id);
  const { updated_at: seen, day, lines, ...changes } = patch;
  const schedule = {
    interval: patch.interval ?? current.interval,
    day: day ?? dayOf(current),
    start_date: patch.start_date ?? current.start_date,
  };
  const endDate = patch.end_date !== undefined ? patch.end_date : current.end_date;
  if (endDate && endDate < schedule.start_date) throw invalid({ end_date: "End date must be on or after the start date" });
  const rescheduled = patch.interval !== undefined || day !== undefined || patch.start_date !== undefined;
  const today = londonToday(now);
  return versioned(db, id, seen, today, {
    ...changes,
    ...(day !== undefined ? { day: storedDay(day) } : {}),
    ...(lines !== undefined ? { lines, total: linesTotal(lines) } : {}),
    ...(rescheduled ? { next_date: nextFrom(schedule, today, await lastRaised(db, id)) } : {}),
  });
}

async function versioned(db: Db, id: string, seen: string, today: string, set: Partial<Row>): Promise<RecurringInvoice> {
  const rows = await db
    .update(recurring_invoices)
    .set({ ...set, updated_at: nextStamp(seen) })
    .where(and(eq(recurring_invoices.id, id), eq(recurring_invoices.updated_at, seen)))
    .returning();
  const row = await versionedResult(rows, () => getRow(db, id).catch(() => null), "Recurring invoice");
  return toRecurringInvoice(row, today);
}

/**
 * The card's buttons. Pause stops raising; Resume starts again from the first period on or after
 * today, so the periods paused over are not raised; Skip next moves the next date on one
 * interval; End sets the end date to today.
 */
export async function actOnRecurringInvoice(db: Db, id: string, action: RecurringAction, seen: string, now = new Date()) {
  const row = await getRow(db, id);
  const today = londonToday(now);
  const schedule = { interval: row.interval, day: dayOf(row), start_date: row.start_date };
  const ended = toRecurringInvoice(row, today).state === "Ended";
  if (ended && action !== "end") throw new AppError("conflict", "This recurring invoice has ended.");
  const set: Partial<Row> =
    action === "pause"
      ? { paused: true }
      : action === "resume"
        ? { paused: false, next_date: nextFrom(schedule, today, await lastRaised(db, id)) }
        : action === "skip"
          ? { next_date: periodAfter(row.start_date, row.interval, dayOf(row), row.next_date) }
          : { end_date: row.end_date && row.end_date < today ? row.end_date : today };
  return versioned(db, id, seen, today, set);
}

/** Which recurring invoice raised an invoice, for its card's "Recurring: Care plan". */
export async function recurringSourceOf(db: Db, invoiceId: string) {
  return db
    .select({ id: recurring_invoices.id, title: recurring_invoices.title })
    .from(recurring_invoice_raises)
    .innerJoin(recurring_invoices, eq(recurring_invoices.id, recurring_invoice_raises.recurring_invoice_id))
    .where(eq(recurring_invoice_raises.invoice_id, invoiceId))
    .get();
}

/** The latest period on or before today, from the next date: a missed run raises one, not each (0067). */
function periodDue(row: Row, today: string): string {
  let period = row.next_date;
  for (let next = periodAfter(row.start_date, row.interval, dayOf(row), period); next <= today; )
    [period, next] = [next, periodAfter(row.start_date, row.interval, dayOf(row), next)];
  return period;
}

/** One period's raise: the invoice numbered from the series, its claim, the next date moved on, the feed's entry. */
function raiseStatements(db: Db, row: Row, period: string, ctx: { today: string; now: string; termsDays: number; credit: string }) {
  const documentId = newId();
  const when = sql`NOT EXISTS (SELECT 1 FROM "recurring_invoice_raises" AS "c" WHERE "c"."recurring_invoice_id" = ${row.id} AND "c"."period_date" = ${period})
    AND EXISTS (SELECT 1 FROM "recurring_invoices" AS "r" WHERE "r"."id" = ${row.id} AND "r"."next_date" = ${row.next_date} AND NOT "r"."paused")`;
  const made = sql`EXISTS (SELECT 1 FROM "invoices" AS "d" WHERE "d"."id" = ${documentId})`;
  const v = <T>(value: SQL, name: string) => sql<T>`${value}`.as(name);
  const next = periodAfter(row.start_date, row.interval, dayOf(row), period > ctx.today ? period : ctx.today);
  const writes: BatchItem<"sqlite">[] = [
    bumpSeries(db, "invoice", when),
    db.insert(invoices).select(
      db
        .select(
          raisedInvoiceSelection({
            id: sql`${documentId}`,
            number: takenNumberSql("invoice"),
            client_id: sql`${row.client_id}`,
            project_id: sql`${row.project_id}`,
            lines: sql`${JSON.stringify(row.lines)}`,
            total: sql`${row.total}`,
            date: sql`${ctx.today}`,
            due_date: sql`${addDays(ctx.today, row.terms_days ?? ctx.termsDays)}`,
            vat_treatment: clientVatTreatment(row.client_id),
            created_at: sql`${ctx.now}`,
            updated_at: sql`${ctx.now}`,
          }),
        )
        .from(sql`(SELECT 1)`)
        .where(when),
    ),
    db.insert(recurring_invoice_raises).select(
      db
        .select({
          recurring_invoice_id: v<string>(sql`${row.id}`, "recurring_invoice_id"),
          period_date: v<string>(sql`${period}`, "period_date"),
          invoice_id: v<string>(sql`${documentId}`, "invoice_id"),
          raised_at: v<string>(sql`${ctx.now}`, "raised_at"),
        })
        .from(sql`(SELECT 1)`)
        .where(made),
    ),
    db.insert(activities).select(
      db
        .select({
          id: v<string>(sql`${newId()}`, "id"),
          who_username: v<null>(sql`NULL`, "who_username"),
          who_name: v<string>(sql`${ctx.credit}`, "who_name"),
          who_kind: v<string>(sql`'automatic'`, "who_kind"),
          type: v<string>(sql`'Note'`, "type"),
          summary: v<string>(sql`'Raised invoice ' || "d"."number" || ' from recurring invoice ' || ${row.title}`, "summary"),
          related_type: v<string>(sql`'client'`, "related_type"),
          related_id: v<string>(sql`${row.client_id}`, "related_id"),
          mail_id: v<null>(sql`NULL`, "mail_id"),
          created_at: v<string>(sql`${ctx.now}`, "created_at"),
          updated_at: v<string>(sql`${ctx.now}`, "updated_at"),
        })
        .from(sql`"invoices" AS "d"`)
        .where(sql`"d"."id" = ${documentId}`),
    ),
    db
      .update(recurring_invoices)
      .set({ next_date: next, updated_at: ctx.now })
      .where(and(eq(recurring_invoices.id, row.id), made)),
  ];
  return { documentId, writes };
}

/**
 * The job: every recurring invoice whose next date is today or past in London, not paused, not
 * past its end date, raised for its latest due period, each in its own batch (one failing leaves
 * the others raised), then shared and e-mailed.
 */
export async function raiseDueRecurringInvoices(
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SITE_URL">,
  db: Db,
  now: Date,
): Promise<{ today: string; raised: string[] }> {
  const today = londonToday(now);
  const due = await db
    .select()
    .from(recurring_invoices)
    .where(and(lte(recurring_invoices.next_date, today), eq(recurring_invoices.paused, false)))
    .orderBy(asc(recurring_invoices.next_date));
  const open = due
    .map((row) => ({ row, period: periodDue(row, today) }))
    .filter(({ row, period }) => !row.end_date || period <= row.end_date);
  if (open.length === 0) return { today, raised: [] };
  const { settings } = await getStudioSettings(db, env.STUDIO_NAME);
  const ctx = { today, now: now.toISOString(), termsDays: settings.payment_terms_days, credit: automaticCredit(settings.studio_name) };
  const raised: string[] = [];
  for (const { row, period } of open) {
    const { documentId, writes } = raiseStatements(db, row, period, ctx);
    try {
      await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    } catch (err) {
      // Another run claimed the period between our read and our batch: nothing of ours was written.
      if (isUniqueClash(err)) continue;
      throw err;
    }
    raised.push(documentId);
  }
  return { today, raised: await deliverRaised(env, db, env.SITE_URL, raised) };
}

const isUniqueClash = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(`${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}`);

