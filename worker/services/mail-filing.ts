/**
 * Mail that files itself (issue 24): a message a member of staff Bcc'd or forwarded to the CRM's
 * own address (CRM_INBOX) is read (worker/mail), checked at the door (a staff account's own
 * address, and the receiving server vouching for its domain), and stored once on the lead or
 * client it is about, or in Unfiled mail when it matches none or several. Anything refused is
 * counted, never stored.
 */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { activities, clients, leads, mail_messages, mail_refusals, users } from "../db/schema";
import { MAIL_REFUSAL_RETENTION_DAYS, type MailDirection, type MailTarget } from "../../contract/mail";
import { normaliseText } from "../../contract/text";
import { readInboundMail, MAX_MESSAGE_BYTES, type InboundMail, type MailMessage as ReadMessage } from "../mail/parse";
import { newId, sha256Hex } from "../lib/ids";
import { isoIn, nowIso } from "../lib/time";

/** What the email() handler was handed, as the filer needs it. */
export interface Envelope {
  from: string;
  to: string;
  size: number;
  raw: ReadableStream<Uint8Array> | ArrayBuffer | Uint8Array | string;
}

export interface MailSettings {
  /** The CRM's own address (CRM_INBOX): never a party to match. */
  inbox: string;
  /** The receiving server whose Authentication-Results are trusted (MAIL_AUTHSERV_ID). */
  authservId: string;
}

export type FileOutcome =
  | { kind: "refused"; reason: string }
  | { kind: "filed"; mailId: string; target: MailTarget; targetId: string; duplicate: boolean }
  | { kind: "unfiled"; mailId: string; duplicate: boolean; matches: number };

const lower = (s: string) => s.trim().toLowerCase();
const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/** Refused at the door: counted for the Owner (Settings → Audit), never stored. */
async function refuse(db: Db, envelope: Envelope, reason: string): Promise<FileOutcome> {
  await db.insert(mail_refusals).values({
    id: newId(),
    envelope_from: normaliseText(envelope.from).slice(0, 500),
    reason: reason.slice(0, 500),
    size: envelope.size,
    created_at: nowIso(),
  });
  return { kind: "refused", reason };
}

/**
 * The staff accounts, read once per message: who may file (an active account's own address, not
 * the shared team account's), and the studio's side of a conversation (every account's address,
 * the CRM's own and the CRM address's domain).
 */
async function studioOf(db: Db, settings: MailSettings) {
  const accounts = await db
    .select({ id: users.id, full_name: users.full_name, email: users.email, disabled: users.disabled, is_team: users.is_team })
    .from(users);
  const addresses = new Set(accounts.map((u) => lower(u.email)));
  const inbox = lower(settings.inbox);
  const studioDomain = domainOf(inbox);
  return {
    staffAt: (address: string) => accounts.find((u) => !u.disabled && !u.is_team && lower(u.email) === lower(address)),
    internal: (address: string) => {
      const a = lower(address);
      return a === inbox || addresses.has(a) || domainOf(a) === studioDomain;
    },
  };
}

/**
 * Reads, checks and files one inbound message. The sender must be an active staff account's own
 * address, both on the envelope and in From:, and the receiving server must say that address's
 * domain passed DMARC (or SPF or DKIM aligned with it); otherwise the message is refused with the
 * reason. A forward files its original; a Bcc files the message itself.
 */
export async function receiveMail(db: Db, envelope: Envelope, settings: MailSettings): Promise<FileOutcome> {
  if (envelope.size > MAX_MESSAGE_BYTES)
    return refuse(db, envelope, "The message is larger than 25 MiB, Email Routing's limit, so it was not filed.");
  const read = await readInboundMail(envelope.raw, { authservId: settings.authservId, envelopeFrom: envelope.from });
  if (!read.ok) return refuse(db, envelope, read.reason);
  const mail = read.mail;
  const studio = await studioOf(db, settings);
  const staff = studio.staffAt(envelope.from);
  const headerFrom = mail.outer.from?.address ?? "";
  if (!staff || lower(headerFrom) !== lower(staff.email))
    return refuse(db, envelope, "Only mail sent from a member of staff's own address is filed; this sender is not one.");
  if (!mail.auth.passed) return refuse(db, envelope, mail.auth.reason);
  return fileMessage(db, mail, staff, studio.internal);
}

/** Same message, same row: its Message-ID, or for one without, a hash of who, when, what. */
async function dedupeKeyOf(m: ReadMessage): Promise<string> {
  if (m.messageId) return `id:${m.messageId}`;
  return `hash:${await sha256Hex(JSON.stringify([m.from?.address ?? null, m.date, m.subject, m.text]))}`;
}

/** The records a set of outside addresses belongs to: leads by their e-mail, clients by any of theirs. */
async function matchRecords(db: Db, addresses: string[]): Promise<{ type: MailTarget; id: string }[]> {
  if (!addresses.length) return [];
  const [leadRows, clientRows] = await Promise.all([
    db
      .select({ id: leads.id, converted: leads.converted_to_client_id })
      .from(leads)
      .where(inArray(sql`lower(${leads.email})`, addresses)),
    db
      .selectDistinct({ id: clients.id })
      .from(clients)
      .where(
        sql`EXISTS (SELECT 1 FROM json_each(${clients.emails}) WHERE lower(json_each.value) IN (${sql.join(
          addresses.map((a) => sql`${a}`),
          sql`, `,
        )}))`,
      ),
  ]);
  const clientIds = new Set(clientRows.map((c) => c.id));
  // A lead converted into a client that also matched is the same party: the client has it.
  const leadHits = leadRows.filter((l) => !(l.converted && clientIds.has(l.converted)));
  return [...leadHits.map((l) => ({ type: "lead" as const, id: l.id })), ...clientRows.map((c) => ({ type: "client" as const, id: c.id }))];
}

