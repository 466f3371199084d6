/**
 * Add late-payment charge (docs/decisions/0065-late-payment-charges.md): offered only for a
 * business client's overdue invoice when the Terms set no rate of their own, raised once, on the
 * Owner's click, as a draft outside the scope of VAT whose lines say how each figure was reached.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { errorOf, expectJson, rows, saveStudioDetails, signInAs, type Staff } from "../support/helpers";
import { latePaymentCharge, PUBLISHED_BASE_RATES } from "../../../contract/late-payment";
import { OUTSIDE_SCOPE_VAT_NOTE } from "../../../contract/invoice";

let owner: Staff;
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

beforeEach(async () => {
  owner = await signInAs("Owner");
});

async function overdueInvoice(opts: { client_type?: "Business" | "Consumer"; due_date?: string; total?: number } = {}) {
  const { client } = await expectJson(owner.api.crm.clients.$post({ json: { name: "Acme Ltd", client_type: opts.client_type } }), 201);
  const { invoice } = await expectJson(
    owner.api.crm.invoices.$post({
      json: {
        number: `INV-LATE-${crypto.randomUUID().slice(0, 6)}`,
        client_id: client.id,
        status: "Sent",
        date: "2025-07-15",
        due_date: opts.due_date ?? "2025-08-15",
        lines: [{ description: "Site build", quantity: 1, unit_price: opts.total ?? 10_000 }],
      },
    }),
    201,
  );
  return invoice;
}
const quote = async (id: string) =>
  (await expectJson(owner.api.crm.invoices[":id"]["late-payment-charge"].$get({ param: { id } }), 200)).quote;
const raise = (id: string, number: string, who = owner) =>
  who.api.crm.invoices[":id"]["late-payment-charge"].$post({ param: { id }, json: { number } });

describe("Add late-payment charge", () => {
  it("quotes the Act's figures for a business's overdue invoice and raises them once, as a draft outside the scope of VAT", async () => {
    const inv = await overdueInvoice();
    const expected = latePaymentCharge({ debt: 10_000, dueDate: "2025-08-15", raisedOn: today, baseRates: PUBLISHED_BASE_RATES });
    if (!expected.ok) throw new Error("the published rates cover 30 June 2025");
    const q = await quote(inv.id);
    expect(q).toEqual({
      ok: true,
      debt: 10_000,
      compensation: 100,
      interest: expected.interest,
      total: expected.total,
      workings: expected.workings,
    });

    const { invoice: charge } = await expectJson(raise(inv.id, "INV-CHG-1"), 201);
    expect(charge).toMatchObject({
      number: "INV-CHG-1",
      status: "Draft",
      client_id: inv.client_id,
      vat_treatment: "outside_scope",
      late_charge_for: inv.id,
      date: today,
      total: expected.total,
    });
    expect(charge.lines).toEqual([
      { description: `${expected.workings.compensation} (invoice ${inv.number})`, quantity: 1, unit_price: 100 },
      { description: expected.workings.interest, quantity: 1, unit_price: expected.interest },
    ]);
    // Once only: the quote and a second click say so, and nothing more is made.
    expect(await quote(inv.id)).toEqual({ ok: false, message: "This invoice has already been charged for paying late: INV-CHG-1" });
    const again = await errorOf(raise(inv.id, "INV-CHG-2"), 422);
    expect(again.message).toBe("This invoice has already been charged for paying late: INV-CHG-1");
    expect(await rows("SELECT count(*) AS n FROM invoices WHERE late_charge_for IS NOT NULL")).toEqual([{ n: 1 }]);
  });

  it("charges on what is still owed: a part payment lowers the band and the interest", async () => {
    const inv = await overdueInvoice();
    await expectJson(
      owner.api.crm.invoices[":id"].payments.$post({
        param: { id: inv.id },
        json: { amount: 9500, date: "2025-09-01", method: "Bank transfer", updated_at: inv.updated_at },
      }),
      201,
    );
    const expected = latePaymentCharge({ debt: 500, dueDate: "2025-08-15", raisedOn: today, baseRates: PUBLISHED_BASE_RATES });
    if (!expected.ok) throw new Error("the published rates cover 30 June 2025");
    expect(await quote(inv.id)).toMatchObject({ ok: true, debt: 500, compensation: 40, interest: expected.interest });
  });

  it("is not offered for a consumer, an invoice not yet overdue, or when the Terms set their own rate", async () => {
    const consumer = await overdueInvoice({ client_type: "Consumer" });
    expect(await quote(consumer.id)).toEqual({ ok: false, message: "Only a business client can be charged for paying late" });
    expect((await errorOf(raise(consumer.id, "INV-X-1"), 422)).message).toBe("Only a business client can be charged for paying late");

    const notDue = await overdueInvoice({ due_date: "2099-01-01" });
    expect(await quote(notDue.id)).toEqual({ ok: false, message: "Only an overdue invoice can be charged for paying late" });

    const business = await overdueInvoice();
    await expectJson(
      owner.api.crm.settings["late-payment"].$put({
        json: { base_rates: [...PUBLISHED_BASE_RATES], terms_set_own_rate: true, updated_at: null },
      }),
      200,
    );
    expect(await quote(business.id)).toEqual({
      ok: false,
      message: "Your Terms set their own late-payment rate, so the Act's charge is not offered",
    });
    expect(await rows("SELECT count(*) AS n FROM invoices WHERE late_charge_for IS NOT NULL")).toEqual([{ n: 0 }]);
  });

  it("asks for a base rate it does not have rather than guessing, and takes the one the Owner adds", async () => {
    const inv = await overdueInvoice({ due_date: "2026-01-15", total: 999.99 });
    expect(await quote(inv.id)).toEqual({
      ok: false,
      message: "Add the Bank of England base rate on 31 December 2025 in Settings → Late Payment to work out the interest",
    });
    const { settings } = await expectJson(owner.api.crm.settings["late-payment"].$get(), 200);
    const saved = await expectJson(
      owner.api.crm.settings["late-payment"].$put({
        json: { base_rates: [...settings.base_rates, { on: "2025-12-31", rate: 3.75 }], terms_set_own_rate: false, updated_at: null },
      }),
      200,
    );
    // Newest first, as the form lists them.
    expect(saved.settings.base_rates[0]).toEqual({ on: "2025-12-31", rate: 3.75 });
    expect(await quote(inv.id)).toMatchObject({ ok: true, compensation: 40 });
  });

  it("only the Owner raises a charge or changes the rates; a rate on any other day is refused", async () => {
    const inv = await overdueInvoice();
    const sales = await signInAs("Sales");
    await errorOf(raise(inv.id, "INV-S-1", sales), 403);
    await errorOf(
      sales.api.crm.settings["late-payment"].$put({ json: { base_rates: [], terms_set_own_rate: true, updated_at: null } }),
      403,
    );
    const bad = await errorOf(
      owner.api.crm.settings["late-payment"].$put({
        json: { base_rates: [{ on: "2025-05-01", rate: 4 }], terms_set_own_rate: false, updated_at: null },
      }),
      422,
    );
    expect(bad.fields?.["base_rates.0.on"]).toBe("The base rate is taken on 30 June or 31 December");
    expect(await rows("SELECT count(*) AS n FROM invoices WHERE late_charge_for IS NOT NULL")).toEqual([{ n: 0 }]);
    expect(await rows("SELECT count(*) AS n FROM settings WHERE key = 'late_payment'")).toEqual([{ n: 0 }]);
  });
});

describe("the charge's own page", () => {
  it("carries no VAT lines and says it is outside the scope of VAT", async () => {
    await saveStudioDetails(owner);
    const inv = await overdueInvoice();
    const { invoice: charge } = await expectJson(raise(inv.id, "INV-CHG-9"), 201);
    const { url } = await expectJson(owner.api.crm.invoices[":id"].share.$post({ param: { id: charge.id } }), 201);
    const html = await (
      await exports.default.fetch(`http://localhost${new URL(url).pathname}`, { headers: { "CF-Connecting-IP": "198.51.100.3" } })
    ).text();
    expect(html).toContain(OUTSIDE_SCOPE_VAT_NOTE);
    expect(html).not.toContain("VAT at 20%");
  });
});
