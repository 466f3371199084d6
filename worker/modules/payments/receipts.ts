/**
 * The mail each payment sends, after it is stored (a mail that fails loses nothing): a receipt to
 * the client (what arrived and what is left) and a note to the studio inbox; a dispute tells the
 * Owners, since only they can answer it in Stripe.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients, users } from "../../db/schema";
import { greetingFor } from "../../../contract/greeting";
import type { InvoiceMoney, Payment } from "../../../contract/payment";
import type { Env } from "../../env";
import { trySend } from "../../platform/email";
import { formatGbp } from "../../platform/money";
import { contactNameOf } from "../shared-documents";
import type { InvoiceRow } from "./payments";
import { longDate } from "../shared-documents";

type MailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME">;

/** What is left after a payment, in the client's words. */
export function whatIsLeft(money: InvoiceMoney): string {
  if (money.overpaid > 0)
    return `You have paid ${formatGbp(money.overpaid)} more than the invoice: we will be in touch to refund or credit it.`;
  if (money.balance > 0) return `${formatGbp(money.balance)} is still due on this invoice.`;
  return "This invoice is now paid in full.";
}

async function clientAddress(db: Db, clientId: string): Promise<string | null> {
  const row = await db.select({ emails: clients.emails }).from(clients).where(eq(clients.id, clientId)).get();
  return row?.emails?.[0] ?? null;
}

/**
 * The client's receipt and the studio's note for one payment that arrived. When the payment paid a
 * payment request, its VAT invoice (raised in the same write, `vatInvoiceRaised`) goes to the
 * client as the receipt, so this sends them none: one payment, one receipt.
 */
export async function sendPaymentMails(
  env: MailEnv,
  db: Db,
  invoice: InvoiceRow,
  payment: Payment,
  money: InvoiceMoney,
  vatInvoiceRaised = false,
): Promise<void> {
  const to = await clientAddress(db, invoice.client_id);
  const amount = formatGbp(payment.amount);
  if (to && !vatInvoiceRaised) {
    const greeting = greetingFor(await contactNameOf(db, { leadId: null, clientId: invoice.client_id }));
    await trySend(
      env,
      {
        to,
        fromName: env.STUDIO_NAME,
        replyTo: env.STUDIO_INBOX,
        subject: `Receipt: ${amount} for invoice ${invoice.number}`,
        text: [
          greeting,
          "",
          `Thank you: we received ${amount} for invoice ${invoice.number} on ${longDate(payment.date)} (${payment.method}).`,
          whatIsLeft(money),
          "",
          `Reference: ${invoice.number}`,
          "",
          env.STUDIO_NAME,
        ].join("\n"),
      },
      { invoice: invoice.id, payment: payment.id },
    );
  }
  await trySend(
    env,
    {
      to: env.STUDIO_INBOX,
      subject: `Payment received: ${amount} for ${invoice.number}`,
      text: [
        `${amount} was received for invoice ${invoice.number} on ${longDate(payment.date)} (${payment.method}), recorded by ${payment.recorded_by}.`,
        money.overpaid > 0
          ? `It is overpaid by ${formatGbp(money.overpaid)}: refund or credit the client.`
          : money.balance > 0
            ? `${formatGbp(money.balance)} is still due.`
            : "It is now paid in full.",
        payment.fee !== null ? `Stripe's fee: ${formatGbp(payment.fee)}; paid out to you: ${formatGbp(payment.net ?? 0)}.` : "",
        !to
          ? "The client has no e-mail address, so no receipt was sent."
          : vatInvoiceRaised
            ? `Its VAT invoice goes to ${to} as the receipt.`
            : `A receipt was e-mailed to ${to}.`,
      ]
        .filter(Boolean)
        .join("\n"),
    },
    { invoice: invoice.id, payment: payment.id },
  );
}

/** A note to the studio inbox: a payment needs a look (flagged, failed, refunded). */
export async function tellStudio(env: MailEnv, subject: string, text: string, about: Record<string, string>): Promise<void> {
  await trySend(env, { to: env.STUDIO_INBOX, subject, text }, about);
}

/** A dispute: each Owner is told, since only an Owner answers it in Stripe's dashboard. */
export async function tellOwnersOfDispute(env: MailEnv, db: Db, invoice: InvoiceRow, payment: Payment, reason: string): Promise<void> {
  const owners = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "Owner"), eq(users.disabled, false), eq(users.is_team, false)))
    .all();
  for (const { email } of owners)
    await trySend(
      env,
      {
        to: email,
        subject: `Payment disputed: ${formatGbp(payment.amount)} for ${invoice.number}`,
        text: [
          `The client has disputed the card payment of ${formatGbp(payment.amount)} for invoice ${invoice.number} (reason given: ${reason}).`,
          "Stripe holds the money until the dispute is decided. Answer it with your evidence in Stripe's dashboard before its deadline.",
        ].join("\n"),
      },
      { invoice: invoice.id, payment: payment.id },
    );
}
