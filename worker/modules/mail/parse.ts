/**
 * Reads one inbound e-mail, as Cloudflare Email Routing hands it to the worker, into what the filer
 * needs: who it is from and to, the subject, the date, the text, the attachments'
 * names, the thread ids, the forwarded original when it is a forward, and whether the receiving
 * server vouched for the sender's domain. Pure: no storage, no matching, no staff list.
 *
 * It never throws: any input gives a result or a refusal with a reason a person can read.
 */
import PostalMime from "postal-mime";
import type { Address, Attachment, Email, PostalMimeOptions } from "postal-mime";
import { MAIL_ADDRESS_MAX, MAIL_ADDRESSES_MAX } from "../../../contract/mail";
import { hasVisibleText, normaliseText } from "../../../contract/text";
import { authVerdict } from "./auth-results";
import { parseLooseDate, STUDIO_TIME_ZONE } from "./dates";
import { baseSubject, findForwardedBlock, MAX_FORWARD_DEPTH, parseAddressLine, type ForwardedBlock } from "./forwarded";
import { readInvite } from "./invite";
import { capText, htmlToText, tidyText, trimReply } from "./text";
import { threadId, threadIds } from "./thread";
import type { ForwardedVia, InboundMail, MailAddress, MailAttachment, MailInvite, MailMessage, ReadResult, RefusalCode } from "./types";

/** Email Routing's limit on one message; the handler refuses larger ones before reading them. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/** RFC 5322's line limit: a longer subject is not one a person wrote. */
const MAX_SUBJECT_CHARS = 998;
const MAX_NAME_CHARS = 200;
const MAX_FILENAME_CHARS = 255;
/** Attachments listed per message: enough for any real mail, bounded for a hostile one. */
const MAX_ATTACHMENTS = 100;

/**
 * Lines starting "--" (MIME boundaries) allowed in one message. The parser's time grows with the
 * number of parts, not only with the size (20 MB of empty parts took 44 s in workerd, past a Worker's
 * CPU limit); real mail has a handful, and 10,000 still parse in well under a second.
 */
const MAX_BOUNDARY_LINES = 10_000;

function boundaryLines(bytes: Uint8Array): number {
  let count = 0;
  for (let at = 0; at >= 0 && at < bytes.length;) {
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) count++;
    const end = bytes.indexOf(0x0a, at);
    at = end < 0 ? -1 : end + 1;
  }
  return count;
}

const PARSER_OPTIONS: PostalMimeOptions = {
  // A message/rfc822 part stays an attachment with its bytes, so a forwarded original is read on
  // its own rather than blended into the forward's text.
  forceRfc822Attachments: true,
  maxRfc822NestingDepth: 0,
  attachmentEncoding: "arraybuffer",
};

/** Headers one of which any e-mail has; with none of them the bytes are something else. */
const MAIL_HEADERS = new Set(["from", "to", "cc", "subject", "date", "message-id", "sender", "reply-to"]);

export interface ReadOptions {
  /** The receiving server's authserv-id, whose Authentication-Results are trusted: "mx.cloudflare.net" for Email Routing. */
  authservId: string;
  /** The envelope sender the worker was handed (`message.from`). */
  envelopeFrom: string;
  /** The zone of a forwarded block's date when it names none. Europe/London unless said. */
  timeZone?: string;
}

type RawMail = ArrayBuffer | Uint8Array | string | ReadableStream<Uint8Array>;

interface Candidate {
  fields: Omit<MailMessage, "text" | "truncated">;
  /** The whole body as plain text, normalised, before quotes and signatures are trimmed. */
  body: string;
  /** The parsed message, whose message/rfc822 parts may hold a forwarded original; null for an inline block. */
  email: Email | null;
}

const refuse = (code: RefusalCode, reason: string): ReadResult => ({ ok: false, code, reason: normaliseText(reason) });
const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * The message's parts, or a refusal saying why there are none. `raw` is the exact bytes received
 * (a string is read as UTF-8); a stream is read up to MAX_MESSAGE_BYTES and no further.
 */
