import { beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { countRows, errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";
import type { Invoice, InvoiceInput, InvoicePatch } from "../../../contract/invoice";

let staff: Staff;
let acme = "";
let bolt = "";
let acmeProject = "";
let boltProject = "";

const base = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  number: "INV-202603-001",
  client_id: acme,
  total: 1250.5,
  date: "2026-03-01",
  due_date: "2026-03-31",
  ...over,
});
const addInvoice = async (over: Partial<InvoiceInput> = {}) =>
  (await expectJson(staff.api.crm.invoices.$post({ json: base(over) }), 201)).invoice;
const patch = (inv: Invoice, body: Omit<InvoicePatch, "updated_at">) =>
  staff.api.crm.invoices[":id"].$patch({ param: { id: inv.id }, json: { ...body, updated_at: inv.updated_at } });

beforeEach(async () => {
  staff = await signInAs("Sales");
  const client = async (name: string) => (await expectJson(staff.api.crm.clients.$post({ json: { name } }), 201)).client.id;
  const project = async (title: string, client_id: string) =>
    (await expectJson(staff.api.crm.projects.$post({ json: { title, client_id } }), 201)).project.id;
  acme = await client("Acme");
  bolt = await client("Bolt");
  acmeProject = await project("Acme site", acme);
  boltProject = await project("Bolt shop", bolt);
});

describe("invoices", () => {
  it("creates a Draft with the client's name and the project's title joined", async () => {
    const invoice = await addInvoice({ project_id: acmeProject });
    expect(invoice).toMatchObject({
      number: "INV-202603-001",
      client_id: acme,
      client_name: "Acme",
      project_id: acmeProject,
      project_title: "Acme site",
      total: 1250.5,
      status: "Draft",
    });
  });

  it("requires number, client, lines (or a total), date and due date", async () => {
    const missing = await errorOf(staff.api.crm.invoices.$post({ json: unchecked({}) }), 422);
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(["client_id", "date", "due_date", "lines", "number"]);
    expect(missing.fields).toMatchObject({ lines: "Add at least one line", date: "Date is required" });
    const blank = await errorOf(staff.api.crm.invoices.$post({ json: base({ number: " " }) }), 422);
    expect(blank.fields?.number).toBe("Invoice number is required");
    const total = await errorOf(staff.api.crm.invoices.$post({ json: base({ total: -1 }) }), 422);
    expect(total.fields?.total).toBe("Must be zero or more");
    const ghost = await errorOf(staff.api.crm.invoices.$post({ json: base({ client_id: "nope" }) }), 422);
    expect(ghost.fields?.client_id).toBe("That client does not exist");
    expect(await countRows("invoices")).toBe(0);
  });

  it("answers a number clash with 409 and a field error on number", async () => {
    await addInvoice();
    const clash = await errorOf(staff.api.crm.invoices.$post({ json: base({ client_id: bolt }) }), 409);
    expect(clash.code).toBe("conflict");
    expect(clash.fields?.number).toBe("That invoice number is already used");
    const other = await addInvoice({ number: "INV-202603-002" });
    const renamed = await errorOf(patch(other, { number: "INV-202603-001" }), 409);
    expect(renamed.fields?.number).toBe("That invoice number is already used");
    // Saving its own number again is not a clash.
    await expectJson(patch(other, { number: "INV-202603-002", status: "Sent" }), 200);
  });

  it("answers parallel saves of the same number with one invoice and a field error", async () => {
    const answers = await Promise.all([0, 1, 2].map(() => staff.api.crm.invoices.$post({ json: base() })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 201)) {
      expect((await errorOf(r, 409)).fields?.number).toBe("That invoice number is already used");
    }
  });

  it("limits the project to the chosen client's projects", async () => {
    const wrong = await errorOf(staff.api.crm.invoices.$post({ json: base({ project_id: boltProject }) }), 422);
    expect(wrong.fields?.project_id).toBe("Choose one of this client's projects");
    const invoice = await addInvoice();
    const wrongEdit = await errorOf(patch(invoice, { project_id: boltProject }), 422);
    expect(wrongEdit.fields?.project_id).toBe("Choose one of this client's projects");
  });

  it("clears the project when the client changes, and keeps it otherwise", async () => {
    const invoice = await addInvoice({ project_id: acmeProject });
    const { invoice: paid } = await expectJson(patch(invoice, { status: "Paid" }), 200);
    expect(paid).toMatchObject({ status: "Paid", project_id: acmeProject });
    const { invoice: moved } = await expectJson(patch(paid, { client_id: bolt }), 200);
    expect(moved).toMatchObject({ client_id: bolt, client_name: "Bolt", project_id: null, project_title: null });
    const { invoice: withProject } = await expectJson(patch(moved, { project_id: boltProject }), 200);
    expect(withProject.project_title).toBe("Bolt shop");
    const both = await expectJson(patch(withProject, { client_id: acme, project_id: acmeProject }), 200);
    expect(both.invoice).toMatchObject({ client_id: acme, project_id: acmeProject });
  });

  it("sets the status by hand only to the four statuses", async () => {
    const invoice = await addInvoice();
    expect((await patch(invoice, { status: unchecked("Cancelled") })).status).toBe(422);
    const { invoice: overdue } = await expectJson(patch(invoice, { status: "Overdue" }), 200);
    expect(overdue.status).toBe("Overdue");
  });

  it("refuses a stale edit with 409 and answers 404 for an unknown invoice", async () => {
    const invoice = await addInvoice();
    await expectJson(patch(invoice, { status: "Sent" }), 200);
    expect((await patch(invoice, { status: "Paid" })).status).toBe(409);
    expect((await rows<{ status: string }>("SELECT status FROM invoices"))[0].status).toBe("Sent");
    expect((await staff.api.crm.invoices[":id"].$get({ param: { id: "nope" } })).status).toBe(404);
    expect(
      (await staff.api.crm.invoices[":id"].$patch({ param: { id: "nope" }, json: { status: "Paid", updated_at: invoice.updated_at } }))
        .status,
    ).toBe(404);
    expect((await staff.api.crm.invoices[":id"].$delete({ param: { id: "nope" } })).status).toBe(404);
  });

  it("lists newest first and deletes", async () => {
    await addInvoice();
    const second = await addInvoice({ number: "INV-202603-002" });
    const { invoices } = await expectJson(staff.api.crm.invoices.$get(), 200);
    expect(invoices.map((i) => i.number)).toEqual(["INV-202603-002", "INV-202603-001"]);
    await expectJson(staff.api.crm.invoices[":id"].$delete({ param: { id: second.id } }), 200);
    expect(await countRows("invoices")).toBe(1);
  });

  it("keeps the invoice when its project is deleted, with the project cleared", async () => {
    const invoice = await addInvoice({ project_id: acmeProject });
    await expectJson(staff.api.crm.projects[":id"].$delete({ param: { id: acmeProject } }), 200);
    const { invoice: after } = await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: invoice.id } }), 200);
    expect(after).toMatchObject({ project_id: null, project_title: null, client_name: "Acme" });
  });
});

