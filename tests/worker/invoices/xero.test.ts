/**
 * Export for Xero: a period's sent invoices as Xero's sales-invoice import rows, one per line, in
 * files of at most 500 invoices; the account and tax rate from Settings.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { errorOf, expectJson, rows, saveStudioDetails, signInAs, unchecked, type Staff } from "../support/helpers";
import type { InvoiceInput } from "../../../contract/invoice";
import { XERO_MAX_INVOICES, XERO_PERIOD_ORDER_MESSAGE } from "../../../contract/xero";

let owner: Staff;
let sales: Staff;
let acme = "";

const addInvoice = async (over: Partial<InvoiceInput>) =>
  (
    await expectJson(
      owner.api.crm.invoices.$post({
        json: { number: "INV-1", client_id: acme, date: "2026-03-01", due_date: "2026-03-31", status: "Sent", total: 100, ...over },
      }),
      201,
    )
  ).invoice;
const exported = (who: Staff, from: string, to: string) => expectJson(who.api.crm.invoices.xero.$get({ query: { from, to } }), 200);

beforeEach(async () => {
  owner = await signInAs("Owner");
  sales = await signInAs("Sales");
  const { client } = await expectJson(
    owner.api.crm.clients.$post({ json: { name: 'Acme, "North" Ltd', emails: ["accounts@acme.example"] } }),
    201,
  );
  acme = client.id;
});

describe("Export for Xero", () => {
  it("writes one row per line with Xero's dates, the client's name, and the account and tax rate from Settings", async () => {
    const { project } = await expectJson(owner.api.crm.projects.$post({ json: { title: "Acme site", client_id: acme } }), 201);
    await addInvoice({
      number: "INV-202603-007",
      project_id: project.id,
      date: "2026-03-05",
      due_date: "2026-04-04",
      total: undefined,
      lines: [
        { description: "Design, 3 pages", quantity: 3, unit_price: 400 },
        { description: "Hosting", quantity: 1, unit_price: 99.5 },
      ],
    });
    const out = await exported(sales, "2026-03-01", "2026-03-31");
    expect(out.invoices).toBe(1);
    expect(out.files).toHaveLength(1);
    expect(out.files[0]).toEqual([
      expect.objectContaining({
        "*ContactName": 'Acme, "North" Ltd',
        EmailAddress: "accounts@acme.example",
        "*InvoiceNumber": "INV-202603-007",
        Reference: "Acme site",
        "*InvoiceDate": "05/03/2026",
        "*DueDate": "04/04/2026",
        "*Description": "Design, 3 pages",
        "*Quantity": "3",
        "*UnitAmount": "400.00",
        "*AccountCode": "200",
        "*TaxType": "No VAT",
        Currency: "GBP",
      }),
      expect.objectContaining({ "*InvoiceNumber": "INV-202603-007", "*Description": "Hosting", "*Quantity": "1", "*UnitAmount": "99.50" }),
    ]);
  });

  it("gives the period's credit notes as rows of Xero's credit-note import, the credited invoice as their reference", async () => {
    const { project } = await expectJson(owner.api.crm.projects.$post({ json: { title: "Acme app", client_id: acme } }), 201);
    const invoice = await addInvoice({ number: "INV-CREDITED", project_id: project.id, total: 800 });
    const { credit_notes } = await expectJson(
      owner.api.crm.projects[":id"].cancel.$post({
        param: { id: project.id },
        json: { documents: [{ invoice_id: invoice.id, keep: "amount", amount: 200 }], updated_at: project.updated_at },
      }),
      200,
    );
    const [note] = credit_notes;
    const out = await exported(owner, note.date, note.date);
    expect(out.credit_notes).toBe(1);
    expect(out.credit_note_files).toEqual([
      [
        expect.objectContaining({
          "*ContactName": 'Acme, "North" Ltd',
          "*CreditNoteNumber": note.number,
          Reference: "INV-CREDITED",
          "*CreditNoteDate": `${note.date.slice(8, 10)}/${note.date.slice(5, 7)}/${note.date.slice(0, 4)}`,
          "*Description": "Credit for INV-CREDITED: Acme app (project cancelled)",
          "*Quantity": "1",
          "*UnitAmount": "600.00",
          "*AccountCode": "200",
        }),
      ],
    ]);
    // Outside the period: none.
    expect((await exported(owner, "2020-01-01", "2020-01-31")).credit_notes).toBe(0);
  });

  it("leaves out drafts and invoices dated outside the period, both days included", async () => {
    await addInvoice({ number: "INV-FIRST", date: "2026-03-01" });
    await addInvoice({ number: "INV-LAST", date: "2026-03-31", status: "Paid" });
    await addInvoice({ number: "INV-DRAFT", date: "2026-03-10", status: "Draft" });
    await addInvoice({ number: "INV-BEFORE", date: "2026-02-28" });
    await addInvoice({ number: "INV-AFTER", date: "2026-04-01" });
    const out = await exported(owner, "2026-03-01", "2026-03-31");
    expect(out.files.flat().map((r) => r["*InvoiceNumber"])).toEqual(["INV-FIRST", "INV-LAST"]);
    const [audited] = await rows<{ action: string; detail: string }>("SELECT action, detail FROM audit_events ORDER BY rowid DESC LIMIT 1");
    expect(audited).toEqual({ action: "export", detail: "Exported 2 invoices for Xero (2026-03-01 to 2026-03-31)" });
    expect(await exported(owner, "2026-05-01", "2026-05-31")).toEqual({ invoices: 0, files: [], credit_notes: 0, credit_note_files: [] });
  });

  it("the tax rate defaults to the standard rate once the studio has a VAT number", async () => {
    await saveStudioDetails(owner);
    await addInvoice({});
    const out = await exported(owner, "2026-03-01", "2026-03-31");
    expect(out.files[0][0]["*TaxType"]).toBe("20% (VAT on Income)");
  });

  it("the Owner sets the account and tax rate; a stale copy is refused; Sales may not change them", async () => {
    const first = await expectJson(owner.api.crm.settings.xero.$get(), 200);
    expect(first).toEqual({ settings: { account_code: "200", tax_type: "No VAT" }, updated_at: null });
    const saved = await expectJson(
      owner.api.crm.settings.xero.$put({ json: { account_code: "4000", tax_type: "20% (VAT on Income)", updated_at: null } }),
      200,
    );
    expect(saved.settings).toEqual({ account_code: "4000", tax_type: "20% (VAT on Income)" });
    // Saved again from the copy read before the first save: someone else's change is not overwritten.
    const stale = await errorOf(
      owner.api.crm.settings.xero.$put({ json: { account_code: "260", tax_type: "No VAT", updated_at: null } }),
      409,
    );
    expect(stale.message).toMatch(/changed by someone else/);
    await errorOf(
      sales.api.crm.settings.xero.$put({ json: { account_code: "260", tax_type: "No VAT", updated_at: saved.updated_at } }),
      403,
    );
    await addInvoice({});
    const row = (await exported(sales, "2026-03-01", "2026-03-31")).files[0][0];
    expect([row["*AccountCode"], row["*TaxType"]]).toEqual(["4000", "20% (VAT on Income)"]);
  });

  it("refuses a bad account code or an empty tax rate with the field's message, and stores nothing", async () => {
    const bad = await errorOf(owner.api.crm.settings.xero.$put({ json: { account_code: "2 00", tax_type: "  ", updated_at: null } }), 422);
    expect(bad.fields).toEqual({
      account_code: "Use the account's code as Xero shows it, e.g. 200",
      tax_type: "Tax Type is required",
    });
    expect((await expectJson(owner.api.crm.settings.xero.$get(), 200)).updated_at).toBeNull();
  });

  it("refuses a period that ends before it starts, or a date that is not one, with a clear message", async () => {
    const backwards = await errorOf(owner.api.crm.invoices.xero.$get({ query: { from: "2026-03-31", to: "2026-03-01" } }), 422);
    expect(backwards.fields).toEqual({ to: XERO_PERIOD_ORDER_MESSAGE });
    const notADate = await errorOf(owner.api.crm.invoices.xero.$get({ query: { from: unchecked("March"), to: "2026-03-01" } }), 422);
    expect(notADate.fields).toEqual({ from: "Enter a date as YYYY-MM-DD" });
  });

  it(`splits more than ${XERO_MAX_INVOICES} invoices into files Xero takes, never one invoice across two`, async () => {
    const count = XERO_MAX_INVOICES + 3;
    // Written straight to the table: 503 invoices through the API would take most of a minute.
    const now = new Date().toISOString();
    const statements = Array.from({ length: count }, (_, i) =>
      env.DB.prepare(
        `INSERT INTO invoices (id, number, client_id, lines, total, date, due_date, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, 300, '2026-06-15', '2026-07-15', 'Sent', ?, ?)`,
      ).bind(
        crypto.randomUUID(),
        `INV-${String(i).padStart(4, "0")}`,
        acme,
        JSON.stringify([
          { description: "Design", quantity: 1, unit_price: 200 },
          { description: "Build", quantity: 1, unit_price: 100 },
        ]),
        now,
        now,
      ),
    );
    await env.DB.batch(statements);
    const out = await exported(owner, "2026-06-01", "2026-06-30");
    expect(out.invoices).toBe(count);
    expect(out.files.map((f) => new Set(f.map((r) => r["*InvoiceNumber"])).size)).toEqual([XERO_MAX_INVOICES, 3]);
    expect(out.files.map((f) => f.length)).toEqual([XERO_MAX_INVOICES * 2, 6]);
    const first = new Set(out.files[0].map((r) => r["*InvoiceNumber"]));
    expect(out.files[1].some((r) => first.has(r["*InvoiceNumber"]!))).toBe(false);
  });
});
