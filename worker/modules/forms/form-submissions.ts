/**
 * Public enquiries. The order is the promise "never lost": validate, store the submission and
 * its CRM lead in one batch, and only then try the e-mail, whose outcome is recorded either way.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { form_submissions } from "../../db/schema";
import type * as z from "zod";
import { contactInput, redesignInput, valuationInput, type FormKind } from "../../../contract/form-submission";
import { budgetOptions } from "../../../contract/budget-options";
import { notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { nowIso } from "../../platform/time";
import { limits, reserveAttempt } from "../../platform/rate-limit";
import { trySend, type Mail } from "../../platform/email";
import type { Env } from "../../env";
import type { Sender } from "../../platform/client-info";
import { fileOnLeadByEmail } from "../leads";
import { runBatch } from "../../platform/batch";

/** How long an enquiry's own record is kept (web/src/content/legal-text.ts says so to visitors). */
export const SUBMISSION_RETENTION_DAYS = 365;
export const SUBMISSION_RETENTION_MS = SUBMISSION_RETENTION_DAYS * 24 * 60 * 60_000;

export interface Enquiry {
  name: string;
  email: string;
  /** Labelled lines for the lead's notes and the notification e-mail. */
  details: [label: string, value: string][];
  phone?: string | null;
}

/** Where the enquiry came from: the lead's notes and the e-mail mention it. */
export interface SubmissionContext {
  page?: string;
  utm?: Record<string, string>;
}

const kindTitle: Record<FormKind, string> = {
  contact: "Contact message",
  redesign: "Free redesign request",
  valuation: "Valuation request",
};

const budgetLabel = (value: string) => budgetOptions.find((b) => b.value === value)?.label ?? value;

const str = (v: unknown) => (typeof v === "string" ? v : "");

const formInputs = { contact: contactInput, redesign: redesignInput, valuation: valuationInput };

/** A validated form body, with the kind of form it came from. */
export type FormBody = { [K in FormKind]: { kind: K; body: z.output<(typeof formInputs)[K]> } }[FormKind];

/** The enquiry a validated form body describes: the lead's notes and the e-mail are built from it. */
function enquiryOf(form: FormBody): Enquiry {
  const { name, email } = form.body;
  switch (form.kind) {
    case "contact":
      return {
        name,
        email,
        details: [
          ["Subject", form.body.subject],
          ["Message", form.body.message],
        ],
      };
    case "redesign":
      return {
        name,
        email,
        details: [
          ["Budget", budgetLabel(form.body.budget)],
          ["Current website", form.body.currentWebsite || "None given"],
          ["Project description", form.body.projectDescription],
        ],
      };
    case "valuation":
      return {
        name,
        email,
        phone: form.body.phone,
        details: [
          ["Phone", form.body.phone],
          ["Property address", form.body.propertyAddress],
          ["Message", form.body.message || "None given"],
        ],
      };
  }
}

/**
 * The enquiry of a stored submission, so a retried notification says exactly what the first
 * attempt said. A row stored under an older version of its form is told field by field.
 */
function storedEnquiry(kind: FormKind, payload: Record<string, unknown>): Enquiry {
  const parsed = formInputs[kind].safeParse(payload);
  if (parsed.success) return enquiryOf({ kind, body: parsed.data } as FormBody);
  const { name, email, ...rest } = payload;
  return { name: str(name), email: str(email), details: Object.entries(rest).map(([label, value]) => [label, String(value)]) };
}

function describe(kind: FormKind, enquiry: Enquiry, meta: SubmissionContext): string {
  const lines = [`${kindTitle[kind]} from the website`, ...enquiry.details.map(([label, value]) => `${label}: ${value}`)];
  if (meta.page) lines.push(`Page: ${meta.page}`);
  const utm = Object.entries(meta.utm ?? {});
  if (utm.length) lines.push(`Campaign: ${utm.map(([k, v]) => `${k}=${v}`).join(", ")}`);
  return lines.join("\n");
}

export interface StoredSubmission {
  id: string;
  leadId: string;
  newLead: boolean;
}

/**
 * A validated public enquiry, end to end: stored with its lead, then the studio notified.
 * A failed e-mail is recorded on the submission, never thrown.
 */
export async function acceptSubmission(
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX">,
  db: Db,
  form: FormBody,
  context: SubmissionContext,
  sender: Sender,
): Promise<StoredSubmission> {
  const enquiry = enquiryOf(form);
  const stored = await storeSubmission(db, form.kind, form.body, enquiry, context, sender);
  await deliverNotification(env, db, stored.id, notificationMail(form.kind, enquiry, context, env.STUDIO_INBOX));
  return stored;
}

