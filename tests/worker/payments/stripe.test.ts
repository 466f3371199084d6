/**
 * Paid online: Pay £X now opens a Stripe Checkout Session for what is due, and Stripe's webhook
 * events become payments, each event once, checked against what was due. Stripe is the stand-in
 * of scripts/stripe-stand-in (the only outbound call replaced), and events are signed with the
 * stripe package's generateTestHeaderStringAsync, as Stripe signs them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectJson, rows, signInAs, uniqueEmail, waitForMail, type Staff } from "../support/helpers";
import type { Invoice } from "../../../contract/invoice";
import { deliver, STRIPE_ENV, stripeStandIn, withStripe } from "./stripe-support";
import { subjectOf } from "../support/helpers";
import { standInFee, type StripeStandIn } from "../../../scripts/stripe-stand-in/stand-in.mjs";

let staff: Staff;
let owner: Staff;
let standIn: StripeStandIn;
let clientEmail = "";
let clientId = "";
let seq = 0;

beforeEach(async () => {
  owner = await signInAs("Owner");
  staff = await signInAs("Sales");
  standIn = stripeStandIn();
  clientEmail = uniqueEmail("jo");
  clientId = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Carter Bakes", emails: [clientEmail] } }), 201)).client.id;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A Sent invoice of `total`, shared: its page's path. */
async function sharedInvoice(total = 1200): Promise<{ invoice: Invoice; path: string }> {
  const { invoice } = await expectJson(
    staff.api.crm.invoices.$post({
      json: { number: `INV-202611-${String(++seq).padStart(3, "0")}`, client_id: clientId, total, date: "2026-11-01", due_date: "2099-12-31", status: "Sent" },
    }),
    201,
  );
  const { url } = await expectJson(staff.api.crm.invoices[":id"].share.$post({ param: { id: invoice.id } }), 201);
  return { invoice, path: new URL(url).pathname };
}
const getInvoice = async (id: string) => (await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id } }), 200)).invoice;
const paymentsOf = async (id: string) => (await expectJson(staff.api.crm.invoices[":id"].payments.$get({ param: { id } }), 200)).payments;
/** The client clicks Pay £X now: the form's post, as a browser sends it from the page (no referrer: Origin null). */
const clickPay = (path: string, overrides = STRIPE_ENV) =>
  withStripe(`${path}/pay`, { method: "POST", headers: { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" }, body: "" }, overrides);
/** Pay £X now, then the client pays on the stand-in's page: the session, completed, with its event delivered. */
async function payOnline(path: string) {
  const res = await clickPay(path);
  const id = res.headers.get("Location")!.split("/pay/")[1];
  return standIn.sessions.get(id)!;
}
const session = (invoice: Invoice, over: Record<string, unknown> = {}) => ({
  id: `cs_test_${crypto.randomUUID().slice(0, 8)}`,
  object: "checkout.session",
  amount_total: Math.round(invoice.total * 100),
  currency: "gbp",
  metadata: { invoice_id: invoice.id, invoice_number: invoice.number },
  mode: "payment",
  payment_intent: null,
  payment_status: "paid",
  status: "complete",
  ...over,
});
async function send(type: string, object: unknown) {
  const signed = await standIn.signedEvent(type, object);
  const res = await deliver(signed.payload, signed.signature);
  return { res, body: (await res.json()) as { received?: boolean; duplicate?: boolean; error?: unknown }, signed };
}

describe("Pay £X now", () => {
  it("is a plain form on the client's page only when Stripe is set up", async () => {
    const { path } = await sharedInvoice(1200);
    const without = await (await withStripe(path, {}, {})).text();
    expect(without).not.toContain("/pay");
    expect(without).toContain("by bank transfer");
    const withIt = await (await withStripe(path)).text();
    expect(withIt).toContain(`<form method="post" action="${path}/pay" class="pay-online"><button type="submit">Pay £1,200.00 now</button></form>`);
    expect(withIt).not.toMatch(/<script/i);
    // Without Stripe the post only leads back to the page, and Stripe is never called.
    const back = await clickPay(path, {} as typeof STRIPE_ENV);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`http://localhost${path}`);
    expect(standIn.received).toEqual([]);
  });

  it("answers 303 to Stripe's payment page for the amount due, keyed by the invoice and the amount", async () => {
    const { invoice, path } = await sharedInvoice(1200);
    await expectJson(
      staff.api.crm.invoices[":id"].payments.$post({
        param: { id: invoice.id },
        json: { amount: 200.5, date: "2026-11-02", method: "Bank transfer", updated_at: invoice.updated_at },
      }),
      201,
    );
    const res = await clickPay(path);
    expect(res.status).toBe(303);
    const [call] = standIn.received;
    const created = [...standIn.sessions.values()][0];
    expect(res.headers.get("Location")).toBe(created.url);
    expect(created.url).toMatch(/^http:\/\/stripe\.stand-in\.test\/pay\/cs_test_/);
    expect(call).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", idempotencyKey: `invoice-${invoice.id}-99950` });
    expect(call.authorization).toBe(`Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`);
    expect(call.params).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: ["card"],
      client_reference_id: invoice.number,
      customer_email: clientEmail,
      metadata: { invoice_id: invoice.id, invoice_number: invoice.number },
      line_items: [{ quantity: "1", price_data: { currency: "gbp", unit_amount: "99950", product_data: { name: `Invoice ${invoice.number}` } } }],
      success_url: `http://localhost${path}?paid=1`,
      cancel_url: `http://localhost${path}`,
    });
    // A second click is the same session.
    expect((await clickPay(path)).headers.get("Location")).toBe(created.url);
    expect(standIn.sessions.size).toBe(1);
  });

  it("offers the methods the Owner chose in Settings", async () => {
    const saved = await expectJson(owner.api.crm.settings.payments.$put({ json: { methods: ["pay_by_bank", "card"], updated_at: null } }), 200);
    expect(saved.settings.methods).toEqual(["card", "pay_by_bank"]);
    const refused = await staff.api.crm.settings.payments.$put({ json: { methods: ["card"], updated_at: saved.updated_at } });
    expect(refused.status).toBe(403);
    const { path } = await sharedInvoice(100);
    await clickPay(path);
    expect(standIn.received[0].params.allowed_payment_method_types).toEqual(["card", "pay_by_bank"]);
  });
});

