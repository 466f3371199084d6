/**
 * After a raise commits: each document raised is shared (a client link, /i/<token>, as Share
 * makes one) and e-mailed to the client with its link, as Send does. A mail that fails leaves the
 * document standing: the failure and why are kept on it (`email_status`, `email_error`) and its
 * card says so, and Share or Send on the card give the client the link by hand.
 */
import { automaticEntry } from "../activities";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import type { Env } from "../../env";
import { activities, clients, invoice_links, invoices } from "../../db/schema";
import { greetingFor } from "../../../contract/greeting";
import { documentTitle, type InvoiceKind } from "../../../contract/invoice-values";
import { randomToken, sha256Hex, newId } from "../../platform/ids";
import { formatGbp } from "../../platform/money";
import { nowIso } from "../../platform/time";
import { sendOrExplain } from "../../platform/email";
import { getStudioSettings } from "../settings";

export type DeliveryEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME">;

const calendarDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** A document's name in mail and the feed: "payment request PR-1001", "invoice INV-1002". */
export const documentWords = (kind: InvoiceKind, number: string) => {
  const title = documentTitle(kind, number);
  return title[0].toLowerCase() + title.slice(1);
};

interface Raised {
  kind: InvoiceKind;
  number: string;
  total: number;
  due_date: string;
  status: string;
  paid_date: string | null;
  settles_id: string | null;
  lines: { description: string }[];
}

/** The e-mail for a raised document: what it is for, the amount, and the link. */
export function raisedMail(d: Raised, greeting: string, url: string, studio: string, vatRegistered: boolean) {
  const what = d.lines[0]?.description ?? "";
  if (d.settles_id) {
    return {
      subject: `Receipt: invoice ${d.number}`,
      text: [
        greeting,
        "",
        `Thank you for your payment of ${formatGbp(d.total)}${d.paid_date ? ` on ${calendarDate(d.paid_date)}` : ""}.`,
        `Here is the VAT invoice for it, ${d.number}, for your records.`,
        "",
        "Open it here:",
        url,
        "",
        "The page opens in your browser; it prints or saves as a PDF.",
        "",
        studio,
      ].join("\n"),
    };
  }
  const request = d.kind === "payment_request";
  return {
    subject: request ? `Payment request ${d.number}` : `Invoice ${d.number}`,
    text: [
      greeting,
      "",
      request ? `Here is our payment request for ${what}.` : `Here is our invoice for ${what}.`,
      `Amount: ${formatGbp(d.total)}`,
      `Due on ${calendarDate(d.due_date)}`,
      ...(request && vatRegistered
        ? ["", "This is not a VAT invoice: we will send you the VAT invoice as your receipt once it is paid."]
        : []),
      "",
      "Open it here:",
      url,
      "",
      "The page opens in your browser with our bank details and the reference to quote; it prints or saves as a PDF.",
      "",
      studio,
    ].join("\n"),
  };
}

/**
 * Shares and e-mails each document of `ids` that a raise made and that has not been e-mailed yet
 * (`email_status` pending): ids whose raise wrote nothing are skipped. Answers the ids delivered.
 */
export async function deliverRaised(env: DeliveryEnv, db: Db, origin: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      total: invoices.total,
      due_date: invoices.due_date,
      status: invoices.status,
      paid_date: invoices.paid_date,
      settles_id: invoices.settles_id,
      lines: invoices.lines,
      client_id: invoices.client_id,
      client_name: clients.name,
      contact_email: sql<string | null>`json_extract(${clients.emails}, '$[0]')`,
    })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.client_id))
    .where(and(inArray(invoices.id, ids), eq(invoices.email_status, "pending")));
  if (rows.length === 0) return [];
  const { settings: studio } = await getStudioSettings(db, env.STUDIO_NAME);
  for (const d of rows) {
    const token = randomToken(32);
    const now = nowIso();
    const linkId = newId();
    await db.batch([
      // A link before this one (none, for a document just raised) stops working, as Share does.
      db
        .update(invoice_links)
        .set({ revoked_at: now, updated_at: now })
        .where(and(eq(invoice_links.invoice_id, d.id), isNull(invoice_links.revoked_at))),
      db
        .insert(invoice_links)
        .values({ id: linkId, invoice_id: d.id, token_hash: await sha256Hex(token), created_at: now, updated_at: now }),
    ]);
    const url = `${origin}/i/${token}`;
    const words = documentWords(d.kind, d.number);
    let error: string | null;
    if (!d.contact_email)
      error = `The CRM has no e-mail address for ${d.client_name ?? "this client"}: Share the ${words} and send them the link.`;
    else {
      const mail = raisedMail(d, greetingFor(d.client_name), url, studio.studio_name, Boolean(studio.vat_number));
      const outcome = await sendOrExplain(
        env,
        { to: d.contact_email, fromName: studio.studio_name, replyTo: env.STUDIO_INBOX, ...mail },
        `Send them the ${words} with Send on its card.`,
        { invoice: d.id },
      );
      error = outcome.sent ? null : outcome.reason;
      if (outcome.sent)
        await db.batch([
          db.update(invoice_links).set({ emailed_to: outcome.to, emailed_at: outcome.sent_at }).where(eq(invoice_links.id, linkId)),
          db
            .insert(activities)
            .values(
              automaticEntry(studio.studio_name, {
                summary: `E-mailed the ${words} (${formatGbp(d.total)}) to ${outcome.to}`,
                clientId: d.client_id,
                at: outcome.sent_at,
              }),
            ),
        ]);
    }
    await db
      .update(invoices)
      .set({ email_status: error ? "failed" : "sent", email_error: error ? error.slice(0, 500) : null })
      .where(eq(invoices.id, d.id));
  }
  return rows.map((r) => r.id);
}
