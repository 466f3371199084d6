/**
 * The Cron Trigger's work. Cron runs hourly on UTC; each job decides here, in
 * Europe/London, whether it is due, and runs at most once per London day: a `job_runs` row is
 * written in the same batch as the job's own writes, so a second run that day (or a retry, or two
 * runs at once) finds it and does nothing, and a failed run leaves nothing behind to be retried.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import type { Env } from "../../env";
import { activities, invoices, job_runs } from "../../db/schema";
import { londonToday } from "../../platform/time";
import { sendDailyDigests } from "./digest";
import { housekeepingDeletes } from "../data";
import { automaticCreditOf, refreshBankHolidays } from "../settings";
import { deliverRaised, dueByDateWrites, raiseContextOf } from "../instalments";
import { runBatch } from "../../platform/batch";
import { sendPaymentReminders } from "../payments";
import { raiseDueRecurringInvoices } from "../retainers";
import { getBookingSettings, refreshHostCalendar, remindCalls } from "../bookings";

export type JobName =
  | "overdue_invoices"
  | "housekeeping"
  | "daily_digest"
  | "due_instalments"
  | "recurring_invoices"
  | "payment_reminders"
  | "call_reminders"
  | "host_calendar"
  | "bank_holidays";

export interface JobOutcome {
  job: JobName;
  /** The London date the run was for. */
  date: string;
  /** False when it had already run that day. */
  ran: boolean;
  result?: Record<string, number>;
  /** What changed, for the live channel. */
  changed: { entity: "invoices" | "activities"; id: string }[];
}

/** Whether today's run of `job` has happened. */
async function ranToday(db: Db, job: JobName, date: string): Promise<boolean> {
  return !!(await db
    .select({ job: job_runs.job })
    .from(job_runs)
    .where(and(eq(job_runs.job, job), eq(job_runs.run_date, date)))
    .get());
}

const isUniqueClash = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(`${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}`);

/**
 * Invoices go Overdue by themselves: from the day after its due date (London), an invoice still
 * Sent becomes Overdue, with an Activity Feed entry "Invoice INV-… is overdue". Drafts and Paid
 * invoices are never touched, and a status set by hand afterwards stays.
 */
export async function markOverdueInvoices(db: Db, now: Date, studioName: string): Promise<JobOutcome> {
  const job: JobName = "overdue_invoices";
  const date = londonToday(now);
  if (await ranToday(db, job, date)) return { job, date, ran: false, changed: [] };
  const credit = await automaticCreditOf(db, studioName);
  const at = now.toISOString();
  const due = and(eq(invoices.status, "Sent"), lt(invoices.due_date, date));
  let late: { id: string }[];
  try {
    [, late] = await db.batch([
      db.insert(activities).select(
        db
          .select({
            id: sql<string>`lower(hex(randomblob(16)))`.as("id"),
            who_username: sql<null>`NULL`.as("who_username"),
            who_name: sql<string>`${credit}`.as("who_name"),
            who_kind: sql<string>`'automatic'`.as("who_kind"),
            type: sql<string>`'StatusChange'`.as("type"),
            summary: sql<string>`'Invoice ' || "invoices"."number" || ' is overdue'`.as("summary"),
            related_type: sql<string>`'invoice'`.as("related_type"),
            related_id: invoices.id,
            mail_id: sql<null>`NULL`.as("mail_id"),
            created_at: sql<string>`${at}`.as("created_at"),
            updated_at: sql<string>`${at}`.as("updated_at"),
          })
          .from(invoices)
          .where(due),
      ),
      db.update(invoices).set({ status: "Overdue", updated_at: at }).where(due).returning({ id: invoices.id }),
      // Last, counting the update's rows: a run already recorded for today fails the batch, undoing it all.
      db.insert(job_runs).values({ job, run_date: date, ran_at: at, result: sql`json_object('invoices', changes())` }),
    ]);
  } catch (err) {
    if (isUniqueClash(err)) return { job, date, ran: false, changed: [] };
    throw err;
  }
  return {
    job,
    date,
    ran: true,
    result: { invoices: late.length },
    changed: [
      ...late.map((i) => ({ entity: "invoices" as const, id: i.id })),
      ...(late.length > 0 ? [{ entity: "activities" as const, id: `${job}:${date}` }] : []),
    ],
  };
}