describe("invoice lines and payment", () => {
  const lines = [
    { description: "Design, per page", quantity: 6, unit_price: 375 },
    { description: "Hosting, per month", quantity: 1.5, unit_price: 33.33 },
  ];

  it("works the total out from the lines, to the penny, and keeps them in order", async () => {
    const { total: _, ...rest } = base();
    const invoice = await addInvoice({ ...rest, total: undefined, lines });
    // 6 × 375 = 2,250.00; 1.5 × 33.33 = 49.995 → 50.00 (each line to the penny, then added).
    expect(invoice.total).toBe(2300);
    expect(invoice.lines).toEqual(lines);
    const edited = await expectJson(patch(invoice, { lines: [lines[1]] }), 200);
    expect(edited.invoice.total).toBe(50);
    expect(edited.invoice.lines).toEqual([lines[1]]);
  });

  it("gives a total sent alone one line, and refuses lines and a total that disagree", async () => {
    const alone = await addInvoice();
    expect(alone.lines).toEqual([{ description: "Services", quantity: 1, unit_price: 1250.5 }]);
    const clash = await errorOf(staff.api.crm.invoices.$post({ json: base({ number: "INV-202603-009", lines }) }), 422);
    expect(clash.fields?.total).toBe("The total must equal the sum of the lines");
    const agrees = await addInvoice({ number: "INV-202603-010", lines, total: 2300 });
    expect(agrees.total).toBe(2300);
  });

  it("says what is wrong with a line, and stores nothing", async () => {
    const bad = await errorOf(
      staff.api.crm.invoices.$post({
        json: base({
          total: undefined,
          lines: [
            { description: " ", quantity: 1, unit_price: 10 },
            { description: "Work", quantity: 0, unit_price: 10 },
            { description: "Work", quantity: 1.005, unit_price: -1 },
          ],
        }),
      }),
      422,
    );
    expect(bad.fields).toMatchObject({
      "lines.0.description": "Description is required",
      "lines.1.quantity": "Quantity must be more than 0",
      "lines.2.quantity": "Use at most two decimal places",
      "lines.2.unit_price": "Must be zero or more",
    });
    const none = await errorOf(staff.api.crm.invoices.$post({ json: base({ total: undefined, lines: [] }) }), 422);
    expect(none.fields?.lines).toBe("Add at least one line");
    expect(await countRows("invoices")).toBe(0);
  });

  it("records the paid date when it becomes Paid (today in London unless given) and clears it if it stops being", async () => {
    const invoice = await addInvoice({ status: "Sent" });
    expect(invoice.paid_date).toBeNull();
    const paid = (await expectJson(patch(invoice, { status: "Paid" }), 200)).invoice;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(paid.paid_date).toBe(today);
    const dated = (await expectJson(patch(paid, { paid_date: "2026-03-20" }), 200)).invoice;
    expect(dated.paid_date).toBe("2026-03-20");
    // Editing something else keeps it.
    const renamed = (await expectJson(patch(dated, { number: "INV-202603-777" }), 200)).invoice;
    expect(renamed.paid_date).toBe("2026-03-20");
    const reopened = (await expectJson(patch(renamed, { status: "Sent" }), 200)).invoice;
    expect(reopened.paid_date).toBeNull();
    const refused = await errorOf(patch(reopened, { paid_date: "2026-03-21" }), 422);
    expect(refused.fields?.paid_date).toBe("Only a paid invoice has a paid date");
  });

  it("records how it was paid with the date, keeps both while Paid, and clears both when it stops being", async () => {
    const invoice = await addInvoice({ status: "Sent" });
    expect(invoice.paid_method).toBeNull();
    const paid = (await expectJson(patch(invoice, { status: "Paid", paid_date: "2026-12-03", paid_method: "Bank transfer" }), 200)).invoice;
    expect(paid).toMatchObject({ status: "Paid", paid_date: "2026-12-03", paid_method: "Bank transfer" });
    expect((await rows<{ paid_method: string }>("SELECT paid_method FROM invoices"))[0].paid_method).toBe("Bank transfer");
    // Editing something else keeps both; the method can be changed, or cleared, on its own.
    const renamed = (await expectJson(patch(paid, { number: "INV-202612-042" }), 200)).invoice;
    expect(renamed).toMatchObject({ paid_date: "2026-12-03", paid_method: "Bank transfer" });
    const card = (await expectJson(patch(renamed, { paid_method: "Card" }), 200)).invoice;
    expect(card.paid_method).toBe("Card");
    // Undo: back to the status it had, from the copy Mark as paid answered; both go.
    const undone = (await expectJson(patch(card, { status: "Sent" }), 200)).invoice;
    expect(undone).toMatchObject({ status: "Sent", paid_date: null, paid_method: null });
    // An undo from a stale copy is refused and changes nothing.
    const stale = await errorOf(patch(card, { status: "Sent" }), 409);
    expect(stale.code).toBe("conflict");
    // Only a paid invoice has a method, and only one of the four.
    const refused = await errorOf(patch(undone, { paid_method: "Cash" }), 422);
    expect(refused.fields?.paid_method).toBe("Only a paid invoice has a payment method");
    const unknown = await errorOf(patch(undone, { status: "Paid", paid_method: unchecked("Cheque") }), 422);
    expect(unknown.fields?.paid_method).toBe("Choose how it was paid");
    // Created Paid with a method; Paid without one says nothing of how.
    expect(await addInvoice({ number: "INV-202612-043", status: "Paid", paid_method: "Cash" })).toMatchObject({ paid_method: "Cash" });
    expect(await addInvoice({ number: "INV-202612-044", status: "Paid" })).toMatchObject({ paid_method: null });
  });

  it("keeps a payment method in the database to the four, and to a Paid invoice (migration 0025's triggers)", async () => {
    const invoice = await addInvoice({ status: "Paid", paid_method: "Other" });
    const write = (sql: string) => env.DB.prepare(sql).bind(invoice.id).run();
    await expect(write("UPDATE invoices SET paid_method = 'Cheque' WHERE id = ?")).rejects.toThrow(/invoices_paid_method_check/);
    await expect(write("UPDATE invoices SET status = 'Sent' WHERE id = ?")).rejects.toThrow(/invoices_paid_method_check/);
    await write("UPDATE invoices SET status = 'Sent', paid_method = NULL WHERE id = ?");
    expect((await rows<{ status: string; paid_method: string | null }>("SELECT status, paid_method FROM invoices"))[0]).toEqual({
      status: "Sent",
      paid_method: null,
    });
  });

  it("migration 0011 gives every earlier invoice one line at its total, named after its project", async () => {
    const withProject = await addInvoice({ project_id: acmeProject });
    const without = await addInvoice({ number: "INV-202603-002", total: 99.99 });
    await env.DB.prepare("UPDATE invoices SET lines = '[]'").run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0011_"))!;
    for (const query of migration.queries.filter((q) => q.includes("UPDATE"))) await env.DB.prepare(query).run();
    const byId = async (id: string) => (await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: id } }), 200)).invoice;
    expect((await byId(withProject.id)).lines).toEqual([{ description: "Acme site", quantity: 1, unit_price: 1250.5 }]);
    expect((await byId(without.id)).lines).toEqual([{ description: "Services", quantity: 1, unit_price: 99.99 }]);
  });
});
