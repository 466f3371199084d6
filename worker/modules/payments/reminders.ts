/**
 * The daily payment reminders (docs/decisions/0066-payment-reminders.md). From 09:00 London on a
 * working day, each invoice or payment request still owed gets the stage `reminderDue` names, once:
 * its claim (unique on invoice and stage) and the client's Activity Feed entry are written in one
 * batch before the e-mail is tried, so a retried run, two runs at once or a clock change find the
 * claim and send nothing, and a mail that fails is recorded on the claim, never sent again.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import type { Env } from "../../env";
import { activities, amountCreditedPence, clients, invoice_links, invoices, payment_reminders } from "../../db/schema";
import { fillReminder, REMINDER_HOUR, reminderDue } from "../../../contract/payment-reminders";
import { greetingFor } from "../../../contract/greeting";
import { londonHour, londonToday } from "../../platform/time";
import { newId } from "../../platform/ids";
import { formatGbp } from "../../platform/money";
import { sendOrExplain } from "../../platform/email";
import { newLinkToken } from "../shared-documents";
import { bankHolidays, getPaymentReminderSettings, getStudioSettings } from "../settings";
import { amountPaidPence } from "./tables";
import { runBatch } from "../../platform/batch";
import { automaticEntry } from "../activities";

export type ReminderEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME">;

interface Owed {
  id: string;
  kind: "invoice" | "payment_request";
  number: string;
  date: string;
  due_date: string;
  client_id: string;
  project_id: string | null;
  client_name: string | null;
  email: string | null;
  balance: number;
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );

const words = (d: Pick<Owed, "kind" | "number">) => (d.kind === "payment_request" ? `payment request ${d.number}` : `invoice ${d.number}`);

/** Everything issued and still owed, with what is left to pay in pounds. */
async function owedDocuments(db: Db): Promise<Owed[]> {
  const paid = amountPaidPence(invoices.id);
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      date: invoices.date,
      due_date: invoices.due_date,
      client_id: invoices.client_id,
      project_id: invoices.project_id,
      client_name: clients.name,
      email: sql<string | null>`json_extract(${clients.emails}, '$[0]')`,
      // What credit notes took off it is not owed either.
      balance_pence: sql<number>`round(${invoices.total} * 100) - ${paid} - ${amountCreditedPence(invoices.id)}`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.client_id))
    .where(and(inArray(invoices.status, ["Sent", "Overdue"]), eq(invoices.reminders_paused, false)))
    .all();
  return rows.filter((r) => r.balance_pence > 0).map(({ balance_pence, ...r }) => ({ ...r, balance: balance_pence / 100 }));
}

/** A new client link (/i/<token>) for the document; the one before stops working and its page says a newer one was sent. */
async function freshLink(db: Db, origin: string, invoiceId: string, at: string): Promise<{ url: string; linkId: string }> {
  const { token, hash } = await newLinkToken();
  const linkId = newId();
  await db.batch([
    db
      .update(invoice_links)
      .set({ revoked_at: at, updated_at: at })
      .where(and(eq(invoice_links.invoice_id, invoiceId), sql`${invoice_links.revoked_at} IS NULL`)),
    db.insert(invoice_links).values({ id: linkId, invoice_id: invoiceId, token_hash: hash, created_at: at, updated_at: at }),
  ]);
  return { url: `${origin}/i/${token}`, linkId };
}

const isUniqueClash = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed/i.test(`${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}`);

/**
 * Sends the reminders due at `now`. Documents of one client and one project go in one mail, each
 * with its link and balance: a deposit request still unpaid when the final invoice falls due is
 * listed beside it. Answers how many reminders were claimed and how many mails went.
 */
