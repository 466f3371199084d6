/**
 * Cancelling a project (docs/decisions/0068-credit-notes.md): the Owner says what the Terms keep of
 * each document the project raised; the rest is credited by a numbered credit note against it, in
 * the cancel's one batch. A cancelled project's waiting instalments are never raised.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, expectJson, rows, runCron, saveStudioDetails, signInAs, subjectOf, waitForMail, type Staff } from "../support/helpers";

let owner: Staff;

beforeEach(async () => {
  owner = await signInAs("Owner");
  await saveStudioDetails(owner);
});

/** A client's £4,200 proposal accepted in the CRM: the client's project, and the £2,100 deposit request raised at once. */
async function acceptedProject() {
  const email = `jo-${crypto.randomUUID().slice(0, 8)}@carterbakes.co.uk`;
  const { client } = await expectJson(owner.api.crm.clients.$post({ json: { name: "Carter Bakes", emails: [email] } }), 201);
  const { project } = await expectJson(owner.api.crm.projects.$post({ json: { title: "Bakery website", client_id: client.id } }), 201);
  await expectJson(
    owner.api.crm.proposals.$post({
      json: {
        title: "Bakery website",
        client_id: client.id,
        status: "Accepted",
        lines: [{ description: "Design and build", quantity: 1, unit_price: 4200 }],
      },
    }),
    201,
  );
  const [deposit] = await rows<{ id: string; number: string; total: number }>(
    "SELECT id, number, total FROM invoices WHERE project_id = ? ORDER BY number",
    project.id,
  );
  const { project: fresh } = await expectJson(owner.api.crm.projects[":id"].$get({ param: { id: project.id } }), 200);
  return { project: fresh, deposit, email, client };
}

const cancel = (
  staff: Staff,
  id: string,
  json: { documents: { invoice_id: string; keep: "all" | "none" | "amount"; amount?: number }[]; updated_at: string },
) => staff.api.crm.projects[":id"].cancel.$post({ param: { id }, json });
const creditNotes = () =>
  rows<{ number: string; invoice_id: string; amount: number }>("SELECT number, invoice_id, amount FROM credit_notes ORDER BY number");