export async function readInboundMail(raw: RawMail, opts: ReadOptions): Promise<ReadResult> {
  try {
    const bytes = await toBytes(raw);
    if (!(bytes instanceof Uint8Array)) return bytes;
    if (bytes.byteLength === 0) return refuse("empty", "The message is empty (0 bytes).");
    if (bytes.byteLength > MAX_MESSAGE_BYTES) return tooLarge(bytes.byteLength);
    if (boundaryLines(bytes) > MAX_BOUNDARY_LINES) {
      return refuse(
        "unreadable",
        `The message has more than ${MAX_BOUNDARY_LINES.toLocaleString("en-GB")} MIME parts, more than any real e-mail.`,
      );
    }
    let email = await parseMime(bytes);
    if (!("headers" in email)) return email;
    const salvaged = brokenBoundary(email) ? withBodyBoundary(bytes) : null;
    if (salvaged) {
      const again = await parseMime(salvaged);
      if ("headers" in again) email = again;
    }
    if (!email.headers.some((h) => MAIL_HEADERS.has(h.key))) {
      return refuse("not-mail", "No From, To, Subject, Date or Message-ID header was found: this is not an e-mail message.");
    }
    return { ok: true, mail: await readMail(email, opts) };
  } catch (error) {
    // Nothing above should throw; if something does, the filer still gets an answer it can log.
    return refuse("unreadable", `The message could not be read (${String(error instanceof Error ? error.message : error).slice(0, 200)}).`);
  }
}

const tooLarge = (bytes: number) =>
  refuse(
    "too-large",
    `The message is ${megabytes(bytes)} MiB (${bytes.toLocaleString("en-GB")} bytes), over the ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB Email Routing accepts.`,
  );

async function toBytes(raw: RawMail): Promise<Uint8Array | ReadResult> {
  if (typeof raw === "string") {
    // Each character is at least one byte: no need to encode a string that is already too long.
    if (raw.length > MAX_MESSAGE_BYTES) return tooLarge(raw.length);
    return new TextEncoder().encode(raw);
  }
  if (raw instanceof Uint8Array) return raw;
  if (raw instanceof ArrayBuffer) return new Uint8Array(raw);
  if (raw && typeof (raw as ReadableStream).getReader === "function") {
    const reader = (raw as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_MESSAGE_BYTES) {
        await reader.cancel().catch(() => {});
        return tooLarge(size);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return bytes;
  }
  return refuse("unreadable", "The message was not given as bytes or text.");
}

async function parseMime(bytes: Uint8Array | string): Promise<Email | ReadResult> {
  try {
    return await PostalMime.parse(bytes, PARSER_OPTIONS);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nesting depth/i.test(message)) return refuse("unreadable", "The message's MIME parts are nested too deeply to read.");
    if (/header size/i.test(message)) return refuse("unreadable", "The message's headers are too large to read (over 2 MB).");
    return refuse("unreadable", `The message could not be read as MIME (${message.slice(0, 200)}).`);
  }
}

/** A multipart message in which the parser found no part at all: its parts are likely under another boundary. */
const brokenBoundary = (email: Email) =>
  !email.text &&
  !email.html &&
  !email.attachments.length &&
  email.headers.some((h) => h.key === "content-type" && /^\s*multipart\//i.test(h.value));

/**
 * The message with its declared boundary replaced by the one its body uses, when they differ (a
 * client that wrote one and used another, or a header cut short), so the parts can still be read.
 */
function withBodyBoundary(bytes: Uint8Array): string | null {
  const text = new TextDecoder().decode(bytes);
  const headerEnd = text.search(/\r?\n\r?\n/);
  if (headerEnd < 0) return null;
  const head = text.slice(0, headerEnd);
  const contentType = /^content-type:[^\n]*(?:\n[ \t][^\n]*)*/im.exec(head);
  const declared = contentType && /boundary\s*=\s*("?)([^";\r\n]{1,200})\1/i.exec(contentType[0]);
  const used = /^--(?=[^\r\n]*[A-Za-z0-9])([A-Za-z0-9'()+_,./:=?-][A-Za-z0-9'()+_,./:=? -]{0,69}?)(--)?[ \t]*\r?$/m.exec(
    text.slice(headerEnd),
  );
  if (!contentType || !declared || !used || used[1] === declared[2]) return null;
  const fixed = contentType[0].replace(declared[0], `boundary="${used[1]}"`);
  return head.replace(contentType[0], fixed) + text.slice(headerEnd);
}