/** The record an earlier message of the same conversation was filed on, if any. */
async function threadRecord(db: Db, m: ReadMessage): Promise<{ type: MailTarget; id: string } | null> {
  const ids = [m.inReplyTo, ...m.references].filter((x): x is string => !!x);
  if (!ids.length) return null;
  const row = await db
    .select({ type: mail_messages.related_type, id: mail_messages.related_id })
    .from(mail_messages)
    .where(and(inArray(mail_messages.message_id, ids.slice(0, 50)), isNotNull(mail_messages.related_id)))
    .orderBy(desc(mail_messages.created_at))
    .get();
  return row?.type && row.id ? { type: row.type, id: row.id } : null;
}

/** The Activity Feed entry an Email shows as, on its lead's timeline or its client's activity. */
export function emailActivity(
  db: Db,
  mail: { id: string; subject: string; direction: MailDirection },
  by: string | null,
  target: { type: MailTarget; id: string },
) {
  const now = nowIso();
  const subject = mail.subject || "(no subject)";
  return db.insert(activities).values({
    id: newId(),
    who_username: by,
    who_kind: "staff",
    type: "Email",
    summary: `${mail.direction === "sent" ? "Sent" : "Received"}: ${subject}`.slice(0, 1000),
    related_type: target.type,
    related_id: target.id,
    mail_id: mail.id,
    created_at: now,
    updated_at: now,
  });
}

async function fileMessage(
  db: Db,
  mail: InboundMail,
  staff: { id: string; full_name: string },
  internal: (address: string) => boolean,
): Promise<FileOutcome> {
  const m = mail.original ?? mail.outer;
  const direction: MailDirection = m.from && internal(m.from.address) ? "sent" : "received";
  // The other party: every outside address on the original (its sender, recipients and, for a
  // forward with no readable header, whom replies go to).
  const parties = [
    ...new Set([m.from, ...m.to, ...m.cc, ...m.replyTo].filter((a) => !!a && !internal(a.address)).map((a) => lower(a!.address))),
  ];
  const dedupeKey = await dedupeKeyOf(m);
  const existing = await db
    .select({ id: mail_messages.id, type: mail_messages.related_type, target: mail_messages.related_id })
    .from(mail_messages)
    .where(eq(mail_messages.dedupe_key, dedupeKey))
    .get();
  if (existing)
    return existing.type && existing.target
      ? { kind: "filed", mailId: existing.id, target: existing.type, targetId: existing.target, duplicate: true }
      : { kind: "unfiled", mailId: existing.id, duplicate: true, matches: 0 };

  const thread = await threadRecord(db, m);
  const matches = thread ? [thread] : await matchRecords(db, parties);
  const target = matches.length === 1 ? matches[0] : null;
  const id = newId();
  const now = nowIso();
  const row = {
    id,
    dedupe_key: dedupeKey,
    message_id: m.messageId,
    in_reply_to: m.inReplyTo,
    references: m.references,
    subject: m.subject,
    sent_at: m.date,
    direction,
    from_name: m.from?.name ?? null,
    from_address: m.from?.address ?? null,
    to: m.to,
    cc: m.cc,
    body: m.text,
    truncated: m.truncated,
    attachments: m.attachments,
    invite: m.invite,
    forwarded_via: mail.forwardedVia,
    filed_by: staff.id,
    filed_by_name: staff.full_name,
    related_type: target?.type ?? null,
    related_id: target?.id ?? null,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.batch([
      db.insert(mail_messages).values(row),
      ...(target ? [emailActivity(db, { id, subject: m.subject, direction }, staff.id, target)] : []),
    ]);
  } catch (err) {
    // Filed a moment ago by a parallel delivery (two colleagues both Bcc'd): that row stands.
    const raced = await db.select({ id: mail_messages.id }).from(mail_messages).where(eq(mail_messages.dedupe_key, dedupeKey)).get();
    if (!raced) throw err;
    return fileMessage(db, mail, staff, internal);
  }
  return target
    ? { kind: "filed", mailId: id, target: target.type, targetId: target.id, duplicate: false }
    : { kind: "unfiled", mailId: id, duplicate: false, matches: matches.length };
}

/** How many messages were refused in the retention window, and the latest, for the Owner. */
export async function mailRefusals(db: Db, latest = 20) {
  const since = isoIn(-MAIL_REFUSAL_RETENTION_DAYS * 86_400_000);
  const [[{ n }], rows] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(mail_refusals)
      .where(sql`${mail_refusals.created_at} >= ${since}`),
    db
      .select()
      .from(mail_refusals)
      .where(sql`${mail_refusals.created_at} >= ${since}`)
      .orderBy(desc(mail_refusals.created_at))
      .limit(latest),
  ]);
  return { count: n, latest: rows };
}
