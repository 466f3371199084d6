/**
 * An invoice's payments (docs/decisions/0064-payments-and-stripe.md). Money is recorded by a
 * member of staff (Mark as paid: the balance, or a part payment) or by Stripe's webhook; the
 * invoice's status follows what has arrived, in the same batch as the payment: Paid once the
 * balance reaches 0 (`invoicePaidInFull`), back to Sent or Overdue when a refund reopens it.
 */
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { activities, amountCreditedPence, invoices, payments } from "../../db/schema";
import { paidMethods, unpaidStatus, type InvoiceStatus, type PaidMethod } from "../../../contract/invoice";
import {
  isPaidInFull,
  moneyOf,
  STRIPE_RECORDER,
  type InvoiceMoney,
  type Payment,
  type PaymentMethod,
  type paymentInput,
} from "../../../contract/payment";
import type { SessionUser } from "../../../contract/user";
import { notFound, staleEdit } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { londonToday, nextStamp, nowIso } from "../../platform/time";
import { settledWrites } from "../instalments";
import { requireUpdated, runBatch } from "../../platform/batch";
import { invalid } from "../../platform/validate";
import { formatGbp } from "../../platform/money";

export type PaymentRow = typeof payments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** Who records a payment: a member of staff, or Stripe. */
export type Recorder = { kind: "staff"; user: Pick<SessionUser, "id" | "full_name"> } | { kind: "stripe" };

/** A stored payment as the CRM reads it: Stripe's ids and the staff account stay inside. */
export const paymentOf = ({ stripe_session_id: _s, stripe_payment_intent: _p, recorded_by_user: _u, ...row }: PaymentRow): Payment => row;

export const paymentRowsOf = (db: Db, invoiceId: string) =>
  db.select().from(payments).where(eq(payments.invoice_id, invoiceId)).orderBy(asc(payments.date), asc(payments.created_at)).all();

export async function listPayments(db: Db, invoiceId: string): Promise<{ payments: Payment[]; money: InvoiceMoney }> {
  const invoice = await invoiceRow(db, invoiceId);
  const rows = await paymentRowsOf(db, invoiceId);
  return { payments: rows.map(paymentOf), money: moneyOf(invoice.total, rows, await creditedOn(db, invoiceId)) };
}

/** What credit notes took off an invoice, in pounds (docs/decisions/0068): the balance counts it. */
export async function creditedOn(db: Db, invoiceId: string): Promise<number> {
  const row = await db.select({ pence: amountCreditedPence(invoices.id) }).from(invoices).where(eq(invoices.id, invoiceId)).get();
  return (row?.pence ?? 0) / 100;
}

export async function invoiceRow(db: Db, id: string): Promise<InvoiceRow> {
  const row = await db.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!row) throw notFound("Invoice");
  return row;
}

/** Mark as paid's method for a payment's: Pay by Bank is a bank payment. */
const paidMethodOf = (method: PaymentMethod): PaidMethod =>
  (paidMethods as readonly string[]).includes(method) ? (method as PaidMethod) : "Bank transfer";

/**
 * "This invoice is now fully paid": the one place it happens. The statements that mark it Paid,
 * on the day and by the method of the payment that completed it, and say so in the Activity Feed;
 * they join the batch that records that payment, so the invoice is never Paid without it. Whatever
 * else paying in full should do belongs here too.
 */
export async function invoicePaidInFull(
  db: Db,
  invoice: InvoiceRow,
  completing: { date: string; method: PaymentMethod },
  by: Recorder,
  now: string,
): Promise<{ items: BatchItem<"sqlite">[]; raised: string[] }> {
  // A payment request paid in full: its VAT invoice is raised in the same batch (docs/decisions/0063).
  const settled = await settledWrites(db, invoice.id, { paid_date: completing.date, paid_method: paidMethodOf(completing.method) }, now);
  const items: BatchItem<"sqlite">[] = [
    db
      .update(invoices)
      .set({
        status: "Paid",
        paid_date: completing.date,
        paid_method: paidMethodOf(completing.method),
        updated_at: nextStamp(invoice.updated_at),
      })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.updated_at, invoice.updated_at))),
    requireUpdated(db),
    activityOf(db, by, `Invoice ${invoice.number} is paid in full`, invoice.id, now, 1),
    ...settled.writes,
  ];
  return { items, raised: settled.raised };
}