/**
 * Stores the submission and creates (or, for a repeat sender, annotates) the lead, atomically.
 * The sender's allowance is reserved first, so a burst of parallel posts stores (and e-mails)
 * exactly as many as the limit allows; one that fails to store gives its reservation back.
 */
async function storeSubmission(
  db: Db,
  kind: FormKind,
  payload: Record<string, unknown>,
  enquiry: Enquiry,
  meta: SubmissionContext,
  { ipKey, limitKey }: Sender,
): Promise<StoredSubmission> {
  const email = enquiry.email.toLowerCase();
  const now = nowIso();
  const text = describe(kind, enquiry, meta);
  const lead = await fileOnLeadByEmail(
    db,
    {
      email,
      name: enquiry.name,
      phone: enquiry.phone ?? null,
      source: "Website",
      notes: text,
      next_action: `Reply to ${kindTitle[kind].toLowerCase()}`,
    },
    now,
  );
  const submissionId = newId();
  const submission = db.insert(form_submissions).values({
    id: submissionId,
    kind,
    payload,
    lead_id: lead.leadId,
    page: meta.page ?? null,
    utm: meta.utm ?? null,
    ip_hash: ipKey,
    created_at: now,
    updated_at: now,
  });
  const reservation = await reserveAttempt(db, [{ limit: limits.forms, key: limitKey }]);
  // The lead is written before the submission that points at it. Submissions past the retention
  // period (the privacy policy's) go in the nightly housekeeping; their leads stay in the CRM.
  const stored = runBatch(db, [...lead.writes, submission]);
  await stored.catch(reservation.giveBack);
  return { id: submissionId, ...(await lead.filed()) };
}

function notificationMail(kind: FormKind, enquiry: Enquiry, meta: SubmissionContext, inbox: string): Mail {
  return {
    to: inbox,
    replyTo: enquiry.email,
    subject: `${kindTitle[kind]}: ${enquiry.name}`,
    text: `${describe(kind, enquiry, meta)}\n\nName: ${enquiry.name}\nEmail: ${enquiry.email}\n\nReply to this e-mail to answer them directly. The enquiry is also a lead in the CRM.`,
  };
}

/**
 * Sends a submission's notification and records how it went; a failure is logged and stays
 * visible in the CRM for a resend. Never throws for a failed send: the submission is already safe.
 */
async function deliverNotification(env: Pick<Env, "EMAIL" | "MAIL_FROM">, db: Db, submissionId: string, mail: Mail) {
  const error = await trySend(env, mail, { submission: submissionId });
  const [row] = await db
    .update(form_submissions)
    .set({
      email_status: error ? "failed" : "sent",
      email_error: error ? error.slice(0, 500) : null,
      email_attempts: sql`${form_submissions.email_attempts} + 1`,
      updated_at: nowIso(),
    })
    .where(eq(form_submissions.id, submissionId))
    .returning();
  return { error, notification: row ? toFailedNotification(row) : null };
}

/** Submissions whose notification e-mail failed, newest first: what the CRM offers to resend. */
export async function listFailedNotifications(db: Db) {
  const rows = await db
    .select()
    .from(form_submissions)
    .where(eq(form_submissions.email_status, "failed"))
    .orderBy(desc(form_submissions.created_at))
    .limit(100);
  return rows.map(toFailedNotification);
}

function toFailedNotification(row: typeof form_submissions.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind,
    name: str(row.payload.name),
    email: str(row.payload.email),
    lead_id: row.lead_id,
    email_status: row.email_status,
    email_error: row.email_error,
    email_attempts: row.email_attempts,
    created_at: row.created_at,
  };
}

/**
 * Sends a stored submission's notification again, rebuilt from what was stored. One already sent
 * is answered as it is (`resent` false). `error` is set when the send failed again (it stays
 * marked for a retry).
 */
export async function resendNotification(env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX">, db: Db, submissionId: string) {
  const [row] = await db.select().from(form_submissions).where(eq(form_submissions.id, submissionId)).limit(1);
  if (!row) throw notFound("Form submission");
  if (row.email_status === "sent") return { error: null, notification: toFailedNotification(row), leadId: row.lead_id, resent: false };
  const context: SubmissionContext = { page: row.page ?? undefined, utm: row.utm ?? undefined };
  const sent = await deliverNotification(
    env,
    db,
    row.id,
    notificationMail(row.kind, storedEnquiry(row.kind, row.payload), context, env.STUDIO_INBOX),
  );
  return { ...sent, leadId: row.lead_id, resent: true };
}
