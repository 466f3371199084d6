/** The payments module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { paymentKinds, paymentMethods, paymentStates } from "../../../contract/payment";
import { reminderStages } from "../../../contract/payment-reminders";
import { notificationStatuses } from "../../../contract/preview-feedback";
import { id, oneOf, qualified, stamps } from "../../platform/columns";
import { invoices } from "../invoices/tables";
import { users } from "../users-and-auth/tables";

/** Money recorded against an invoice, and refunds of it (docs/decisions/0064-payments-and-stripe.md). */
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    invoice_id: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: paymentKinds }).notNull().default("payment"),
    amount: real("amount").notNull(),
    currency: text("currency").notNull().default("GBP"),
    date: text("date").notNull(),
    method: text("method", { enum: paymentMethods }).notNull(),
    reference: text("reference"),
    state: text("state", { enum: paymentStates }).notNull(),
    note: text("note"),
    fee: real("fee"),
    net: real("net"),
    refund_of: text("refund_of").references((): AnySQLiteColumn => payments.id, { onDelete: "cascade" }),
    /** The Checkout Session a Stripe payment came through: one payment per session, whatever order its events arrive in. */
    stripe_session_id: text("stripe_session_id"),
    stripe_payment_intent: text("stripe_payment_intent"),
    recorded_by_user: text("recorded_by_user").references(() => users.id, { onDelete: "set null" }),
    /** The name shown: the member of staff's as it was, or "Stripe". */
    recorded_by: text("recorded_by").notNull(),
    ...stamps,
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoice_id, t.date),
    index("payments_date_idx").on(t.date),
    uniqueIndex("payments_stripe_session_unique").on(t.stripe_session_id),
    index("payments_stripe_intent_idx").on(t.stripe_payment_intent),
    check("payments_kind_check", oneOf(t.kind, paymentKinds)),
    check("payments_method_check", oneOf(t.method, paymentMethods)),
    check("payments_state_check", oneOf(t.state, paymentStates)),
    check("payments_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Each Stripe event handled, by its id: the same event delivered twice changes nothing the second time. */
export const stripe_events = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  ...stamps,
});

/**
 * An invoice's money in, in SQL, in whole pence: payments that arrived less refunds
 * (contract/payment.ts moneyOf says the same in TypeScript). Here so every module that reads
 * invoices through db/schema can show what is paid without importing this module.
 */
export const amountPaidPence = (invoiceId: AnySQLiteColumn) =>
  sql<number>`coalesce((SELECT sum(CASE WHEN ${payments.kind} = 'refund' THEN -round(${payments.amount} * 100)
    WHEN ${payments.state} IN ('succeeded', 'refunded', 'disputed') THEN round(${payments.amount} * 100) ELSE 0 END)
    FROM ${payments} WHERE ${payments.invoice_id} = ${qualified(invoiceId)}), 0)`;

/**
 * A payment reminder sent, or being sent (docs/decisions/0066): the claim is written with the
 * client's Activity Feed entry before the e-mail is tried, and is unique on (invoice, stage), so a
 * retried run, two runs at once or a clock change never mail the same reminder twice.
 */
export const payment_reminders = sqliteTable(
  "payment_reminders",
  {
    id: id(),
    invoice_id: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: reminderStages }).notNull(),
    /** The London date it went out. */
    sent_on: text("sent_on").notNull(),
    /** Pounds still due when it was sent: what the mail said. */
    balance: real("balance").notNull(),
    email_status: text("email_status", { enum: notificationStatuses }).notNull().default("pending"),
    email_error: text("email_error"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("payment_reminders_invoice_stage_unique").on(t.invoice_id, t.stage),
    check("payment_reminders_stage_check", oneOf(t.stage, reminderStages)),
    check("payment_reminders_email_status_check", oneOf(t.email_status, notificationStatuses)),
  ],
);
