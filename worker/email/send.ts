/**
 * Outgoing mail through the send_email binding. Messages are plain text, built by hand
 * (a MIME library would triple the bundle), so nothing a visitor types can become markup.
 */
import { EmailMessage } from "cloudflare:email";
import type { Env } from "../env";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
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

export function buildRawMessage(from: string, mail: Mail, now = new Date()): string {
  const domain = from.split("@")[1] ?? "localhost";
  const body = utf8B64(mail.text).replace(/.{1,76}/g, "$&\r\n");
  const lines = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${oneLine(mail.replyTo)}`] : []),
    `Subject: ${header(oneLine(mail.subject))}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    `Date: ${now.toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: base64",
    "",
    body,
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
  if (error) console.error(JSON.stringify({ level: "error", what: "notification email failed", ...about, error }));
  return error;
}
