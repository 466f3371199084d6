/**
 * What reading one inbound e-mail gives the filer. Every string here has been through
 * contract/text.ts `normaliseText`: `text` as multi-line text, everything else as single-line.
 */

export interface MailAddress {
  /** The display name, or null when there is none (or it only repeats the address). */
  name: string | null;
  /** Lower-cased: mail systems treat addresses case-blind, and the filer compares them. */
  address: string;
}

export interface MailAttachment {
  filename: string | null;
  mimeType: string;
  /** Decoded size in bytes. The content itself is not kept. */
  size: number;
  /** A part the HTML shows in place by its Content-ID (a logo, a pasted photo), not a file the sender attached. */
  inline: boolean;
}

export interface MailInvite {
  summary: string | null;
  /**
   * ISO 8601: UTC ("…Z") when the invite names UTC or a zone we know; the wall-clock time without a
   * zone when it names one we don't (Outlook's own zone names); a date ("2026-12-03") for all-day.
   */
  start: string | null;
  /** The iTIP method, e.g. "REQUEST" or "CANCEL". */
  method: string | null;
}

export interface MailMessage {
  /** Angle brackets stripped, the domain part lower-cased, the local part as written (see threadId). */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  /** ISO 8601 UTC, or null when the message has none we can read. */
  date: string | null;
  from: MailAddress | null;
  replyTo: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  /**
   * Plain text, never HTML: HTML-only bodies are converted, quoted history and signatures are trimmed.
   * For a forward, the outer message's text is the forwarder's own note and the original's text is
   * the forwarded body.
   */
  text: string;
  /** Whether `text` was cut to MAX_TEXT_BYTES (it then ends with a line saying so). */
  truncated: boolean;
  attachments: MailAttachment[];
  invite: MailInvite | null;
}

export type ForwardedVia = "rfc822" | "gmail" | "outlook" | "apple" | "reply-to";

export interface AuthVerdict {
  /** The From domain passed DMARC, or SPF or DKIM aligned with it, at the trusted receiving server. */
  passed: boolean;
  /** One sentence a person can read, whichever way it went. */
  reason: string;
}

export interface InboundMail {
  /** The message as received: who forwarded or Bcc'd it, and their note. */
  outer: MailMessage;
  /** The forwarded original, when the message is a forward; null otherwise (then file `outer`). */
  original: MailMessage | null;
  forwardedVia: ForwardedVia | null;
  /** The verdict on the outer message's From, the staff account that sent it to the CRM. */
  auth: AuthVerdict;
}

export type RefusalCode = "empty" | "too-large" | "not-mail" | "unreadable";

export type ReadResult = { ok: true; mail: InboundMail } | { ok: false; code: RefusalCode; reason: string };
