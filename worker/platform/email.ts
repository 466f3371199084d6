/**
 * Outgoing mail through the send_email binding. Messages are plain text, built by hand
 * (a MIME library would triple the bundle), so nothing a visitor types can become markup; an
 * invitation adds its calendar as the text's alternative, as calendars expect (iMIP, RFC 6047).
 * Mail to people outside the studio may be refused by Cloudflare: sendOrExplain says why in words.
 */
import { EmailMessage } from "cloudflare:email";
import type { EmailOutcome } from "../../contract/email-outcome";
import type { Env } from "../env";
import { logLine } from "./log";
import { nowIso } from "./time";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** A display name for the From address ("Redbrick Studio"), for mail a client reads. */
  fromName?: string;
  /** An invitation (worker/platform/ical.ts renderInvitation) and its method, sent beside the text. */
  calendar?: { method: "REQUEST" | "CANCEL"; ics: string };
}

const utf8B64 = (s: string) => {
  const bytes = new TextEncoder().encode(s);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
};
/** RFC 2047 encoded-word, only when the header is not plain ASCII. */
const header = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${utf8B64(s)}?=`);
/** Header values must never carry a line break (header injection). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();
/** `"Name" <address>`: a quoted string when the name is plain ASCII, else an RFC 2047 encoded-word. */
const mailbox = (address: string, name?: string) => {
  const clean = name ? oneLine(name) : "";
  if (!clean) return oneLine(address);
  const display = /^[\x20-\x7e]*$/.test(clean) ? `"${clean.replace(/["\\]/g, "\\$&")}"` : header(clean);
  return `${display} <${oneLine(address)}>`;
};

const base64Lines = (s: string) => utf8B64(s).replace(/.{1,76}/g, "$&\r\n");

export function buildRawMessage(from: string, mail: Mail, now = new Date()): string {
  const domain = from.split("@")[1] ?? "localhost";
  const body = base64Lines(mail.text);
  const boundary = `=_${crypto.randomUUID()}`;
  const content = mail.calendar
    ? [
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        'Content-Type: text/plain; charset="utf-8"',
        "Content-Transfer-Encoding: base64",
        "",
        body,
        `--${boundary}`,
        `Content-Type: text/calendar; charset="utf-8"; method=${mail.calendar.method}`,
        "Content-Transfer-Encoding: base64",
        "",
        base64Lines(mail.calendar.ics),
        `--${boundary}--`,
        "",
      ]
    : ['Content-Type: text/plain; charset="utf-8"', "Content-Transfer-Encoding: base64", "", body];
  const lines = [
    `From: ${mailbox(from, mail.fromName)}`,
    `To: ${oneLine(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${oneLine(mail.replyTo)}`] : []),
    `Subject: ${header(oneLine(mail.subject))}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    `Date: ${now.toUTCString()}`,
    "MIME-Version: 1.0",
    ...content,
  ];
  return lines.join("\r\n");
}

/** Sends one message; throws when the binding refuses it, so callers can record the failure. */
export async function sendMail(env: Pick<Env, "EMAIL" | "MAIL_FROM">, mail: Mail): Promise<void> {
  const raw = buildRawMessage(env.MAIL_FROM, mail);
  await env.EMAIL.send(new EmailMessage(env.MAIL_FROM, mail.to, raw) as never);
}

/**
 * Sends a notification whose failure must not fail the request (the record it is about is
 * already stored): answers the error to record, or null when it went.
 */
export async function trySend(env: Pick<Env, "EMAIL" | "MAIL_FROM">, mail: Mail, about: Record<string, string>): Promise<string | null> {
  const error = await sendMail(env, mail).then(
    () => null,
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );
  if (error) logLine("error", { what: "notification email failed", ...about, error });
  return error;
}

/**
 * Why the binding would not send, from the codes Cloudflare's Email Service documents for its
 * Workers API and the words wrangler's local binding uses (`email to X not allowed` when the
 * binding's allowed_destination_addresses leaves the address out).
 */
export type Refusal = "recipient_not_verified" | "recipient_suppressed" | "sender_not_set_up" | "limit_reached" | "other";

export function refusalOf(err: unknown): Refusal {
  const code = typeof err === "object" && err !== null && "code" in err ? String(err.code) : "";
  const message = err instanceof Error ? err.message : String(err);
  if (code === "E_RECIPIENT_NOT_ALLOWED" || /^email to .+ not allowed$/.test(message)) return "recipient_not_verified";
  if (code === "E_RECIPIENT_SUPPRESSED") return "recipient_suppressed";
  if (code === "E_SENDER_NOT_VERIFIED" || code === "E_SENDER_DOMAIN_NOT_AVAILABLE" || /^email from .+ not allowed$/.test(message))
    return "sender_not_set_up";
  if (code === "E_RATE_LIMIT_EXCEEDED" || code === "E_DAILY_LIMIT_EXCEEDED") return "limit_reached";
  return "other";
}

/** What the studio reads when Cloudflare will not send: why, then what to do instead (`instead`). */
export function refusalReason(err: unknown, to: string, from: string, instead: string): string {
  switch (refusalOf(err)) {
    case "recipient_not_verified":
      return `Cloudflare wouldn't send to ${to}: this address isn't verified on your Cloudflare account, and no sending domain is set up there. ${instead}`;
    case "recipient_suppressed":
      return `Cloudflare wouldn't send to ${to}: mail to this address has bounced before or been reported as spam. Check the address. ${instead}`;
    case "sender_not_set_up":
      return `Cloudflare wouldn't send from ${from}: that address's domain isn't set up for sending on your Cloudflare account. ${instead}`;
    case "limit_reached":
      return `Cloudflare wouldn't send to ${to}: your account has reached its sending limit for now. ${instead}`;
    case "other":
      return `Cloudflare didn't send the e-mail to ${to}. ${instead}`;
  }
}

/**
 * Sends mail to someone outside the studio whose link already exists, so a refusal is an answer,
 * not a failure: sent (and when), or why not with the message itself, for the studio to send by
 * hand. `instead` is what the studio can do instead, in a sentence.
 */
export async function sendOrExplain(
  env: Pick<Env, "EMAIL" | "MAIL_FROM">,
  mail: Mail,
  instead: string,
  about: Record<string, string>,
): Promise<EmailOutcome> {
  try {
    await sendMail(env, mail);
    return { sent: true, to: mail.to, sent_at: nowIso() };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const code = typeof err === "object" && err !== null && "code" in err ? String(err.code) : undefined;
    // Link e-mails carry the client's link: should a refusal quote the message, logLine takes the token out.
    logLine("warn", { what: "e-mail refused", ...about, code, error });
    return {
      sent: false,
      to: mail.to,
      reason: refusalReason(err, mail.to, env.MAIL_FROM, instead),
      subject: mail.subject,
      text: mail.text,
    };
  }
}
