/** What Xero is given reconciles with the invoices behind it, whatever they hold. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { linesTotal, type InvoiceLine } from "../../contract/invoice";
import { XERO_MAX_INVOICES, XERO_NO_VAT, xeroCreditNoteFiles, xeroDate, xeroFiles, type XeroInvoice } from "../../contract/xero";

const line: fc.Arbitrary<InvoiceLine> = fc.record({
  description: fc.string({ minLength: 1, maxLength: 30 }),
  quantity: fc.integer({ min: 1, max: 50_00 }).map((n) => n / 100),
  unit_price: fc.integer({ min: 0, max: 5_000_00 }).map((n) => n / 100),
});
const day = fc
  .date({ min: new Date("2020-01-01T12:00:00Z"), max: new Date("2030-12-31T12:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const invoices = (max: number) =>
  fc.uniqueArray(
    fc.record({
      number: fc.stringMatching(/^INV-[0-9]{1,6}$/),
      client_name: fc.string({ minLength: 1, maxLength: 40 }),
      contact_email: fc.constantFrom(null, "a@b.example"),
      project_title: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
      date: day,
      due_date: day,
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
      status: fc.constantFrom("Sent" as const, "Paid" as const, "Overdue" as const),
      vat_treatment: fc.constantFrom("standard" as const, "outside_uk" as const, "outside_scope" as const),
    }) satisfies fc.Arbitrary<XeroInvoice>,
    { selector: (i) => i.number, maxLength: max },
  );
const settings = { account_code: "200", tax_type: "20% (VAT on Income)" };
const pennies = (rows: { "*Quantity"?: string; "*UnitAmount"?: string }[]) =>
  Math.round(linesTotal(rows.map((r) => ({ quantity: Number(r["*Quantity"]), unit_price: Number(r["*UnitAmount"]) }))) * 100);

describe("xeroFiles", () => {
  it("gives every invoice once, whole, in one file of at most 500, and the rows add up to the invoices' totals", () => {
    fc.assert(
      fc.property(invoices(1_200), (list) => {
        const files = xeroFiles(list, settings);
        const numbers = files.map((f) => [...new Set(f.map((r) => r["*InvoiceNumber"]))]);
        expect(numbers.flat()).toEqual(list.map((i) => i.number));
        for (const n of numbers) expect(n.length).toBeLessThanOrEqual(XERO_MAX_INVOICES);
        expect(files.length).toBe(Math.ceil(list.length / XERO_MAX_INVOICES));
        for (const inv of list) {
          const rows = files.flat().filter((r) => r["*InvoiceNumber"] === inv.number);
          expect(rows).toHaveLength(inv.lines.length);
          expect(pennies(rows)).toBe(Math.round(linesTotal(inv.lines) * 100));
          expect(rows.every((r) => r["*InvoiceDate"] === xeroDate(inv.date) && r["*ContactName"] === inv.client_name)).toBe(true);
          // No UK VAT on a client outside the UK's invoice or a late-payment charge, whatever the studio's rate.
          expect(new Set(rows.map((r) => r["*TaxType"]))).toEqual(
            new Set([inv.vat_treatment === "standard" ? settings.tax_type : XERO_NO_VAT]),
          );
        }
      }),
      { numRuns: 30 },
    );
  });

  it("writes dates as Xero UK reads them, day first", () => {
    fc.assert(
      fc.property(day, (iso) => {
        const [d, m, y] = xeroDate(iso).split("/");
        expect(`${y}-${m}-${d}`).toBe(iso);
      }),
    );
  });
});

describe("xeroCreditNoteFiles", () => {
  it("gives every credit note once, positive, in files of at most 500, adding up to what was credited", () => {
    const notes = fc.uniqueArray(
      fc.record({
        number: fc.stringMatching(/^CN-[0-9]{1,6}$/),
        date: day,
        amount: fc.integer({ min: 1, max: 5_000_00 }).map((n) => n / 100),
        description: fc.string({ minLength: 1, maxLength: 60 }),
        invoice_number: fc.stringMatching(/^INV-[0-9]{1,6}$/),
        client_name: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
        contact_email: fc.constantFrom(null, "a@b.example"),
        vat_treatment: fc.constantFrom("standard" as const, "outside_uk" as const, "outside_scope" as const),
      }),
      { selector: (n) => n.number, maxLength: 1_100 },
    );
    fc.assert(
      fc.property(notes, (list) => {
        const files = xeroCreditNoteFiles(list, settings);
        expect(files.every((f) => f.length > 0 && f.length <= XERO_MAX_INVOICES)).toBe(true);
        const rows = files.flat();
        expect(rows.map((r) => r["*CreditNoteNumber"])).toEqual(list.map((n) => n.number));
        expect(rows.every((r) => Number(r["*UnitAmount"]) > 0)).toBe(true);
        expect(pennies(rows)).toBe(list.reduce((sum, n) => sum + Math.round(n.amount * 100), 0));
        rows.forEach((r, i) => expect(r["*TaxType"]).toBe(list[i].vat_treatment === "standard" ? settings.tax_type : XERO_NO_VAT));
      }),
      { numRuns: 30 },
    );
  });
});