async function readMail(email: Email, opts: ReadOptions): Promise<InboundMail> {
  const zone = opts.timeZone ?? STUDIO_TIME_ZONE;
  const top = candidateOf(email);
  const forward = await forwardOf(top, 0, zone);
  let original: MailMessage | null = null;
  let forwardedVia: ForwardedVia | null = null;
  let note = top.body;
  if (forward) {
    forwardedVia = forward.via;
    note = forward.note;
    // A forward of a forward: go in while the message in hand is only a forward, with no words of its own.
    let inner = forward.inner;
    for (let depth = 1; depth < MAX_FORWARD_DEPTH; depth++) {
      const next = await forwardOf(inner, depth, zone);
      if (!next || hasVisibleText(trimReply(next.note))) break;
      inner = next.inner;
    }
    original = finish(inner, inner.body);
  }
  const outer = finish(top, note);
  const auth = authVerdict({
    headers: email.headers,
    from: outer.from?.address ?? null,
    authservId: opts.authservId,
    envelopeFrom: opts.envelopeFrom.toLowerCase(),
  });
  return { outer, original, forwardedVia, auth };
}

function finish(candidate: Candidate, body: string): MailMessage {
  return { ...candidate.fields, ...capText(trimReply(tidyText(body))) };
}

async function forwardOf(
  candidate: Candidate,
  depth: number,
  zone: string,
): Promise<{ via: ForwardedVia; note: string; inner: Candidate } | null> {
  if (depth >= MAX_FORWARD_DEPTH) return null;
  for (const part of candidate.email?.attachments ?? []) {
    if (!isMessagePart(part) || typeof part.content === "string") continue;
    const inner = await parseMime(part.content instanceof Uint8Array ? part.content : new Uint8Array(part.content));
    if ("headers" in inner && inner.headers.some((h) => MAIL_HEADERS.has(h.key))) {
      return { via: "rfc822", note: candidate.body, inner: candidateOf(inner) };
    }
  }
  const block = findForwardedBlock(candidate.body, candidate.fields.subject);
  return block ? { via: block.via, note: block.note, inner: blockCandidate(block, candidate, zone) } : null;
}

const isMessagePart = (part: Attachment) =>
  part.mimeType === "message/rfc822" || part.mimeType === "message/global" || /\.eml$/i.test(part.filename ?? "");

function candidateOf(email: Email): Candidate {
  const { attachments, invite } = attachmentsOf(email.attachments);
  return {
    fields: {
      messageId: threadId(email.messageId),
      inReplyTo: threadIds(email.inReplyTo)[0] ?? null,
      references: threadIds(email.references),
      subject: singleLine(email.subject, MAX_SUBJECT_CHARS),
      date: headerDate(email.date),
      from: addressesOf(email.from ? [email.from] : [])[0] ?? null,
      replyTo: addressesOf(email.replyTo),
      to: addressesOf(email.to),
      cc: addressesOf(email.cc),
      attachments,
      invite,
    },
    body: bodyOf(email),
    email,
  };
}

function blockCandidate(block: ForwardedBlock, parent: Candidate, zone: string): Candidate {
  const fromLine = mailboxes(parseAddressLine(block.headers.from));
  const replyTo = mailboxes(parseAddressLine(block.headers.replyTo));
  return {
    fields: {
      messageId: null,
      inReplyTo: null,
      references: [],
      subject: singleLine(block.headers.subject ?? baseSubject(parent.fields.subject), MAX_SUBJECT_CHARS),
      date: block.headers.date ? parseLooseDate(block.headers.date, zone) : null,
      // Outlook writes only the name when the sender is in the address book; the Reply-To line may still say who.
      from: fromLine[0] ?? replyTo[0] ?? null,
      replyTo,
      to: mailboxes(parseAddressLine(block.headers.to)),
      cc: mailboxes(parseAddressLine(block.headers.cc)),
      // An inline forward carries the original's attachments as its own.
      attachments: parent.fields.attachments,
      invite: parent.fields.invite,
    },
    body: tidyText(block.body),
    email: null,
  };
}

