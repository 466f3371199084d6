/**
 * An invoice has payments: Mark as paid records one (the balance, or the amount typed), the
 * balance due is the total less what arrived, and the invoice is Paid when it reaches 0. Each
 * payment is on the Activity Feed, e-mailed to the client as a receipt and told to the studio.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { apiWithEnv, errorOf, expectJson, rows, signInAs, subjectOf, uniqueEmail, uniqueInvoiceNumber, waitForMail, type Api, type Staff } from "../support/helpers";
import { deleteAll, exportAll, importText } from "../support/crm-data";
import type { Invoice } from "../../../contract/invoice";
import type { PaymentInput } from "../../../contract/payment";

let staff: Staff;
let api: Api;
let clientId = "";
let clientEmail = "";
let inbox = "";

beforeEach(async () => {
  staff = await signInAs("Sales");
  inbox = uniqueEmail("studio");
  // The staff member's API with a studio inbox of this test's own, so its mail is counted here alone.
  api = apiWithEnv({ STUDIO_INBOX: inbox }, { cookie: staff.cookie });
  clientEmail = uniqueEmail("jo");
  clientId = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Carter Bakes", emails: [clientEmail] } }), 201)).client.id;
});

const addInvoice = async (total = 1200, status: "Sent" | "Draft" = "Sent") =>
  (
    await expectJson(
      staff.api.crm.invoices.$post({
        json: { number: uniqueInvoiceNumber("INV-202611"), client_id: clientId, total, date: "2026-11-01", due_date: "2099-12-31", status },
      }),
      201,
    )
  ).invoice;
const getInvoice = async (id: string) => (await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id } }), 200)).invoice;
const pay = (inv: Invoice, body: Omit<PaymentInput, "updated_at">) =>
  api.crm.invoices[":id"].payments.$post({ param: { id: inv.id }, json: { ...body, updated_at: inv.updated_at } });
const paymentsOf = async (id: string) => expectJson(staff.api.crm.invoices[":id"].payments.$get({ param: { id } }), 200);
const pageOf = async (inv: Invoice) => {
  const { url } = await expectJson(staff.api.crm.invoices[":id"].share.$post({ param: { id: inv.id } }), 201);
  const res = await exports.default.fetch(`http://localhost${new URL(url).pathname}`, { headers: { "CF-Connecting-IP": "198.51.100.7" } });
  return res.text();
};

describe("recording payments", () => {
  it("a part payment leaves the balance due, shown in the CRM and on the client's page, and the invoice Sent", async () => {
    const inv = await addInvoice(1200);
    const { money } = await expectJson(pay(inv, { amount: 500, date: "2026-11-05", method: "Bank transfer", reference: "CB 1" }), 201);
    expect(money).toEqual({ total: 1200, paid: 500, balance: 700, overpaid: 0, credited: 0 });
    const after = await getInvoice(inv.id);
    expect(after).toMatchObject({ status: "Sent", amount_paid: 500, paid_date: null });
    const list = await paymentsOf(inv.id);
    expect(list.payments).toEqual([
      expect.objectContaining({ kind: "payment", amount: 500, date: "2026-11-05", method: "Bank transfer", reference: "CB 1", state: "succeeded", recorded_by: "Marcus Reid" }),
    ]);
    const html = await pageOf(after);
    expect(html).toContain("Balance due £700.00");
    expect(html).toContain("Please pay <strong>£700.00</strong> by bank transfer");
    expect(html).toContain("You have paid £500.00 of £1,200.00 so far.");

    // The rest, without an amount: the balance, and the invoice is Paid on that day by that method.
    const { money: rest } = await expectJson(pay(after, { date: "2026-11-20", method: "Card" }), 201);
    expect(rest).toMatchObject({ paid: 1200, balance: 0 });
    expect(await getInvoice(inv.id)).toMatchObject({ status: "Paid", paid_date: "2026-11-20", paid_method: "Card", amount_paid: 1200 });
    // Nothing left to pay: another payment without an amount is refused.
    const err = await errorOf(pay(await getInvoice(inv.id), { date: "2026-11-21", method: "Card" }), 422);
    expect(err.fields?.amount).toBe("This invoice has nothing left to pay");
  });

  it("an overpayment is shown for the studio to refund or credit", async () => {
    const inv = await addInvoice(300);
    const { money } = await expectJson(pay(inv, { amount: 350, date: "2026-11-05", method: "Bank transfer" }), 201);
    expect(money).toEqual({ total: 300, paid: 350, balance: 0, overpaid: 50, credited: 0 });
    const after = await getInvoice(inv.id);
    expect(after).toMatchObject({ status: "Paid", amount_paid: 350 });
    expect(await pageOf(after)).toContain("You paid £50.00 more than this invoice");
    const [note] = await waitForMail(inbox, 1);
    expect(note.text).toContain("It is overpaid by £50.00: refund or credit the client.");
  });

  it("each payment is e-mailed to the client as a receipt with what is left, told to the studio, and on the Activity Feed", async () => {
    const inv = await addInvoice(1000);
    await expectJson(pay(inv, { amount: 400, date: "2026-11-05", method: "Bank transfer" }), 201);
    const [receipt] = await waitForMail(clientEmail, 1);
    expect(subjectOf(receipt)).toBe(`Receipt: £400.00 for invoice ${inv.number}`);
    expect(receipt.text).toContain(`we received £400.00 for invoice ${inv.number} on 5 November 2026`);
    expect(receipt.text).toContain("£600.00 is still due on this invoice.");
    const [note] = await waitForMail(inbox, 1);
    expect(subjectOf(note)).toBe(`Payment received: £400.00 for ${inv.number}`);
    expect(note.text).toContain("recorded by Marcus Reid");
    const feed = await rows<{ summary: string; related_type: string; who_username: string }>(
      "SELECT summary, related_type, who_username FROM activities WHERE related_id = ?",
      inv.id,
    );
    expect(feed).toEqual([{ summary: `Recorded a payment of £400.00 for invoice ${inv.number}`, related_type: "invoice", who_username: staff.id }]);
  });

  it("refuses a payment against a copy of the invoice edited since (409) and a Draft (422), storing nothing", async () => {
    const inv = await addInvoice(500);
    await expectJson(pay(inv, { amount: 100, date: "2026-11-05", method: "Cash" }), 201);
    await errorOf(pay(inv, { amount: 100, date: "2026-11-05", method: "Cash" }), 409);
    const draft = await addInvoice(500, "Draft");
    await errorOf(pay(draft, { amount: 100, date: "2026-11-05", method: "Cash" }), 422);
    const bad = await errorOf(pay(await getInvoice(inv.id), { amount: -5, date: "5/11/2026", method: "Cash" }), 422);
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(["amount", "date"]);
    expect(await rows("SELECT id FROM payments")).toHaveLength(1);
  });

  it("Mark as paid through a status edit records the balance, and Mark as unpaid takes back what staff recorded", async () => {
    const inv = await addInvoice(800);
    const partly = (await expectJson(pay(inv, { amount: 300, date: "2026-11-02", method: "Cash" }), 201)).money;
    expect(partly.balance).toBe(500);
    const current = await getInvoice(inv.id);
    const paid = await expectJson(
      staff.api.crm.invoices[":id"].$patch({
        param: { id: inv.id },
        json: { status: "Paid", paid_date: "2026-11-09", paid_method: "Bank transfer", updated_at: current.updated_at },
      }),
      200,
    );
    expect(paid.invoice).toMatchObject({ status: "Paid", amount_paid: 800 });
    expect((await paymentsOf(inv.id)).payments.map((p) => [p.amount, p.date])).toEqual([
      [300, "2026-11-02"],
      [500, "2026-11-09"],
    ]);
    const unpaid = await expectJson(
      staff.api.crm.invoices[":id"].$patch({ param: { id: inv.id }, json: { status: "Sent", updated_at: paid.invoice.updated_at } }),
      200,
    );
    expect(unpaid.invoice).toMatchObject({ status: "Sent", amount_paid: 0, paid_date: null });
    expect((await paymentsOf(inv.id)).payments).toEqual([]);
  });

  it("an invoice created Paid has its payment, so its balance is 0", async () => {
    const { invoice } = await expectJson(
      staff.api.crm.invoices.$post({
        json: { number: "INV-202611-777", client_id: clientId, total: 99.5, date: "2026-11-01", due_date: "2026-11-30", status: "Paid", paid_date: "2026-11-03" },
      }),
      201,
    );
    expect(invoice).toMatchObject({ status: "Paid", amount_paid: 99.5 });
    expect((await paymentsOf(invoice.id)).money).toEqual({ total: 99.5, paid: 99.5, balance: 0, overpaid: 0, credited: 0 });
  });

  it("the payments go through export and import unchanged", async () => {
    const owner = await signInAs("Owner");
    const inv = await addInvoice(1000);
    await expectJson(pay(inv, { amount: 250.25, date: "2026-11-05", method: "Bank transfer", reference: "Part 1" }), 201);
    await env.DB.prepare("INSERT INTO stripe_events (id, type) VALUES ('evt_round_trip', 'charge.refunded')").run();
    const before = { payments: await rows("SELECT * FROM payments ORDER BY id"), events: await rows("SELECT * FROM stripe_events") };
    const doc = await exportAll(owner);
    expect(doc.payments).toHaveLength(1);
    await deleteAll(owner);
    expect(await rows("SELECT id FROM payments")).toEqual([]);
    const res = await importText(owner, JSON.stringify(doc));
    expect(res.status, await res.clone().text()).toBe(200);
    expect({ payments: await rows("SELECT * FROM payments ORDER BY id"), events: await rows("SELECT * FROM stripe_events") }).toEqual(before);
    expect(await getInvoice(inv.id)).toMatchObject({ amount_paid: 250.25, status: "Sent" });
  });
});
