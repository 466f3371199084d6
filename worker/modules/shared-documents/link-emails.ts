/**
 * Send: the studio e-mails a client the link to their proposal (/p/<token>) or
 * invoice (/i/<token>) from the CRM. The link is made first, exactly as Share makes it; then the
 * mail goes, plain text, from MAIL_FROM in the studio's name with Reply-To the studio's inbox. When
 * Cloudflare will not send it (an address the account cannot reach), the link stands all the same
 * and the answer says why, with the message, for the studio to send by hand (docs/decisions/0024).
 * A mail that went is recorded on the link (to whom, when) and in the Activity Feed; every send, to
 * whom and whether it went, in the audit trail. Each passes the send guard (users-and-auth/send-guard.ts) first: an address
 * not the record's own needs the sender's tick, and a sender has 20 sends an hour. One path for
 * both kinds: what differs (the letter, the words, whose it is) is in document-kinds.ts.
 */
import { eq } from "drizzle-orm";
import { activities } from "../../db/schema";
import type { EmailOutcome } from "../../../contract/email-outcome";
import { greetingFor } from "../../../contract/greeting";
import type { sendLinkInput } from "../../../contract/shared-link";
import type * as z from "zod";
import { sendOrExplain } from "../../platform/email";
import { newId } from "../../platform/ids";
import { auditEvent } from "../audit";
import { contactNameOf, studioNameOf, withGreeting } from "./client-mail";
import { kindRules, type DocumentKind, type DocumentOf, type Letter } from "./document-kinds";
import { makeDocumentLink, type DocumentReader, type LinkContext } from "./document-links";
import { linksOf } from "./shared-links";
import { checkRecipient, notTheClients, reserveSend } from "../users-and-auth";

export type SendLink = z.output<typeof sendLinkInput>;

/** What the studio can do when Cloudflare will not send: the dialog offers both. */
const INSTEAD = "Copy the link and send it yourself.";

/**
 * "Hello Olivia," (unless the studio's message greets them itself), the message, the document's
 * subject and facts, the link and what the page offers, signed by whoever sent it.
 */
function mailText(greeting: string, message: string | null, letter: Letter, url: string, by: string, studio: string): string {
  const opening = [...withGreeting(greeting, message), letter.subject, ...letter.facts];
  return [...opening, "", "Open it here:", url, "", letter.page, "", by, studio].join("\n");
}

/**
 * A new link to the document (a Draft becomes Sent), e-mailed to `input.to`. The checks come before
 * anything is made (the recipient, then the sender's allowance); a send that fails gives its place
 * in the allowance back.
 */
export async function emailDocumentLink<K extends DocumentKind>(
  ctx: LinkContext,
  kind: K,
  id: string,
  input: SendLink,
  get: DocumentReader<K>,
): Promise<{ url: string; document: DocumentOf[K]; email: EmailOutcome }> {
  const own = await kindRules[kind].recipients(ctx.db, id);
  const outside = checkRecipient(input.to, own, input.confirm_recipient, notTheClients(input.to));
  const reservation = await reserveSend(ctx.db, ctx.by.id);
  return sendDocumentLink(ctx, kind, id, input, get, outside).catch(reservation.giveBack);
}

async function sendDocumentLink<K extends DocumentKind>(
  ctx: LinkContext,
  kind: K,
  id: string,
  input: SendLink,
  get: DocumentReader<K>,
  outside: boolean,
) {
  const { db } = ctx;
  const about = kindRules[kind];
  const { url, linkId } = await makeDocumentLink(ctx, kind, await get(db, id));
  const [shared, studio] = await Promise.all([get(db, id), studioNameOf(db, ctx.env)]);
  const party = about.party(shared);
  const greeting = greetingFor(await contactNameOf(db, party));
  const letter = about.letter(shared);
  const email = await sendOrExplain(
    ctx.env,
    {
      to: input.to,
      fromName: studio,
      subject: letter.subject,
      text: mailText(greeting, input.message, letter, url, ctx.by.full_name, studio),
      replyTo: ctx.env.STUDIO_INBOX,
    },
    INSTEAD,
    { requestId: ctx.requestId, [kind]: id },
  );
  const detail = email.sent
    ? `E-mailed the link to ${about.words(shared)} to ${email.to}`
    : `Made a link to ${about.words(shared)} for ${email.to}; Cloudflare wouldn't e-mail it, so it was shown to copy`;
  const audit = auditEvent(
    db,
    ctx.source,
    `${kind as DocumentKind}_emailed`,
    `${detail}${outside ? " (not one of the client's addresses; confirmed)" : ""}`,
  );
  if (!email.sent) {
    await audit;
    return { url, document: shared, email };
  }
  // A mail that went: on its link (the card shows it), and as an Email entry in the Activity Feed.
  const { table } = linksOf[kind as DocumentKind];
  const related = party.leadId
    ? { type: "lead" as const, id: party.leadId }
    : party.clientId
      ? { type: "client" as const, id: party.clientId }
      : null;
  await db.batch([
    audit,
    db.update(table).set({ emailed_to: email.to, emailed_at: email.sent_at, updated_at: email.sent_at }).where(eq(table.id, linkId)),
    db.insert(activities).values({
      id: newId(),
      who_username: ctx.by.id,
      who_kind: "staff",
      type: "Email",
      summary: `E-mailed ${about.feedWords(shared)} to ${email.to}`,
      related_type: related?.type ?? null,
      related_id: related?.id ?? null,
      created_at: email.sent_at,
      updated_at: email.sent_at,
    }),
  ]);
  return { url, document: await get(db, id), email };
}
