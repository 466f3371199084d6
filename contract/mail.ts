/**
 * Mail filed by itself (docs/decisions/0023-mail-that-files-itself.md): a member of staff Bccs or forwards a message to the CRM's own
 * address (CRM_INBOX), and it lands on the lead or client it is about, or in Unfiled mail.
 */
import * as z from "zod";
import { expectedVersion } from "./common";

export const mailDirections = ["sent", "received"] as const;
export type MailDirection = (typeof mailDirections)[number];
/** Where a message can be filed. */
export const mailTargets = ["lead", "client"] as const;
export type MailTarget = (typeof mailTargets)[number];

export const mailAddress = z.object({ name: z.string().nullable(), address: z.string() });
export type MailAddress = z.infer<typeof mailAddress>;
export const mailAttachment = z.object({ filename: z.string().nullable(), mimeType: z.string(), size: z.number(), inline: z.boolean() });
export type MailAttachment = z.infer<typeof mailAttachment>;
export const mailInvite = z.object({ summary: z.string().nullable(), start: z.string().nullable(), method: z.string().nullable() });
export type MailInvite = z.infer<typeof mailInvite>;

/** One filed (or unfiled) message, as the CRM shows it. */
export const mailMessage = z.object({
  id: z.string(),
  subject: z.string(),
  /** The date of the original message (ISO), or null when it had none. */
  sent_at: z.string().nullable(),
  direction: z.enum(mailDirections),
  from_name: z.string().nullable(),
  from_address: z.string().nullable(),
  to: z.array(mailAddress),
  cc: z.array(mailAddress),
  body: z.string(),
  truncated: z.boolean(),
  attachments: z.array(mailAttachment),
  invite: mailInvite.nullable(),
  message_id: z.string().nullable(),
  /** The member of staff who sent it to the CRM. */
  filed_by: z.string().nullable(),
  filed_by_name: z.string(),
  related_type: z.enum(mailTargets).nullable(),
  related_id: z.string().nullable(),
  /** The record's name, for the list; null when unfiled (or the record is gone). */
  related_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MailMessage = z.infer<typeof mailMessage>;

/** POST /api/crm/mail/:id/file: file an unfiled message to a lead or a client (the record picker's choice). */
export const mailFileInput = z
  .object({
    related_type: z.enum(mailTargets, { error: "Choose a lead or a client" }),
    related_id: z.string().min(1, "Choose the record to file it on").max(64),
    ...expectedVersion,
  })
  .strict();
export type MailFileInput = z.input<typeof mailFileInput>;

/** POST /api/crm/mail/:id/lead: a new lead (source "Email") from the message's other party. */
export const mailLeadInput = z.object({ ...expectedVersion }).strict();

/** A message refused at the door: never stored; counted, and the latest kept with why, for the Owner (Settings → Audit). */
export const mailRefusal = z.object({
  id: z.string(),
  envelope_from: z.string(),
  reason: z.string(),
  size: z.number(),
  created_at: z.string(),
});
export type MailRefusal = z.infer<typeof mailRefusal>;

/**
 * The lengths of the keys a filed message is stored with, one constant each, used where a message
 * is read (worker/mail) and where Import and restore check a row (contract/export.ts): whatever
 * the inbox stores, a backup or an export of it loads again.
 */
/** A Message-ID, an In-Reply-To, each id in References (RFC 5322 allows 998-character lines; an id near that is hostile, not a thread). */
export const MAIL_ID_MAX = 255;
/** Ids kept of References: the root and the most recent ancestors, which is what finding a thread needs. */
export const MAIL_REFERENCES_MAX = 50;
/** An e-mail address (RFC 5321's limit for a path). */
export const MAIL_ADDRESS_MAX = 254;
/** Addresses kept per To, Cc or Reply-To: enough for any real mail, bounded for a hostile one. */
export const MAIL_ADDRESSES_MAX = 200;

/**
 * The dedupe key of a message with a Message-ID: the id together with its sender, since anyone can
 * write any Message-ID. (One without an id is keyed "hash:" and a SHA-256; rows stored before the
 * sender was part of the key read "id:<Message-ID>".)
 */
export const mailMessageKey = (messageId: string, sender: string | null) => `id:${messageId} from:${sender ?? ""}`;
export const MAIL_DEDUPE_KEY_MAX = mailMessageKey("x".repeat(MAIL_ID_MAX), "x".repeat(MAIL_ADDRESS_MAX)).length;

/** The text kept of a message: 100 KB (worker/modules/mail/text.ts), at most as many characters. */
export const MAIL_BODY_MAX_CHARS = 100 * 1024;

/** How many messages Unfiled mail lists per page. */
export const UNFILED_PAGE = 100;
/** Refusals counted (and shown) for this long. */
export const MAIL_REFUSAL_RETENTION_DAYS = 90;
/** Refusals kept with their reasons: the latest this many, however many come (the rest are only counted, per day). */
export const MAIL_REFUSALS_KEPT = 100;
