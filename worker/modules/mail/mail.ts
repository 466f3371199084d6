/**
 * Filed mail in the CRM: a message as its timeline entry opens it, and Unfiled mail,
 * from where a message is filed to a lead or client, turned into a new lead, or deleted.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { clients, leads, mail_messages } from "../../db/schema";
import { UNFILED_PAGE, type MailMessage, type mailFileInput, type MailTarget } from "../../../contract/mail";
import { leadInput } from "../../../contract/lead";
import type { SessionUser } from "../../../contract/user";
import { AppError, notFound } from "../../platform/errors";
import { requireUpdated, runBatch } from "../../platform/batch";
import { newId } from "../../platform/ids";
import { nextStamp, nowIso } from "../../platform/time";
import { fieldErrors } from "../../platform/validate";
import { emailActivity } from "./mail-filing";

const relatedName = sql<string | null>`CASE ${mail_messages.related_type}
  WHEN 'lead' THEN (SELECT name FROM ${leads} WHERE ${leads.id} = ${mail_messages.related_id})
  WHEN 'client' THEN (SELECT name FROM ${clients} WHERE ${clients.id} = ${mail_messages.related_id})
END`;

const columns = {
  id: mail_messages.id,
  subject: mail_messages.subject,
  sent_at: mail_messages.sent_at,
  direction: mail_messages.direction,
  from_name: mail_messages.from_name,
  from_address: mail_messages.from_address,
  to: mail_messages.to,
  cc: mail_messages.cc,
  body: mail_messages.body,
  truncated: mail_messages.truncated,
  attachments: mail_messages.attachments,
  invite: mail_messages.invite,
  message_id: mail_messages.message_id,
  filed_by: mail_messages.filed_by,
  filed_by_name: mail_messages.filed_by_name,
  related_type: mail_messages.related_type,
  related_id: mail_messages.related_id,
  related_name: relatedName,
  created_at: mail_messages.created_at,
  updated_at: mail_messages.updated_at,
};

export async function getMail(db: Db, id: string): Promise<MailMessage> {
  const row = await db.select(columns).from(mail_messages).where(eq(mail_messages.id, id)).get();
  if (!row) throw notFound("Message");
  return row;
}

/** Unfiled mail, newest first, and how many there are in all. */
export async function listUnfiled(db: Db): Promise<{ messages: MailMessage[]; total: number }> {
  const [messages, [{ n }]] = await Promise.all([
    db
      .select(columns)
      .from(mail_messages)
      .where(isNull(mail_messages.related_id))
      .orderBy(desc(mail_messages.created_at))
      .limit(UNFILED_PAGE),
    db
      .select({ n: sql<number>`count(*)` })
      .from(mail_messages)
      .where(isNull(mail_messages.related_id)),
  ]);
  return { messages, total: n };
}

async function assertTarget(db: Db, type: MailTarget, id: string) {
  const table = type === "lead" ? leads : clients;
  const found = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).get();
  if (!found)
    throw new AppError("validation_failed", "Please correct the highlighted fields", {
      related_id: type === "lead" ? "That lead does not exist" : "That client does not exist",
    });
}

/** The message's row, unfiled and as the caller read it: a message filed or deleted meanwhile answers 409 or 404. */
async function unfiledAsSeen(db: Db, id: string, seen: string) {
  const row = await db
    .select({ id: mail_messages.id, related_id: mail_messages.related_id, updated_at: mail_messages.updated_at })
    .from(mail_messages)
    .where(eq(mail_messages.id, id))
    .get();
  if (!row) throw notFound("Message");
  if (row.related_id) throw new AppError("conflict", "This message has already been filed.");
  if (row.updated_at !== seen) throw new AppError("conflict", "This message has changed since you opened it. Please look again.");
  return row;
}

/** Files an unfiled message on a lead or client, with its Email entry, in one write. */
export async function fileMail(db: Db, id: string, input: z.output<typeof mailFileInput>, by: SessionUser): Promise<MailMessage> {
  await unfiledAsSeen(db, id, input.updated_at);
  await assertTarget(db, input.related_type, input.related_id);
  const mail = await getMail(db, id);
  const target = { type: input.related_type, id: input.related_id };
  await runBatch(db, [
    db
      .update(mail_messages)
      .set({ related_type: target.type, related_id: target.id, updated_at: nextStamp(input.updated_at) })
      .where(and(eq(mail_messages.id, id), isNull(mail_messages.related_id), eq(mail_messages.updated_at, input.updated_at))),
    requireUpdated(db),
    emailActivity(db, mail, by.id, target),
  ]);
  return getMail(db, id);
}

/**
 * A new lead from an unfiled message's other party: the sender of a message received, the first
 * recipient of one sent, with the name they gave (or the address's name part). The lead's source
 * is Other, with where it came from in its notes (decision 0023), and the message is filed on it.
 */
export async function leadFromMail(db: Db, id: string, seen: string, by: SessionUser) {
  const row = await unfiledAsSeen(db, id, seen);
  const mail = await getMail(db, row.id);
  const party =
    mail.direction === "received" ? (mail.from_address ? { name: mail.from_name, address: mail.from_address } : null) : mail.to[0];
  if (!party) throw new AppError("conflict", "This message names no one to make a lead of.");
  const parsed = leadInput.safeParse({
    name: party.name || party.address.slice(0, party.address.indexOf("@")) || party.address,
    email: party.address,
    source: "Email",
    notes: `From an e-mail filed by ${mail.filed_by_name}: ${mail.subject || "(no subject)"}`,
  });
  if (!parsed.success)
    throw new AppError("validation_failed", "This message's sender cannot be made a lead", fieldErrors(parsed.error.issues));
  // The lead, the message filed on it and its Email entry: one write, so neither is left without the other.
  const leadId = newId();
  const now = nowIso();
  const target = { type: "lead" as const, id: leadId };
  await runBatch(db, [
    db.insert(leads).values({ ...parsed.data, id: leadId, added_by: by.id, stage_changed_by: by.id, created_at: now, updated_at: now }),
    db
      .update(mail_messages)
      .set({ related_type: "lead", related_id: leadId, updated_at: nextStamp(seen) })
      .where(and(eq(mail_messages.id, id), isNull(mail_messages.related_id), eq(mail_messages.updated_at, seen))),
    requireUpdated(db),
    emailActivity(db, mail, by.id, target),
  ]);
  return { leadId, mail: await getMail(db, id) };
}

export async function deleteMail(db: Db, id: string): Promise<void> {
  const rows = await db.delete(mail_messages).where(eq(mail_messages.id, id)).returning({ id: mail_messages.id });
  if (!rows.length) throw notFound("Message");
}
