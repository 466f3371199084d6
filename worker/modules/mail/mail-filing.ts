/**
 * Mail that files itself: a message a member of staff Bcc'd or forwarded to the CRM's
 * own address (CRM_INBOX) is read (worker/mail), checked at the door (a staff account's own
 * address, and the receiving server vouching for its domain), and stored once on the lead or
 * client it is about, or in Unfiled mail when it matches none or several. Anything refused is
 * never stored: it is counted per day, and the latest refusals are kept with their reasons.
 */
import { and, desc, eq, gte, inArray, isNotNull, notInArray, or, sql, sum } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { activities, clients, leads, mail_messages, mail_refusal_days, mail_refusals, users } from "../../db/schema";
import {
  MAIL_REFUSAL_RETENTION_DAYS,
  MAIL_REFUSALS_KEPT,
  mailMessageKey,
  type MailDirection,
  type MailTarget,
} from "../../../contract/mail";
import { mailMessageRow } from "../../../contract/export";
import { normaliseText } from "../../../contract/text";
import { readInboundMail, MAX_MESSAGE_BYTES, type InboundMail, type MailMessage as ReadMessage } from "./parse";
import { newId, sha256Hex } from "../../platform/ids";
import { addDays, isoIn, londonToday, nowIso } from "../../platform/time";

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

/**
 * Refused at the door, for the Owner (Settings → Audit): counted on its London day, and kept with
 * its reason among the latest MAIL_REFUSALS_KEPT, in one write. A flood of refusals costs one
 * counter and a bounded list, never a row each.
 */
async function refuse(db: Db, envelope: Envelope, reason: string): Promise<FileOutcome> {
  const now = new Date();
  await db.batch([
    db
      .insert(mail_refusal_days)
      .values({ day: londonToday(now), count: 1 })
      .onConflictDoUpdate({ target: mail_refusal_days.day, set: { count: sql`${mail_refusal_days.count} + 1` } }),
    db.insert(mail_refusals).values({
      id: newId(),
      envelope_from: normaliseText(envelope.from).slice(0, 500),
      reason: reason.slice(0, 500),
      size: envelope.size,
      created_at: now.toISOString(),
    }),
    db
      .delete(mail_refusals)
      .where(
        notInArray(
          mail_refusals.id,
          db
            .select({ id: mail_refusals.id })
            .from(mail_refusals)
            .orderBy(desc(mail_refusals.created_at), desc(mail_refusals.id))
            .limit(MAIL_REFUSALS_KEPT),
        ),
      ),
  ]);
  return { kind: "refused", reason };
}

/** The first London day whose refusals are still counted: the last MAIL_REFUSAL_RETENTION_DAYS days, today included. */
export const firstCountedDay = (now: Date) => addDays(londonToday(now), 1 - MAIL_REFUSAL_RETENTION_DAYS);

const NOT_STAFF = "Only mail sent from a member of staff's own address is filed; this sender is not one.";

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
 * address, on the envelope (checked before a byte of the message is read, so a stranger's mail
 * costs one query) and in From:, and the receiving server must say that address's domain passed
 * DMARC (or SPF or DKIM aligned with it); otherwise the message is refused with the reason. A
 * forward files its original; a Bcc files the message itself.
 */
export async function receiveMail(db: Db, envelope: Envelope, settings: MailSettings): Promise<FileOutcome> {
  if (envelope.size > MAX_MESSAGE_BYTES)
    return refuse(db, envelope, "The message is larger than 25 MiB, Email Routing's limit, so it was not filed.");
  // The cheap check first: a stranger's message is refused on its envelope, its bytes never read.
  const studio = await studioOf(db, settings);
  const staff = studio.staffAt(envelope.from);
  if (!staff) return refuse(db, envelope, NOT_STAFF);
  const read = await readInboundMail(envelope.raw, { authservId: settings.authservId, envelopeFrom: envelope.from });
  if (!read.ok) return refuse(db, envelope, read.reason);
  const mail = read.mail;
  if (lower(mail.outer.from?.address ?? "") !== lower(staff.email)) return refuse(db, envelope, NOT_STAFF);
  if (!mail.auth.passed) return refuse(db, envelope, mail.auth.reason);
  return fileMessage(db, envelope, mail, staff, studio.internal);
}

/**
 * Same message, same row: its Message-ID together with its sender, or for one without an id, a hash
 * of who, when, what. The sender is part of the key because anyone can write any Message-ID: a
 * forwarded forgery carrying a real client mail's id must not make the real one a "duplicate".
 */