/** The text/plain body, or the HTML body as text when there is no plain one worth the name. */
function bodyOf(email: Email): string {
  const text = email.text ? tidyText(email.text) : "";
  // Some senders label an HTML document text/plain; the timeline must never show markup.
  if (/^(<!doctype html|<html[\s>])/i.test(text)) return htmlToText(text);
  if (hasVisibleText(text) || !email.html) return text;
  return htmlToText(email.html);
}

/** postal-mime gives the Date header as ISO when it could read it, else as written: then one more try, else null. */
function headerDate(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return value;
  return parseLooseDate(value.slice(0, 200), "UTC");
}

/** Single-line normalised text, at most `max` characters, never ending in half a character. */
function singleLine(value: string | null | undefined, max: number): string {
  const text = normaliseText(value ? value.slice(0, max * 4) : "");
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return normaliseText(text.slice(0, end));
}

function mailbox(name: string | null | undefined, address: string): MailAddress | null {
  const addr = normaliseText(normaliseText(address.slice(0, 400)).toLowerCase());
  if (addr.length > MAIL_ADDRESS_MAX || !/^[^\s@]+@[^\s@]+$/.test(addr)) return null;
  const display = singleLine((name ?? "").replace(/^["'\s]+|["'\s]+$/g, ""), MAX_NAME_CHARS);
  return { name: display && display.toLowerCase() !== addr ? display : null, address: addr };
}

function mailboxes(list: { name: string | null; address: string }[]): MailAddress[] {
  const out: MailAddress[] = [];
  for (const entry of list) {
    const m = mailbox(entry.name, entry.address);
    if (m && !out.some((x) => x.address === m.address)) out.push(m);
    if (out.length >= MAIL_ADDRESSES_MAX) break;
  }
  return out;
}

/** postal-mime's addresses, groups opened up ("Team: a@x, b@y;"), normalised, de-duplicated. */
function addressesOf(list: Address[] | undefined): MailAddress[] {
  const flat: { name: string; address: string }[] = [];
  for (const entry of list ?? []) {
    if (entry.group) flat.push(...entry.group.slice(0, MAIL_ADDRESSES_MAX));
    else flat.push(entry);
    if (flat.length >= MAIL_ADDRESSES_MAX * 2) break;
  }
  return mailboxes(flat);
}

function attachmentsOf(parts: Attachment[]): { attachments: MailAttachment[]; invite: MailInvite | null } {
  const attachments: MailAttachment[] = [];
  let invite: MailInvite | null = null;
  for (const part of parts) {
    const size = typeof part.content === "string" ? part.content.length : part.content.byteLength;
    const mimeType = singleLine(part.mimeType.toLowerCase(), 100) || "application/octet-stream";
    if (attachments.length < MAX_ATTACHMENTS) {
      attachments.push({
        filename: singleLine(part.filename, MAX_FILENAME_CHARS) || null,
        mimeType,
        size,
        inline: !!part.related,
      });
    }
    const calendar = mimeType === "text/calendar" || mimeType === "application/ics" || /\.ics$/i.test(part.filename ?? "");
    if (!invite && calendar) {
      const text = typeof part.content === "string" ? part.content : new TextDecoder().decode(part.content);
      invite = readInvite(text, part.method ?? null);
    }
  }
  return { attachments, invite };
}

export type {
  AuthVerdict,
  ForwardedVia,
  InboundMail,
  MailAddress,
  MailAttachment,
  MailInvite,
  MailMessage,
  ReadResult,
  RefusalCode,
} from "./types";
export { MAX_TEXT_BYTES } from "./text";
