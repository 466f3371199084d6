/**
 * The client pays online (docs/decisions/0064-payments-and-stripe.md). Pay £X now creates a Stripe
 * Checkout Session for what is due; Stripe's webhook events become payments, each event recorded
 * by id in the same batch as what it changed, so a repeated event changes nothing. A payment
 * whose amount or currency is not what was due is recorded flagged, never counted towards Paid.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { payments, stripe_events } from "../../db/schema";
import {
  moneyOf,
  STRIPE_RECORDER,
  type InvoiceMoney,
  type Payment,
  type PaymentMethod,
  type PaymentState,
} from "../../../contract/payment";
import type { Env } from "../../env";
import { documentTitle } from "../../../contract/invoice-values";
import { AppError } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { runBatch } from "../../platform/batch";
import { londonToday, nowIso } from "../../platform/time";
import { formatGbp } from "../../platform/money";
import { logLine } from "../../platform/log";
import { activityOf, creditedOn, invoiceRow, paymentOf, paymentRowsOf, settle, type InvoiceRow, type PaymentRow, type Recorder } from "./payments";
import { getPaymentSettings } from "./payment-settings";
import { stripeApi, verifyStripeSignature, type Charge, type CheckoutSession, type Dispute, type StripeEvent } from "./stripe";

const STRIPE: Recorder = { kind: "stripe" };
type StripeApi = ReturnType<typeof stripeApi>;
const pence = (pounds: number) => Math.round(pounds * 100);

/** The invoice a Pay button is for: its id, number and the client's address. */
export interface PayableInvoice {
  id: string;
  number: string;
  contact_email: string | null;
}

/**
 * Creates the Checkout Session for what is due and answers its URL. The idempotency key is the
 * invoice and the amount: a second click (or a retried request) gets the same session, and a
 * payment made since changes the amount, so a new session.
 */
export async function startCheckout(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">,
  db: Db,
  requestUrl: string,
  invoice: PayableInvoice,
  pageUrl: string,
): Promise<string | null> {
  const row = await invoiceRow(db, invoice.id);
  const money = moneyOf(row.total, await paymentRowsOf(db, invoice.id), await creditedOn(db, invoice.id));
  if (row.status === "Paid" || row.status === "Draft" || money.balance <= 0) return null;
  const amount = pence(money.balance);
  const { settings } = await getPaymentSettings(db);
  const metadata = { invoice_id: invoice.id, invoice_number: invoice.number };
  const title = documentTitle(row.kind, invoice.number);
  const session = await stripeApi(env, requestUrl).createCheckoutSession(
    {
      mode: "payment",
      // A filter on what the account offers: Pay by Bank appears only where the account has it.
      allowed_payment_method_types: settings.methods,
      line_items: [
        { quantity: 1, price_data: { currency: "gbp", unit_amount: amount, product_data: { name: title } } },
      ],
      client_reference_id: invoice.number,
      metadata,
      payment_intent_data: { description: title, metadata },
      ...(invoice.contact_email ? { customer_email: invoice.contact_email } : {}),
      success_url: `${pageUrl}?paid=1`,
      cancel_url: pageUrl,
    },
    `invoice-${invoice.id}-${amount}`,
  );
  if (!session.url) throw new AppError("internal", "Stripe did not answer with a payment page");
  return session.url;
}

/** Verifies the signature on the raw body: a bad one is refused (400) before anything is read. */
export async function verifiedEvent(
  env: Pick<Env, "STRIPE_WEBHOOK_SECRET">,
  body: string,
  signature: string | undefined,
): Promise<StripeEvent> {
  if (!env.STRIPE_WEBHOOK_SECRET) throw new AppError("not_found", "Online payments are not set up");
  if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header");
  const event = await verifyStripeSignature(body, signature, env.STRIPE_WEBHOOK_SECRET);
  if (!event) throw new AppError("bad_request", "The Stripe signature does not match this body");
  return event;
}

/** What handling an event did, for the route to publish and mail about. */
export interface EventOutcome {
  invoiceId: string | null;
  duplicate: boolean;
  /** A payment that arrived: the client's receipt and the studio's note go out. */
  received?: { invoice: InvoiceRow; payment: Payment; money: InvoiceMoney };
  /** Documents raised with it (a paid payment request's VAT invoice), to deliver once committed. */
  raised?: string[];
  /** Something the studio (or, for a dispute, each Owner) must look at. */
  notice?: { subject: string; text: string; dispute?: { invoice: InvoiceRow; payment: Payment; reason: string } };
}

const recordEvent = (db: Db, event: StripeEvent) =>
  db.insert(stripe_events).values({ id: event.id, type: event.type, created_at: nowIso(), updated_at: nowIso() });
const seen = async (db: Db, id: string) =>
  Boolean(await db.select({ id: stripe_events.id }).from(stripe_events).where(eq(stripe_events.id, id)).get());
const isDuplicateEvent = (err: unknown) =>
  err instanceof Error && `${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}`.includes("stripe_events.id");