/** The statements that reopen an invoice whose payments no longer cover it (a refund, a failed payment). */
function invoiceReopened(db: Db, invoice: InvoiceRow, status: InvoiceStatus) {
  return [
    db
      .update(invoices)
      .set({ status, paid_date: null, paid_method: null, updated_at: nextStamp(invoice.updated_at) })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.updated_at, invoice.updated_at))),
    requireUpdated(db),
  ] satisfies BatchItem<"sqlite">[];
}

/**
 * The invoice's status after its payments become `after`: the statements that bring it in line
 * (none when it already is), and whether this made it paid in full.
 */
export async function settle(
  db: Db,
  invoice: InvoiceRow,
  after: Pick<PaymentRow, "kind" | "amount" | "state" | "date" | "method">[],
  by: Recorder,
  now: string,
): Promise<{ items: BatchItem<"sqlite">[]; becamePaid: boolean; money: InvoiceMoney; raised: string[] }> {
  const money = moneyOf(invoice.total, after, await creditedOn(db, invoice.id));
  const full = isPaidInFull(money) && after.length > 0;
  if (full && invoice.status !== "Paid") {
    const completing = [...after].reverse().find((p) => p.kind === "payment" && p.state === "succeeded") ?? after[after.length - 1];
    const paid = await invoicePaidInFull(db, invoice, completing, by, now);
    return { items: paid.items, becamePaid: true, money, raised: paid.raised };
  }
  if (!full && invoice.status === "Paid")
    return { items: invoiceReopened(db, invoice, unpaidStatus(invoice, londonToday())), becamePaid: false, money, raised: [] };
  return { items: [], becamePaid: false, money, raised: [] };
}

/** An Activity Feed entry on the invoice; `order` keeps entries written in one batch in order. */
export function activityOf(db: Db, by: Recorder, summary: string, invoiceId: string, now: string, order = 0) {
  const at = order ? new Date(Date.parse(now) + order).toISOString() : now;
  return db.insert(activities).values({
    id: newId(),
    who_username: by.kind === "staff" ? by.user.id : null,
    who_name: by.kind === "stripe" ? STRIPE_RECORDER : null,
    who_kind: by.kind === "staff" ? "staff" : "automatic",
    type: "Note",
    summary,
    related_type: "invoice",
    related_id: invoiceId,
    created_at: at,
    updated_at: at,
  });
}

export const recorderName = (by: Recorder) => (by.kind === "staff" ? by.user.full_name : STRIPE_RECORDER);

/** What a recorded payment leaves, for the receipt and the studio's note. */
export interface Recorded {
  invoice: InvoiceRow;
  payment: Payment;
  money: InvoiceMoney;
  becamePaid: boolean;
  /** Documents raised with it (a paid payment request's VAT invoice), to deliver once committed. */
  raised: string[];
}

/**
 * Mark as paid: a payment of the amount typed (a part payment), or of the balance due. An amount
 * above the balance is taken as it is and shown as overpaid, for the studio to refund or credit.
 */