/**
 * The nightly housekeeping: form submissions, backups, rate-limit events, signed-out sessions,
 * expired invitations, old preview access attempts, digest records and mail refusals past their
 * retention, leads that only booked a call a year ago, and pieces of data transfers that never finished (modules/data/housekeeping.ts). The day's claim goes in the same batch as the deletes.
 */
export async function housekeep(db: Db, now: Date): Promise<JobOutcome> {
  const job: JobName = "housekeeping";
  const date = londonToday(now);
  if (await ranToday(db, job, date)) return { job, date, ran: false, changed: [] };
  const deletes = housekeepingDeletes(db, now);
  let results: unknown[];
  try {
    [, ...results] = await db.batch([
      db.insert(job_runs).values({ job, run_date: date, ran_at: now.toISOString(), result: "{}" }),
      ...Object.values(deletes),
    ]);
  } catch (err) {
    if (isUniqueClash(err)) return { job, date, ran: false, changed: [] };
    throw err;
  }
  const result = Object.fromEntries(Object.keys(deletes).map((name, i) => [name, changesOf(results[i])]));
  // The counts are only the record's: the deletes are already done and final.
  await db
    .update(job_runs)
    .set({ result: JSON.stringify(result) })
    .where(and(eq(job_runs.job, job), eq(job_runs.run_date, date)));
  return { job, date, ran: true, result, changed: [] };
}

/** Rows a delete removed: those it returned, or else D1's count. */
const changesOf = (result: unknown) =>
  Array.isArray(result) ? result.length : ((result as { meta?: { changes?: number } }).meta?.changes ?? 0);

/**
 * The daily digest, from 08:00 in London (modules/jobs/digest.ts). Each person's day is claimed before
 * their mail is sent; the job's own row, written after, only spares later runs the work of finding
 * everyone already claimed.
 */
export async function digestJob(
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "SITE_URL" | "STUDIO_NAME">,
  db: Db,
  now: Date,
): Promise<JobOutcome> {
  const job: JobName = "daily_digest";
  const date = londonToday(now);
  if (await ranToday(db, job, date)) return { job, date, ran: false, changed: [] };
  const result = await sendDailyDigests(env, db, now);
  if (!result) return { job, date, ran: false, changed: [] };
  await db
    .insert(job_runs)
    .values({ job, run_date: date, ran_at: now.toISOString(), result: JSON.stringify(result) })
    .onConflictDoNothing();
  return { job, date, ran: true, result, changed: [] };
}

/**
 * Instalments due on a date that is today or past in London (and deposits that waited for a
 * client) are raised, then shared and e-mailed (docs/decisions/0063). Every run looks, not once a
 * day: each raise claims its instalment in its own batch, so a retried or repeated run, or two at
 * once, raise nothing twice, and one accepted in the morning with today's date goes out within the hour.
 */
export async function raiseDueInstalments(
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SITE_URL">,
  db: Db,
  now: Date,
): Promise<JobOutcome> {
  const job: JobName = "due_instalments";
  const ctx = await raiseContextOf(db, env.STUDIO_NAME, now);
  const due = await dueByDateWrites(db, ctx);
  if (due.writes.length) await runBatch(db, due.writes);
  const raised = await deliverRaised(env, db, env.SITE_URL, due.raised);
  return {
    job,
    date: ctx.today,
    ran: true,
    result: { raised: raised.length },
    changed: raised.map((id) => ({ entity: "invoices" as const, id })),
  };
}

/**
 * Recurring invoices whose day has come in London (modules/retainers): every run looks, as for
 * instalments; each period's claim is written in the batch that raises it (docs/decisions/0067).
 */