async function dedupeKeyOf(m: ReadMessage): Promise<string> {
  if (m.messageId) return mailMessageKey(m.messageId, m.from?.address ?? null);
  return `hash:${await sha256Hex(JSON.stringify([m.from?.address ?? null, m.date, m.subject, m.text]))}`;
}

/**
 * The row this message is already stored as, if any: by its key, or by the key rows were stored
 * with before the sender was part of it ("id:<Message-ID>", still in the database and in older
 * exports and backups), when that row's sender is this message's.
 */
function storedAs(db: Db, m: ReadMessage, dedupeKey: string) {
  const sameKey = eq(mail_messages.dedupe_key, dedupeKey);
  return db
    .select({ id: mail_messages.id, type: mail_messages.related_type, target: mail_messages.related_id })
    .from(mail_messages)
    .where(
      m.messageId
        ? or(
            sameKey,
            and(
              eq(mail_messages.dedupe_key, `id:${m.messageId}`),
              sql`coalesce(${mail_messages.from_address}, '') = ${m.from?.address ?? ""}`,
            ),
          )
        : sameKey,
    )
    .get();
}

/**
 * Addresses matched per statement: D1 binds at most 100 parameters to one, and a staff mail may
 * name hundreds (To and Cc of a party invitation), so they are matched a piece at a time.
 */
const MATCH_CHUNK = 90;

/** The records a set of outside addresses belongs to: leads by their e-mail, clients by any of theirs. */
async function matchRecords(db: Db, addresses: string[]): Promise<{ type: MailTarget; id: string }[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < addresses.length; i += MATCH_CHUNK) chunks.push(addresses.slice(i, i + MATCH_CHUNK));
  const found = await Promise.all(
    chunks.map((chunk) =>
      Promise.all([
        db
          .select({ id: leads.id, converted: leads.converted_to_client_id })
          .from(leads)
          .where(inArray(sql`lower(${leads.email})`, chunk)),
        db
          .selectDistinct({ id: clients.id })
          .from(clients)
          .where(
            sql`EXISTS (SELECT 1 FROM json_each(${clients.emails}) WHERE lower(json_each.value) IN (${sql.join(
              chunk.map((a) => sql`${a}`),
              sql`, `,
            )}))`,
          ),
      ]),
    ),
  );
  const leadRows = found.flatMap(([l]) => l);
  // A client with addresses in two pieces is found in both: once is enough.
  const clientIds = new Set(found.flatMap(([, c]) => c).map((c) => c.id));
  // A lead converted into a client that also matched is the same party: the client has it.
  const leadHits = leadRows.filter((l) => !(l.converted && clientIds.has(l.converted)));
  return [...leadHits.map((l) => ({ type: "lead" as const, id: l.id })), ...[...clientIds].map((id) => ({ type: "client" as const, id }))];
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
  envelope: Envelope,
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
  const existing = await storedAs(db, m, dedupeKey);
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
  // Whatever is stored must load again from an export or a backup: the row meets Import's own
  // schema, or the sender is told why it was not filed (reading keeps every value within it).
  const unfit = mailMessageRow.safeParse(row).error?.issues[0];
  if (unfit)
    return refuse(
      db,
      envelope,
      `The message could not be filed: its ${unfit.path.join(".") || "content"} would not load from a backup (${unfit.message}).`,
    );
  try {
    await db.batch([
      db.insert(mail_messages).values(row),
      ...(target ? [emailActivity(db, { id, subject: m.subject, direction }, staff.id, target)] : []),
    ]);
  } catch (err) {
    // Filed a moment ago by a parallel delivery (two colleagues both Bcc'd): that row stands.
    const raced = await storedAs(db, m, dedupeKey);
    if (!raced) throw err;
    return fileMessage(db, envelope, mail, staff, internal);
  }
  return target
    ? { kind: "filed", mailId: id, target: target.type, targetId: target.id, duplicate: false }
    : { kind: "unfiled", mailId: id, duplicate: false, matches: matches.length };
}

/** How many messages were refused in the retention window (London days), and the latest kept, for the Owner. */
export async function mailRefusals(db: Db) {
  const since = isoIn(-MAIL_REFUSAL_RETENTION_DAYS * 86_400_000);
  const firstDay = firstCountedDay(new Date());
  const [[{ n }], rows] = await db.batch([
    db
      .select({ n: sum(mail_refusal_days.count).mapWith(Number) })
      .from(mail_refusal_days)
      .where(gte(mail_refusal_days.day, firstDay)),
    db
      .select()
      .from(mail_refusals)
      .where(gte(mail_refusals.created_at, since))
      .orderBy(desc(mail_refusals.created_at), desc(mail_refusals.id))
      .limit(MAIL_REFUSALS_KEPT),
  ]);
  return { count: n ?? 0, latest: rows };
}