/** Stripe's fee and the net, and how it was paid, from the payment intent's charge and balance transaction. */
async function chargeDetails(stripe: StripeApi, intentId: string | null) {
  if (!intentId) return { fee: null, net: null, method: "Card" as PaymentMethod };
  try {
    const intent = await stripe.retrievePaymentIntent(intentId, ["latest_charge.balance_transaction"]);
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    const txn = charge && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
    const method: PaymentMethod = charge?.payment_method_details?.type === "pay_by_bank" ? "Pay by Bank" : "Card";
    return { fee: txn ? txn.fee / 100 : null, net: txn ? txn.net / 100 : null, method };
  } catch (err) {
    // The payment stands without its fee; the balance transaction can be read from Stripe later.
    logLine("error", { what: "stripe payment intent not read", intent: intentId, error: err instanceof Error ? err.message : String(err) });
    return { fee: null, net: null, method: "Card" as PaymentMethod };
  }
}

/** A Checkout Session's event: the payment it made, created once per session whatever order its events come in. */
async function sessionEvent(db: Db, stripe: StripeApi, event: StripeEvent, session: CheckoutSession): Promise<EventOutcome> {
  const invoiceId = session.metadata?.invoice_id ?? null;
  const row = invoiceId ? await invoiceRow(db, invoiceId).catch(() => undefined) : undefined;
  if (!row) {
    await recordEvent(db, event);
    return { invoiceId: null, duplicate: false };
  }
  const outcome: PaymentState =
    event.type === "checkout.session.async_payment_failed" ? "failed" : session.payment_status === "paid" ? "succeeded" : "processing";
  const before = await paymentRowsOf(db, row.id);
  const existing = before.find((p) => p.stripe_session_id === session.id);
  // States only move forward: a late "completed, unpaid" never takes a settled payment back to Processing.
  if (existing && (existing.state !== "processing" || outcome === "processing")) {
    await recordEvent(db, event);
    return { invoiceId: row.id, duplicate: false };
  }
  const others = before.filter((p) => p !== existing);
  const due = moneyOf(row.total, others, await creditedOn(db, row.id)).balance;
  const amount = (session.amount_total ?? 0) / 100;
  const currency = (session.currency ?? "").toUpperCase();
  const asAsked = currency === "GBP" && pence(amount) === pence(due);
  const state: PaymentState = outcome === "succeeded" && !asAsked ? "flagged" : outcome;
  const details =
    outcome === "succeeded" ? await chargeDetails(stripe, intentIdOf(session)) : { fee: null, net: null, method: "Card" as PaymentMethod };
  const now = nowIso();
  const payment: PaymentRow = {
    id: existing?.id ?? newId(),
    invoice_id: row.id,
    kind: "payment",
    amount: amount > 0 ? amount : due,
    currency: currency || "GBP",
    date: londonToday(),
    method: details.method,
    reference: intentIdOf(session) ?? session.id,
    state,
    note:
      state === "flagged"
        ? `Paid ${amount.toFixed(2)} ${currency || "?"} through Stripe when ${formatGbp(due)} was due: check it and refund or credit the difference`
        : null,
    fee: details.fee,
    net: details.net,
    refund_of: null,
    stripe_session_id: session.id,
    stripe_payment_intent: intentIdOf(session),
    recorded_by_user: null,
    recorded_by: STRIPE_RECORDER,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  const settled = await settle(db, row, [...others, payment], STRIPE, now);
  const write = existing
    ? db
        .update(payments)
        .set(payment)
        .where(and(eq(payments.id, existing.id), eq(payments.state, "processing")))
    : db.insert(payments).values(payment);
  const words: Record<PaymentState, string> = {
    succeeded: `Received ${formatGbp(payment.amount)} online for invoice ${row.number}`,
    processing: `A payment of ${formatGbp(payment.amount)} for invoice ${row.number} is processing`,
    failed: `The payment of ${formatGbp(payment.amount)} for invoice ${row.number} failed`,
    flagged: `Received ${amount.toFixed(2)} ${currency} online for invoice ${row.number}, which was not what was due: flagged`,
    refunded: "",
    disputed: "",
  };
  await runBatch(db, [recordEvent(db, event), write, ...settled.items, activityOf(db, STRIPE, words[state], row.id, now)]);
  const stored = paymentOf(payment);
  const result: EventOutcome = { invoiceId: row.id, duplicate: false };
  if (state === "succeeded") result.received = { invoice: await invoiceRow(db, row.id), payment: stored, money: settled.money };
  result.raised = settled.raised;
  if (state === "flagged")
    result.notice = {
      subject: `Payment flagged: ${row.number}`,
      text: `${stored.note}.\nThe invoice was not marked Paid. See its payments in the CRM.`,
    };
  if (state === "failed")
    result.notice = {
      subject: `Payment failed: ${row.number}`,
      text: `The client's payment of ${formatGbp(payment.amount)} for invoice ${row.number} failed. ${formatGbp(due)} is still due.`,
    };
  return result;
}

const intentIdOf = (o: { payment_intent?: string | { id: string } | null }) =>
  typeof o.payment_intent === "string" ? o.payment_intent : (o.payment_intent?.id ?? null);

const paymentByIntent = (db: Db, intent: string | null) =>
  intent
    ? db
        .select()
        .from(payments)
        .where(and(eq(payments.stripe_payment_intent, intent), eq(payments.kind, "payment")))
        .get()
    : Promise.resolve(undefined);

/** charge.refunded: the charge's refunded total, less what is already recorded, is a new refund. */
async function refundEvent(db: Db, event: StripeEvent, charge: Charge): Promise<EventOutcome> {
  const paid = await paymentByIntent(db, intentIdOf(charge));
  if (!paid) {
    await recordEvent(db, event);
    return { invoiceId: null, duplicate: false };
  }
  const invoice = await invoiceRow(db, paid.invoice_id);
  const before = await paymentRowsOf(db, invoice.id);
  const recorded = before.filter((p) => p.refund_of === paid.id).reduce((n, p) => n + pence(p.amount), 0);
  const more = charge.amount_refunded - recorded;
  const now = nowIso();
  if (more <= 0) {
    await recordEvent(db, event);
    return { invoiceId: invoice.id, duplicate: false };
  }
  const refund: PaymentRow = {
    id: newId(),
    invoice_id: invoice.id,
    kind: "refund",
    amount: more / 100,
    currency: paid.currency,
    date: londonToday(),
    method: paid.method,
    reference: charge.id,
    state: "succeeded",
    note: null,
    fee: null,
    net: null,
    refund_of: paid.id,
    stripe_session_id: null,
    stripe_payment_intent: null,
    recorded_by_user: null,
    recorded_by: STRIPE_RECORDER,
    created_at: now,
    updated_at: now,
  };
  const fully = charge.amount_refunded >= pence(paid.amount);
  const after = [
    ...before.map((p) => (p.id === paid.id && fully && p.state === "succeeded" ? { ...p, state: "refunded" as const } : p)),
    refund,
  ];
  const settled = await settle(db, invoice, after, STRIPE, now);
  await runBatch(db, [
    recordEvent(db, event),
    db.insert(payments).values(refund),
    ...(fully && paid.state === "succeeded"
      ? [db.update(payments).set({ state: "refunded", updated_at: now }).where(eq(payments.id, paid.id))]
      : []),
    ...settled.items,
    activityOf(db, STRIPE, `Refunded ${formatGbp(refund.amount)} of invoice ${invoice.number} through Stripe`, invoice.id, now),
  ]);
  return {
    invoiceId: invoice.id,
    duplicate: false,
    notice: {
      subject: `Refund: ${formatGbp(refund.amount)} for ${invoice.number}`,
      text: `Stripe refunded ${formatGbp(refund.amount)} of the payment for invoice ${invoice.number}. ${settled.money.balance > 0 ? `${formatGbp(settled.money.balance)} is now due.` : ""}`.trim(),
    },
  };
}

/** charge.dispute.created: the payment is marked disputed and each Owner is told. */
async function disputeEvent(db: Db, event: StripeEvent, dispute: Dispute): Promise<EventOutcome> {
  const paid = await paymentByIntent(db, intentIdOf(dispute));
  if (!paid) {
    await recordEvent(db, event);
    return { invoiceId: null, duplicate: false };
  }
  const invoice = await invoiceRow(db, paid.invoice_id);
  const now = nowIso();
  await runBatch(db, [
    recordEvent(db, event),
    db
      .update(payments)
      .set({ state: "disputed", note: `Disputed by the client: ${dispute.reason}`, updated_at: now })
      .where(eq(payments.id, paid.id)),
    activityOf(db, STRIPE, `The client disputed the payment of ${formatGbp(paid.amount)} for invoice ${invoice.number}`, invoice.id, now),
  ]);
  const payment = paymentOf({ ...paid, state: "disputed" });
  return {
    invoiceId: invoice.id,
    duplicate: false,
    notice: { subject: "", text: "", dispute: { invoice, payment, reason: dispute.reason } },
  };
}

/** One verified event, handled once. */
export async function handleStripeEvent(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">,
  db: Db,
  requestUrl: string,
  event: StripeEvent,
): Promise<EventOutcome> {
  if (await seen(db, event.id)) return { invoiceId: null, duplicate: true };
  try {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
      case "checkout.session.async_payment_failed":
        return await sessionEvent(db, stripeApi(env, requestUrl), event, event.data.object as CheckoutSession);
      case "charge.refunded":
        return await refundEvent(db, event, event.data.object as Charge);
      case "charge.dispute.created":
        return await disputeEvent(db, event, event.data.object as Dispute);
      default:
        await recordEvent(db, event);
        return { invoiceId: null, duplicate: false };
    }
  } catch (err) {
    // The same event handled at this moment by another delivery: the first stands.
    if (isDuplicateEvent(err)) return { invoiceId: null, duplicate: true };
    throw err;
  }
}
