/**
 * Add late-payment charge (docs/decisions/0065-late-payment-charges.md): for a business client's
 * overdue invoice, the Act's fixed compensation and interest as an invoice of their own, outside
 * the scope of VAT, raised as a draft on the Owner's click. The figures and how they were worked
 * out come from the one function in contract/late-payment.ts; each invoice is charged once.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import type { SessionUser } from "../../../contract/user";
import { clients, invoices } from "../../db/schema";
import { isLate, type Invoice } from "../../../contract/invoice";
import { latePaymentCharge, missingRateMessage } from "../../../contract/late-payment";
import type { LatePaymentQuote } from "../../../contract/late-payment-settings";
import { AppError } from "../../platform/errors";
import { addDays, londonToday } from "../../platform/time";
import { getLatePaymentSettings, getStudioSettings } from "../settings";
import { createInvoice, getInvoice } from "./invoices";

const refused = (message: string) => new AppError("validation_failed", message);

/** What charging invoice `id` today would raise, or why it cannot be charged. */
export async function quoteLatePaymentCharge(db: Db, id: string, today = londonToday()): Promise<LatePaymentQuote> {
  return quoteFor(db, await getInvoice(db, id), today);
}

async function quoteFor(db: Db, invoice: Invoice, today: string): Promise<LatePaymentQuote> {
  const [client, { settings }, already] = await Promise.all([
    db.select({ client_type: clients.client_type }).from(clients).where(eq(clients.id, invoice.client_id)).get(),
    getLatePaymentSettings(db),
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.late_charge_for, invoice.id)).get(),
  ]);
  const problem = already
    ? `This invoice has already been charged for paying late: ${already.number}`
    : invoice.vat_treatment === "outside_scope"
      ? "A late-payment charge is not itself charged for paying late"
      : !isLate(invoice, today)
        ? "Only an overdue invoice can be charged for paying late"
        : client?.client_type !== "Business"
          ? "Only a business client can be charged for paying late"
          : settings.terms_set_own_rate
            ? "Your Terms set their own late-payment rate, so the Act's charge is not offered"
            : null;
  if (problem) return { ok: false, message: problem };
  // The debt is what is still owed: a part payment lowers both the band and the interest.
  const debt = Math.round((invoice.total - invoice.amount_paid) * 100) / 100;
  const charge = latePaymentCharge({ debt, dueDate: invoice.due_date, raisedOn: today, baseRates: settings.base_rates });
  if (!charge.ok)
    return {
      ok: false,
      message: charge.reason === "missing_rate" ? missingRateMessage(charge.on) : "Only an overdue invoice can be charged for paying late",
    };
  return {
    ok: true,
    debt: charge.debt,
    compensation: charge.compensation,
    interest: charge.interest,
    total: charge.total,
    workings: charge.workings,
  };
}

/** Raises the charge as a Draft invoice to the same client and project, numbered as given. */
export async function raiseLatePaymentCharge(
  db: Db,
  id: string,
  number: string,
  studioName: string,
  by: SessionUser,
  today = londonToday(),
): Promise<Invoice> {
  const overdue = await getInvoice(db, id);
  const quote = await quoteFor(db, overdue, today);
  if (!quote.ok) throw refused(quote.message);
  const { settings: studio } = await getStudioSettings(db, studioName);
  const charge = await createInvoice(
    db,
    {
      number,
      client_id: overdue.client_id,
      project_id: overdue.project_id,
      status: "Draft",
      paid_date: null,
      date: today,
      due_date: addDays(today, studio.payment_terms_days),
      lines: [
        { description: `${quote.workings.compensation} (invoice ${overdue.number})`, quantity: 1, unit_price: quote.compensation },
        { description: quote.workings.interest, quantity: 1, unit_price: quote.interest },
      ],
    },
    by,
    { vat_treatment: "outside_scope", late_charge_for: id },
  );
  return charge;
}