describe("Stripe's webhook", () => {
  it("a paid session records the payment with Stripe's fee and net: Paid, receipt e-mailed, studio told, page reads Paid", async () => {
    const { invoice, path } = await sharedInvoice(1200);
    const inbox = uniqueEmail("studio");
    const res = await clickPay(path);
    const page = await standIn.handle(new Request(res.headers.get("Location")!));
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const sessionId = res.headers.get("Location")!.split("/pay/")[1];
    const { session: paid } = standIn.complete(standIn.sessions.get(sessionId)!);
    const signed = await standIn.signedEvent("checkout.session.completed", paid);
    const answer = await withStripe("/api/payments/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signed.signature },
      body: signed.payload,
    }, { ...STRIPE_ENV, STUDIO_INBOX: inbox });
    expect(answer.status).toBe(200);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "Paid", amount_paid: 1200, paid_method: "Card" });
    const fee = standInFee(120000) / 100;
    expect(await paymentsOf(invoice.id)).toEqual([
      expect.objectContaining({ amount: 1200, currency: "GBP", method: "Card", state: "succeeded", recorded_by: "Stripe", fee, net: 1200 - fee, reference: paid.payment_intent }),
    ]);
    const [receipt] = await waitForMail(clientEmail, 1);
    expect(subjectOf(receipt)).toBe(`Receipt: £1,200.00 for invoice ${invoice.number}`);
    expect(receipt.text).toContain("This invoice is now paid in full.");
    const [note] = await waitForMail(inbox, 1);
    expect(note.text).toContain(`Stripe's fee: £${fee.toFixed(2)}`);
    const html = await (await withStripe(path)).text();
    expect(html).toMatch(/Paid on \d+ \w+ 2026\. Thank you\./);
    expect(html).not.toContain("Pay £");
    const feed = await rows<{ summary: string; who_name: string }>("SELECT summary, who_name FROM activities WHERE related_id = ? ORDER BY created_at", invoice.id);
    expect(feed).toEqual([
      { summary: `Received £1,200.00 online for invoice ${invoice.number}`, who_name: "Stripe" },
      { summary: `Invoice ${invoice.number} is paid in full`, who_name: "Stripe" },
    ]);
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { invoice } = await sharedInvoice(1200);
    const signed = await standIn.signedEvent("checkout.session.completed", session(invoice));
    const tampered = signed.payload.replace('"amount_total":120000', '"amount_total":1');
    expect((await deliver(tampered, signed.signature)).status).toBe(400);
    const otherSecret = signed.signature.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`);
    expect((await deliver(signed.payload, otherSecret)).status).toBe(400);
    const none = await withStripe("/api/payments/stripe", { method: "POST", body: signed.payload });
    expect(none.status).toBe(400);
    expect(await rows("SELECT id FROM payments")).toEqual([]);
    expect(await rows("SELECT id FROM stripe_events")).toEqual([]);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "Sent", amount_paid: 0 });
  });

  it("records the same event delivered twice once", async () => {
    const { invoice } = await sharedInvoice(450);
    const signed = await standIn.signedEvent("checkout.session.completed", session(invoice));
    const first = await deliver(signed.payload, signed.signature);
    const again = await deliver(signed.payload, signed.signature);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "Paid", amount_paid: 450 });
    await waitForMail(clientEmail, 1);
  });

  it("an async payment is Processing until it succeeds; events out of order end in one payment", async () => {
    // In order: completed unpaid (Processing, not Paid), then async success.
    const { invoice, path } = await sharedInvoice(300);
    const s = session(invoice, { payment_status: "unpaid" });
    await send("checkout.session.completed", s);
    expect(await paymentsOf(invoice.id)).toEqual([expect.objectContaining({ state: "processing", amount: 300 })]);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "Sent", amount_paid: 0 });
    expect(await (await withStripe(path)).text()).toContain("A payment of £300.00 is on its way");
    await send("checkout.session.async_payment_succeeded", { ...s, payment_status: "paid" });
    expect(await paymentsOf(invoice.id)).toEqual([expect.objectContaining({ state: "succeeded", amount: 300 })]);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "Paid" });

    // Out of order: the success arrives before the completion.
    const { invoice: other } = await sharedInvoice(500);
    const o = session(other, { payment_status: "paid" });
    await send("checkout.session.async_payment_succeeded", o);
    await send("checkout.session.completed", { ...o, payment_status: "unpaid" });
    expect(await paymentsOf(other.id)).toEqual([expect.objectContaining({ state: "succeeded", amount: 500 })]);
    expect(await getInvoice(other.id)).toMatchObject({ status: "Paid", amount_paid: 500 });

    // A failed one: recorded Failed, the invoice still owed.
    const { invoice: third } = await sharedInvoice(80);
    const f = session(third, { payment_status: "unpaid" });
    await send("checkout.session.completed", f);
    await send("checkout.session.async_payment_failed", f);
    expect(await paymentsOf(third.id)).toEqual([expect.objectContaining({ state: "failed" })]);
    expect(await getInvoice(third.id)).toMatchObject({ status: "Sent", amount_paid: 0 });
  });

  it("flags a payment of another amount or currency, never marking the invoice Paid", async () => {
    const { invoice } = await sharedInvoice(1000);
    await send("checkout.session.completed", session(invoice, { amount_total: 90000 }));
    const { invoice: euros } = await sharedInvoice(1000);
    await send("checkout.session.completed", session(euros, { currency: "eur" }));
    for (const inv of [invoice, euros]) {
      expect(await paymentsOf(inv.id)).toEqual([expect.objectContaining({ state: "flagged", note: expect.stringContaining("£1,000.00 was due") })]);
      expect(await getInvoice(inv.id)).toMatchObject({ status: "Sent", amount_paid: 0, payments_flagged: 1 });
    }
  });

  it("a refund reopens the invoice with the balance due", async () => {
    const { path, invoice } = await sharedInvoice(600);
    const paid = await payOnline(path);
    const { session: done, charge } = standIn.complete(paid);
    await send("checkout.session.completed", done);
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "Paid" });
    await send("charge.refunded", { ...charge, amount_refunded: 15000, refunded: false });
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "Sent", amount_paid: 450, paid_date: null });
    // Stripe's next refund event carries the charge's refunded total: only the new part is recorded.
    await send("charge.refunded", { ...charge, amount_refunded: 60000, refunded: true });
    const list = await paymentsOf(invoice.id);
    expect(list.map((p) => [p.kind, p.amount, p.state])).toEqual([
      ["payment", 600, "refunded"],
      ["refund", 150, "succeeded"],
      ["refund", 450, "succeeded"],
    ]);
    expect(await getInvoice(invoice.id)).toMatchObject({ amount_paid: 0 });
  });

  it("a dispute marks the payment disputed and tells the Owner", async () => {
    const { path, invoice } = await sharedInvoice(700);
    const { session: done } = standIn.complete(await payOnline(path));
    await send("checkout.session.completed", done);
    await send("charge.dispute.created", { id: "dp_test_1", object: "dispute", amount: 70000, currency: "gbp", payment_intent: done.payment_intent, charge: "ch_x", reason: "fraudulent", status: "needs_response" });
    expect(await paymentsOf(invoice.id)).toEqual([expect.objectContaining({ state: "disputed", note: "Disputed by the client: fraudulent" })]);
    const [mail] = await waitForMail(`${owner.id}@studio.test`, 1);
    expect(subjectOf(mail)).toBe(`Payment disputed: £700.00 for ${invoice.number}`);
    expect(mail.text).toContain("reason given: fraudulent");
  });
});
