/**
 * The client's copy of their credit notes. A credit note changes what the client owes, so they get
 * it as a document of its own (number, date, what it credits, the VAT in it, the studio's details)
 * with what each credited document still asks for afterwards. Sent after the cancel is stored: a
 * mail that fails loses nothing, and the feed and the Owner's toast say it failed.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { activities, clients } from "../../db/schema";
import { greetingFor } from "../../../contract/greeting";
import type { CancellableDocument, CreditNote } from "../../../contract/credit-note";
import type { StudioSettings } from "../../../contract/settings";
import type { Env } from "../../env";
import { trySend, type Mail } from "../../platform/email";
import { formatGbp } from "../../platform/money";
import { automaticEntry } from "../activities";
import { contactNameOf, longDate } from "../shared-documents";
import { getStudioSettings } from "../settings";

type MailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME">;

/** Whether the client was sent their credit notes: to whom, or why not. */
export type CreditNoteDelivery = { emailed_to: string; error: string | null } | { emailed_to: null; error: string };

const kindWord = (kind: CreditNote["invoice_kind"]) => (kind === "payment_request" ? "payment request" : "invoice");

/** What a credited document asks for now, in the client's words. */
export function whatIsLeftAfterCredit(d: Pick<CancellableDocument, "number" | "balance">): string {
  if (d.balance > 0) return `${formatGbp(d.balance)} is still due on ${d.number}.`;
  if (d.balance < 0) return `You have paid ${formatGbp(-d.balance)} more than ${d.number} now asks for: we will refund it.`;
  return `Nothing more is due on ${d.number}.`;
}

/** The mail itself: each note as the printed one reads, then the studio's details as on its invoices. */
export function creditNoteMail(
  notes: CreditNote[],
  after: Map<string, CancellableDocument>,
  ctx: { to: string; greeting: string; projectTitle: string; studio: StudioSettings; replyTo: string },
): Mail {
  const numbers = notes.map((n) => n.number).join(", ");
  const blocks = notes.flatMap((n) => {
    const left = after.get(n.invoice_id);
    return [
      `Credit note ${n.number}, ${longDate(n.date)}`,
      `Against ${kindWord(n.invoice_kind)} ${n.invoice_number}: ${n.description}`,
      `Credit: ${formatGbp(n.amount)}${n.vat > 0 ? ` (including VAT of ${formatGbp(n.vat)})` : ""}`,
      ...(left ? [whatIsLeftAfterCredit(left)] : []),
      "",
    ];
  });
  const studio = ctx.studio;
  return {
    to: ctx.to,
    fromName: studio.studio_name,
    replyTo: ctx.replyTo,
    subject: `${notes.length === 1 ? "Credit note" : "Credit notes"} ${numbers} for ${ctx.projectTitle}`,
    text: [
      ctx.greeting,
      "",
      `We have cancelled ${ctx.projectTitle} and credited what our terms do not keep. ${notes.length === 1 ? "Your credit note" : "Your credit notes"}:`,
      "",
      ...blocks,
      "Keep this e-mail with the documents it credits. Reply to it with any question.",
      "",
      studio.studio_name,
      ...(studio.address ? [studio.address] : []),
      ...(studio.vat_number ? [`VAT number: ${studio.vat_number}`] : []),
    ].join("\n"),
  };
}

/**
 * E-mails the client their credit notes (one mail per client, in practice the project's one) and
 * writes on their feed that it went, or why not. Answers the delivery per client id.
 */
export async function sendCreditNotes(
  env: MailEnv,
  db: Db,
  notes: CreditNote[],
  ctx: { projectTitle: string; documentsAfter: CancellableDocument[]; at?: Date },
): Promise<Map<string, CreditNoteDelivery>> {
  const deliveries = new Map<string, CreditNoteDelivery>();
  if (notes.length === 0) return deliveries;
  const { settings: studio } = await getStudioSettings(db, env.STUDIO_NAME);
  const after = new Map(ctx.documentsAfter.map((d) => [d.id, d]));
  const byClient = new Map<string, CreditNote[]>();
  for (const n of notes) byClient.set(n.client_id, [...(byClient.get(n.client_id) ?? []), n]);
  const at = (ctx.at ?? new Date()).toISOString();
  for (const [clientId, ofClient] of byClient) {
    const client = await db.select({ emails: clients.emails }).from(clients).where(eq(clients.id, clientId)).get();
    const to = client?.emails?.[0] ?? null;
    const numbers = ofClient.map((n) => n.number).join(", ");
    let delivery: CreditNoteDelivery;
    if (!to) delivery = { emailed_to: null, error: "The client has no e-mail address" };
    else {
      const greeting = greetingFor(await contactNameOf(db, { leadId: null, clientId }));
      const mail = creditNoteMail(ofClient, after, { to, greeting, projectTitle: ctx.projectTitle, studio, replyTo: env.STUDIO_INBOX });
      delivery = { emailed_to: to, error: await trySend(env, mail, { client: clientId, credit_notes: numbers }) };
    }
    deliveries.set(clientId, delivery);
    const summary =
      delivery.error === null
        ? `Credit ${ofClient.length === 1 ? "note" : "notes"} ${numbers} e-mailed to ${delivery.emailed_to}`
        : `Credit ${ofClient.length === 1 ? "note" : "notes"} ${numbers} not e-mailed${delivery.emailed_to ? ` to ${delivery.emailed_to}` : ""}: ${delivery.error}`;
    await db.insert(activities).values(automaticEntry(studio.studio_name, { summary, clientId, at }));
  }
  return deliveries;
}