export async function sendPaymentReminders(
  env: ReminderEnv,
  db: Db,
  origin: string,
  now: Date,
): Promise<{ reminders: number; mailed: number }> {
  const today = londonToday(now);
  if (londonHour(now) < REMINDER_HOUR) return { reminders: 0, mailed: 0 };
  const { settings: reminderSettings } = await getPaymentReminderSettings(db);
  // Switched off for the studio: nothing is claimed; switched back on, an invoice gets its latest reminder due, never the missed ones.
  if (!reminderSettings.enabled) return { reminders: 0, mailed: 0 };
  const owed = (await owedDocuments(db)).filter((d) => d.email);
  if (owed.length === 0) return { reminders: 0, mailed: 0 };
  const sent = await db
    .select({ invoice_id: payment_reminders.invoice_id, stage: payment_reminders.stage })
    .from(payment_reminders)
    .where(
      inArray(
        payment_reminders.invoice_id,
        owed.map((d) => d.id),
      ),
    )
    .all();
  const stagesOf = (id: string) => sent.filter((s) => s.invoice_id === id).map((s) => s.stage);
  const closed = new Set(await bankHolidays(db));
  const due = owed.flatMap((d) => {
    const stage = reminderDue(d, today, stagesOf(d.id), closed);
    return stage ? [{ doc: d, stage }] : [];
  });
  if (due.length === 0) return { reminders: 0, mailed: 0 };
  const groupOf = (d: Owed) => `${d.client_id}:${d.project_id ?? d.id}`;
  const groups = new Map<string, typeof due>();
  for (const r of due) groups.set(groupOf(r.doc), [...(groups.get(groupOf(r.doc)) ?? []), r]);
  const { settings: studio } = await getStudioSettings(db, env.STUDIO_NAME);
  let reminders = 0;
  let mailed = 0;
  for (const group of groups.values()) {
    const at = now.toISOString();
    const claims = group.map((r) => ({ id: newId(), ...r }));
    const summary = (r: (typeof claims)[number]) => `Payment reminder for the ${words(r.doc)} (${formatGbp(r.doc.balance)} due)`;
    try {
      await runBatch(db, [
        ...claims.map((c) =>
          db.insert(payment_reminders).values({
            id: c.id,
            invoice_id: c.doc.id,
            stage: c.stage,
            sent_on: today,
            balance: c.doc.balance,
            created_at: at,
            updated_at: at,
          }),
        ),
        ...claims.map((c) =>
          db.insert(activities).values(automaticEntry(studio.studio_name, { summary: summary(c), clientId: c.doc.client_id, at: at })),
        ),
      ]);
    } catch (err) {
      // Another run claimed it first: that run sends it.
      if (isUniqueClash(err)) continue;
      throw err;
    }
    reminders += claims.length;
    const first = claims[0].doc;
    // Everything else the client owes on the same project goes in the same mail.
    const listed = [
      ...claims.map((c) => c.doc),
      ...owed.filter((d) => groupOf(d) === groupOf(first) && !claims.some((c) => c.doc.id === d.id)),
    ];
    const links = await Promise.all(listed.map((d) => freshLink(db, origin, d.id, at)));
    const wording = reminderSettings.wording[claims[0].stage];
    const values = { document: words(first), due_date: longDate(first.due_date), amount: formatGbp(first.balance) };
    const subject = fillReminder(wording.subject, values);
    const line = fillReminder(wording.message, values);
    const text = [
      greetingFor(first.client_name),
      "",
      line,
      "",
      ...listed.flatMap((d, i) => [
        `${words(d)[0].toUpperCase()}${words(d).slice(1)}: ${formatGbp(d.balance)} still due, due on ${longDate(d.due_date)}`,
        links[i].url,
        "",
      ]),
      "Each link opens the document in your browser with our bank details and the reference to quote.",
      "",
      studio.studio_name,
    ].join("\n");
    const outcome = await sendOrExplain(
      env,
      { to: first.email!, fromName: studio.studio_name, replyTo: env.STUDIO_INBOX, subject, text },
      `Send them the ${words(first)} with Send on its card.`,
      { invoice: first.id },
    );
    const ids = claims.map((c) => c.id);
    if (outcome.sent) {
      mailed++;
      await db.batch([
        db.update(payment_reminders).set({ email_status: "sent", updated_at: outcome.sent_at }).where(inArray(payment_reminders.id, ids)),
        db
          .update(invoice_links)
          .set({ emailed_to: outcome.to, emailed_at: outcome.sent_at })
          .where(
            inArray(
              invoice_links.id,
              links.map((l) => l.linkId),
            ),
          ),
      ]);
    } else {
      const reason = outcome.reason.slice(0, 500);
      await runBatch(db, [
        db
          .update(payment_reminders)
          .set({ email_status: "failed", email_error: reason, updated_at: at })
          .where(inArray(payment_reminders.id, ids)),
        ...claims.map((c) =>
          db
            .insert(activities)
            .values(
              automaticEntry(studio.studio_name, {
                summary: `The payment reminder for the ${words(c.doc)} could not be e-mailed: ${reason}`.slice(0, 500),
                clientId: c.doc.client_id,
                at: at,
              }),
            ),
        ),
      ]);
    }
  }
  return { reminders, mailed };
}