export async function recordPayment(db: Db, invoiceId: string, input: z.output<typeof paymentInput>, user: SessionUser): Promise<Recorded> {
  const invoice = await invoiceRow(db, invoiceId);
  if (invoice.updated_at !== input.updated_at) await staleOrMissing(db, invoiceId);
  if (invoice.status === "Draft") throw invalid({ amount: "Send the invoice before recording a payment against it" });
  const before = await paymentRowsOf(db, invoiceId);
  const due = moneyOf(invoice.total, before, await creditedOn(db, invoiceId)).balance;
  const amount = input.amount ?? due;
  if (amount <= 0) throw invalid({ amount: "This invoice has nothing left to pay" });
  const by: Recorder = { kind: "staff", user };
  const now = nowIso();
  const row: PaymentRow = {
    id: newId(),
    invoice_id: invoiceId,
    kind: "payment",
    amount,
    currency: "GBP",
    date: input.date,
    method: input.method,
    reference: input.reference,
    state: "succeeded",
    note: null,
    fee: null,
    net: null,
    refund_of: null,
    stripe_session_id: null,
    stripe_payment_intent: null,
    recorded_by_user: user.id,
    recorded_by: user.full_name,
    created_at: now,
    updated_at: now,
  };
  const settled = await settle(db, invoice, [...before, row], by, now);
  // The invoice's version moves with every payment, so a second dialog opened on the same copy is refused.
  const touch = settled.items.length
    ? []
    : [
        db
          .update(invoices)
          .set({ updated_at: nextStamp(invoice.updated_at) })
          .where(and(eq(invoices.id, invoiceId), eq(invoices.updated_at, invoice.updated_at))),
        requireUpdated(db),
      ];
  await runBatch(db, [
    ...touch,
    ...settled.items,
    db.insert(payments).values(row),
    activityOf(db, by, `Recorded a payment of ${formatGbp(amount)} for invoice ${invoice.number}`, invoiceId, now),
  ]);
  return {
    invoice: await invoiceRow(db, invoiceId),
    payment: paymentOf(row),
    money: settled.money,
    becamePaid: settled.becamePaid,
    raised: settled.raised,
  };
}

async function staleOrMissing(db: Db, id: string): Promise<never> {
  if (await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id)).get()) throw staleEdit("invoice");
  throw notFound("Invoice");
}

/**
 * What an invoice's status edit does to its payments (PATCH status): becoming Paid by hand records
 * a payment of the balance; Mark as unpaid takes back the payments staff recorded. Money Stripe
 * received is not the studio's to unrecord: it is refunded in Stripe, and its refund reopens the invoice.
 */
export async function paymentsForStatusEdit(
  db: Db,
  invoice: { id: string; status: InvoiceStatus; total: number },
  next: { status: InvoiceStatus; total: number; paid_date: string | null; paid_method: PaidMethod | null },
  user: SessionUser | null,
): Promise<BatchItem<"sqlite">[]> {
  const before = await paymentRowsOf(db, invoice.id);
  const now = nowIso();
  if (next.status === "Paid" && invoice.status !== "Paid") {
    const due = moneyOf(next.total, before).balance;
    if (due <= 0) return [];
    return [
      db.insert(payments).values({
        id: newId(),
        invoice_id: invoice.id,
        kind: "payment",
        amount: due,
        currency: "GBP",
        date: next.paid_date ?? londonToday(),
        method: next.paid_method ?? "Other",
        state: "succeeded",
        recorded_by_user: user?.id ?? null,
        recorded_by: user?.full_name ?? "Mark as paid",
        created_at: now,
        updated_at: now,
      }),
    ];
  }
  if (next.status !== "Paid" && invoice.status === "Paid") {
    const online = before.filter((p) => p.stripe_session_id !== null || p.recorded_by === STRIPE_RECORDER);
    if (isPaidInFull(moneyOf(next.total, online)) && online.length)
      throw invalid({ status: "This invoice was paid online through Stripe: refund the payment in Stripe to reopen it" });
    const byStaff = and(eq(payments.invoice_id, invoice.id), isNull(payments.stripe_session_id), ne(payments.recorded_by, STRIPE_RECORDER));
    return [db.delete(payments).where(byStaff)];
  }
  return [];
}

/** The status an edit of the total leaves: Paid stays Paid only while its payments cover the new total. */
export async function statusForTotal(
  db: Db,
  invoice: { id: string; due_date: string },
  status: InvoiceStatus,
  total: number,
): Promise<InvoiceStatus> {
  const rows = await paymentRowsOf(db, invoice.id);
  if (!rows.length) return status;
  const full = isPaidInFull(moneyOf(total, rows));
  if (status === "Paid" && !full) return unpaidStatus(invoice, londonToday());
  if ((status === "Sent" || status === "Overdue") && full) return "Paid";
  return status;
}