export async function raiseRecurringInvoices(
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SITE_URL">,
  db: Db,
  now: Date,
): Promise<JobOutcome> {
  const { today, raised } = await raiseDueRecurringInvoices(env, db, now);
  return {
    job: "recurring_invoices",
    date: today,
    ran: true,
    result: { raised: raised.length },
    changed: raised.map((id) => ({ entity: "invoices" as const, id })),
  };
}

/**
 * Payment reminders (modules/payments/reminders.ts). Every run from 09:00 London looks: each
 * reminder is claimed on its own, so a run that stopped half-way is finished by the next hour's.
 */
export async function paymentRemindersJob(
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SITE_URL">,
  db: Db,
  now: Date,
): Promise<JobOutcome> {
  const result = await sendPaymentReminders(env, db, env.SITE_URL, now);
  return { job: "payment_reminders", date: londonToday(now), ran: true, result, changed: [] };
}

/** Calls booked on the site: each visitor reminded the day before (modules/bookings/manage.ts), every hour. */
export async function callRemindersJob(env: Env, db: Db, now: Date): Promise<JobOutcome> {
  return { job: "call_reminders", date: londonToday(now), ran: true, result: await remindCalls(env, db, now), changed: [] };
}

/** The host's own calendar, read every hour so what they add there keeps visitors off those times (modules/bookings/host-calendar.ts). */
export async function hostCalendarJob(db: Db, now: Date): Promise<JobOutcome> {
  const { settings } = await getBookingSettings(db);
  return { job: "host_calendar", date: londonToday(now), ran: true, result: await refreshHostCalendar(db, settings, now), changed: [] };
}

/**
 * GOV.UK's England and Wales bank holidays, once a London day where BANK_HOLIDAYS_URL is set (in
 * production; modules/settings/bank-holidays.ts). A failed read records no run, so the next hour tries again.
 */
export async function bankHolidaysJob(env: Pick<Env, "BANK_HOLIDAYS_URL">, db: Db, now: Date): Promise<JobOutcome> {
  const job: JobName = "bank_holidays";
  const date = londonToday(now);
  if (!env.BANK_HOLIDAYS_URL || (await ranToday(db, job, date))) return { job, date, ran: false, changed: [] };
  const result = await refreshBankHolidays(db, env.BANK_HOLIDAYS_URL, now);
  await db
    .insert(job_runs)
    .values({ job, run_date: date, ran_at: now.toISOString(), result: JSON.stringify(result) })
    .onConflictDoNothing();
  return { job, date, ran: true, result, changed: [] };
}

/** Every job, in order (invoices first, so the digest lists those that went overdue today); each is idempotent per London day. */
export async function runScheduledJobs(env: Env, db: Db, now: Date): Promise<(JobOutcome | JobFailure)[]> {
  const jobs: [JobName, () => Promise<JobOutcome>][] = [
    // First: what it learns (a new bank holiday) counts for the reminders and bookings after it.
    ["bank_holidays", () => bankHolidaysJob(env, db, now)],
    ["overdue_invoices", () => markOverdueInvoices(db, now, env.STUDIO_NAME)],
    ["housekeeping", () => housekeep(db, now)],
    ["due_instalments", () => raiseDueInstalments(env, db, now)],
    ["recurring_invoices", () => raiseRecurringInvoices(env, db, now)],
    ["payment_reminders", () => paymentRemindersJob(env, db, now)],
    ["call_reminders", () => callRemindersJob(env, db, now)],
    ["host_calendar", () => hostCalendarJob(db, now)],
    ["daily_digest", () => digestJob(env, db, now)],
  ];
  const outcomes: (JobOutcome | JobFailure)[] = [];
  // One job failing must not stop the others; the next hour's run tries it again.
  for (const [job, run] of jobs)
    outcomes.push(await run().catch((err: unknown) => ({ job, failed: err instanceof Error ? err.message : String(err) })));
  return outcomes;
}

export interface JobFailure {
  job: JobName;
  failed: string;
}