describe("cancelling a project", () => {
  it("lists what the project raised, credits what the Terms do not keep, and the balance falls by it", async () => {
    const { project, deposit } = await acceptedProject();
    expect(deposit.total).toBe(2100);
    const { documents } = await expectJson(owner.api.crm.projects[":id"].cancel.$get({ param: { id: project.id } }), 200);
    expect(documents).toEqual([
      expect.objectContaining({ id: deposit.id, number: deposit.number, total: 2100, paid: 0, credited: 0, balance: 2100 }),
    ]);

    const { credit_notes } = await expectJson(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "amount", amount: 500 }], updated_at: project.updated_at }),
      200,
    );
    expect(credit_notes).toEqual([expect.objectContaining({ invoice_id: deposit.id, invoice_number: deposit.number, amount: 1600 })]);
    expect(credit_notes[0].number).toMatch(/^CN-\d+$/);
    expect((await expectJson(owner.api.crm.projects[":id"].cancel.$get({ param: { id: project.id } }), 200)).documents[0]).toMatchObject({
      credited: 1600,
      balance: 500,
    });
    // The credit is on the document's record, and the project says it was cancelled.
    const feed = await rows<{ summary: string }>("SELECT summary FROM activities WHERE related_id = ?", deposit.id);
    expect(feed.map((f) => f.summary)).toContain(`Credited £1,600.00 on ${deposit.number}: the project was cancelled`);
    const { project: after } = await expectJson(owner.api.crm.projects[":id"].$get({ param: { id: project.id } }), 200);
    expect(after.cancelled_at).toEqual(expect.any(String));
    // The invoice names its credit note, which opens on its own (for its printable page); a payment request's carries no VAT.
    const { invoice } = await expectJson(owner.api.crm.invoices[":id"].$get({ param: { id: deposit.id } }), 200);
    expect(invoice).toMatchObject({ amount_credited: 1600, credit_notes: [{ id: credit_notes[0].id, number: credit_notes[0].number }] });
    const { credit_note } = await expectJson(owner.api.crm["credit-notes"][":id"].$get({ param: { id: credit_notes[0].id } }), 200);
    expect(credit_note).toMatchObject({ number: credit_notes[0].number, amount: 1600, vat: 0, invoice_kind: "payment_request" });
    await errorOf(owner.api.crm["credit-notes"][":id"].$get({ param: { id: "no-such-note" } }), 404);
  });

  it("e-mails the client their credit note with what is left to pay, or says why it could not", async () => {
    const { project, deposit, email } = await acceptedProject();
    const { credit_notes, emailed } = await expectJson(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "amount", amount: 500 }], updated_at: project.updated_at }),
      200,
    );
    const [note] = credit_notes;
    expect(emailed).toEqual([{ client_id: note.client_id, emailed_to: email, error: null }]);
    // The deposit request went at acceptance; the credit note after it.
    const mail = (await waitForMail(email, 2)).find((m) => subjectOf(m).startsWith("Credit note"));
    expect(mail && subjectOf(mail)).toBe(`Credit note ${note.number} for Bakery website`);
    expect(mail?.text).toContain(`Against payment request ${deposit.number}`);
    expect(mail?.text).toContain("Credit: £1,600.00");
    expect(mail?.text).toContain(`£500.00 is still due on ${deposit.number}.`);
    const feed = await rows<{ summary: string }>("SELECT summary FROM activities WHERE related_id = ?", note.client_id);
    expect(feed.map((f) => f.summary)).toContain(`Credit note ${note.number} e-mailed to ${email}`);

    // A client with no address: the credit stands, and the answer and the feed say it was not sent.
    const other = await acceptedProject();
    await env.DB.prepare("UPDATE clients SET emails = '[]' WHERE id = ?").bind(other.client.id).run();
    const second = await expectJson(
      cancel(owner, other.project.id, { documents: [{ invoice_id: other.deposit.id, keep: "none" }], updated_at: other.project.updated_at }),
      200,
    );
    expect(second.emailed).toEqual([{ client_id: other.client.id, emailed_to: null, error: "The client has no e-mail address" }]);
    expect(second.credit_notes).toHaveLength(1);
    const otherFeed = await rows<{ summary: string }>("SELECT summary FROM activities WHERE related_id = ?", other.client.id);
    expect(otherFeed.map((f) => f.summary)).toContain(
      `Credit note ${second.credit_notes[0].number} not e-mailed: The client has no e-mail address`,
    );
  });

  it("raises nothing more for a cancelled project: the launch instalment waits for ever", async () => {
    const { project, deposit } = await acceptedProject();
    await expectJson(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "all" }], updated_at: project.updated_at }),
      200,
    );
    // Keeping the whole writes no credit note.
    expect(await creditNotes()).toEqual([]);
    const { project: now } = await expectJson(owner.api.crm.projects[":id"].$get({ param: { id: project.id } }), 200);
    await expectJson(
      owner.api.crm.projects[":id"].$patch({ param: { id: project.id }, json: { status: "Completed", updated_at: now.updated_at } }),
      200,
    );
    await runCron("2030-01-02T10:00:00Z");
    expect(await rows("SELECT number FROM invoices WHERE project_id = ?", project.id)).toEqual([{ number: deposit.number }]);
  });

  it("numbers credit notes in one gap-free series, whoever cancels at once", async () => {
    const projects = await Promise.all([acceptedProject(), acceptedProject(), acceptedProject()]);
    await Promise.all(
      projects.map(({ project, deposit }) =>
        expectJson(
          cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "none" }], updated_at: project.updated_at }),
          200,
        ),
      ),
    );
    const numbers = (await creditNotes()).map((c) => Number(c.number.slice(3))).sort((a, b) => a - b);
    expect(numbers).toHaveLength(3);
    expect(numbers[2] - numbers[0]).toBe(2);
    expect(new Set(numbers).size).toBe(3);
  });

  it("refuses a stale copy, a second cancel, a keep above the total and Sales, changing nothing", async () => {
    const { project, deposit } = await acceptedProject();
    const sales = await signInAs("Sales");
    await errorOf(
      cancel(sales, project.id, { documents: [{ invoice_id: deposit.id, keep: "none" }], updated_at: project.updated_at }),
      403,
    );
    const tooMuch = await errorOf(
      cancel(owner, project.id, {
        documents: [{ invoice_id: deposit.id, keep: "amount", amount: 2100.01 }],
        updated_at: project.updated_at,
      }),
      422,
    );
    expect(tooMuch.fields?.["documents.0.amount"]).toBe(`The Terms cannot keep more than ${deposit.number} asks for (£2,100.00)`);
    const noAmount = await errorOf(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "amount" }], updated_at: project.updated_at }),
      422,
    );
    expect(noAmount.fields?.["documents.0.amount"]).toBe("Enter the amount the Terms keep");
    await errorOf(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "none" }], updated_at: "2020-01-01T00:00:00.000Z" }),
      409,
    );
    expect(await creditNotes()).toEqual([]);
    expect(await rows("SELECT cancelled_at FROM projects WHERE id = ?", project.id)).toEqual([{ cancelled_at: null }]);

    await expectJson(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "none" }], updated_at: project.updated_at }),
      200,
    );
    const { project: cancelled } = await expectJson(owner.api.crm.projects[":id"].$get({ param: { id: project.id } }), 200);
    await errorOf(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "none" }], updated_at: cancelled.updated_at }),
      422,
    );
    expect(await creditNotes()).toHaveLength(1);
  });

  it("sends no reminder for what was credited", async () => {
    const { project, deposit } = await acceptedProject();
    await expectJson(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "none" }], updated_at: project.updated_at }),
      200,
    );
    // Well past its due date, on a working day after 09:00 London.
    await runCron("2030-01-16T10:00:00Z");
    expect(await rows("SELECT stage FROM payment_reminders WHERE invoice_id = ?", deposit.id)).toEqual([]);
  });

  it("takes the credit off the dashboard's overdue: only what the Terms kept is still owed", async () => {
    const { project, deposit } = await acceptedProject();
    // Due long ago, so it counts as overdue.
    await env.DB.prepare("UPDATE invoices SET due_date = '2026-01-01' WHERE id = ?").bind(deposit.id).run();
    const before = (await expectJson(owner.api.crm.dashboard.$get(), 200)).cash.overdue.value;
    await expectJson(
      cancel(owner, project.id, { documents: [{ invoice_id: deposit.id, keep: "amount", amount: 100 }], updated_at: project.updated_at }),
      200,
    );
    expect((await expectJson(owner.api.crm.dashboard.$get(), 200)).cash.overdue.value).toBe(before - 2000);
  });
});
