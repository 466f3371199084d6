/**
 * Recurring invoices (docs/decisions/0067-retainers.md): raised by the hourly job on their London
 * day, numbered in the INV series, shared and e-mailed, exactly once per period; pause, skip and end.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, expectJson, request, rows, runCron, signInAs, type Staff } from "../support/helpers";
import type { RecurringInvoiceInput, RecurringInvoicePatch } from "../../../contract/recurring-invoice";

let staff: Staff;
let clientId = "";
let email = "";

beforeEach(async () => {
  staff = await signInAs("Sales");
  email = `jo-${crypto.randomUUID().slice(0, 8)}@carterbakes.co.uk`;
  clientId = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Carter Bakes", emails: [email] } }), 201)).client.id;
});

const carePlan = (body: Partial<RecurringInvoiceInput> = {}): RecurringInvoiceInput => ({
  client_id: clientId,
  title: "Care plan",
  lines: [
    { description: "Website care plan", quantity: 1, unit_price: 90 },
    { description: "Hosting", quantity: 1, unit_price: 30 },
  ],
  interval: "monthly",
  day: 15,
  start_date: "2030-01-01",
  ...body,
});
const add = async (body: Partial<RecurringInvoiceInput> = {}) =>
  (await expectJson(staff.api.crm["recurring-invoices"].$post({ json: carePlan(body) }), 201)).recurring_invoice;
const list = async () =>
  (await expectJson(staff.api.crm["recurring-invoices"].$get({ query: { client_id: clientId } }), 200)).recurring_invoices;
const raisedFor = () =>
  rows<{ number: string; total: number; status: string; date: string; due_date: string; lines: string; email_status: string | null }>(
    "SELECT number, total, status, date, due_date, lines, email_status FROM invoices WHERE client_id = ? ORDER BY number",
    clientId,
  );
const act = (id: string, action: "pause" | "resume" | "skip" | "end", updated_at: string) =>
  staff.api.crm["recurring-invoices"][":id"][":action{pause|resume|skip|end}"].$post({ param: { id, action }, json: { updated_at } });

describe("raising", () => {
  it("raises on its London day, not before, as a Sent invoice in the INV series with the lines copied", async () => {
    const r = await add();
    expect(r.next_date).toBe("2030-01-15");
    expect(r.total).toBe(120);
    await runCron("2030-01-14T22:30:00Z"); // 22:30 on the 14th in London (GMT)
    expect(await raisedFor()).toHaveLength(0);
    await runCron("2030-01-15T00:30:00Z");
    const [inv] = await raisedFor();
    expect(inv).toMatchObject({ total: 120, status: "Sent", date: "2030-01-15", due_date: "2030-01-29" });
    expect(inv.number).toMatch(/^INV-\d+$/);
    expect(JSON.parse(inv.lines)).toEqual(carePlan().lines);
    expect((await list())[0].next_date).toBe("2030-02-15");
    const feed = await rows<{ summary: string }>("SELECT summary FROM activities WHERE related_id = ? AND summary LIKE 'Raised%'", clientId);
    expect(feed).toEqual([{ summary: `Raised invoice ${inv.number} from recurring invoice Care plan` }]);
  });

  it("uses London's date in summer time: 23:30 UTC on the 14th is already the 15th", async () => {
    await add({ start_date: "2030-06-01" });
    await runCron("2030-06-14T23:30:00Z");
    expect(await raisedFor()).toHaveLength(1);
  });

  it("raises each period exactly once across retries and two runs at once, numbers with no gap", async () => {
    await add();
    await Promise.all([runCron("2030-01-15T01:30:00Z"), runCron("2030-01-15T01:30:00Z")]);
    await runCron("2030-01-15T02:30:00Z");
    expect(await raisedFor()).toHaveLength(1);
    await runCron("2030-02-15T01:30:00Z");
    const numbers = (await raisedFor()).map((i) => Number(i.number.slice(4)));
    expect(numbers).toHaveLength(2);
    expect(numbers[1] - numbers[0]).toBe(1);
    const claims = await rows("SELECT * FROM recurring_invoice_raises");
    expect(claims.length).toBeGreaterThanOrEqual(2);
  });

  it("raises a missed stretch once, for the latest period, and carries on from the next", async () => {
    const r = await add();
    await runCron("2030-04-20T09:00:00Z"); // the job did not run on 15 Jan, Feb, Mar or Apr
    expect(await raisedFor()).toHaveLength(1);
    const claims = await rows<{ period_date: string }>("SELECT period_date FROM recurring_invoice_raises WHERE recurring_invoice_id = ?", r.id);
    expect(claims).toEqual([{ period_date: "2030-04-15" }]);
    expect((await list())[0].next_date).toBe("2030-05-15");
  });

  it("falls on the month's last day: 31 Jan, 28 Feb, 31 Mar, 30 Apr", async () => {
    const r = await add({ day: "last" });
    expect(r.next_date).toBe("2030-01-31");
    for (const [at, next] of [
      ["2030-01-31T09:00:00Z", "2030-02-28"],
      ["2030-02-28T09:00:00Z", "2030-03-31"],
      ["2030-03-31T09:00:00Z", "2030-04-30"],
    ]) {
      await runCron(at);
      expect((await list())[0].next_date).toBe(next);
    }
    expect(await raisedFor()).toHaveLength(3);
  });

  it("steps quarterly and yearly from the start's month", async () => {
    const q = await add({ interval: "quarterly", day: 1, start_date: "2030-02-01" });
    const y = await add({ interval: "yearly", day: "last", start_date: "2031-02-01" });
    expect([q.next_date, y.next_date]).toEqual(["2030-02-01", "2031-02-28"]);
    await runCron("2030-02-01T09:00:00Z");
    await runCron("2031-02-28T09:00:00Z");
    const byId = Object.fromEntries((await list()).map((r) => [r.id, r.next_date]));
    // Quarterly's Feb 2030 raised, then the stretch to Feb 2031 missed: one raise for Feb 2031, next May 2031.
    expect(byId[q.id]).toBe("2031-05-01");
    expect(byId[y.id]).toBe("2032-02-29");
  });

  it("respects the end date, and a client outside the UK is raised with no UK VAT", async () => {
    await env.DB.prepare("UPDATE clients SET outside_uk = 1 WHERE id = ?").bind(clientId).run();
    await add({ end_date: "2030-02-10", terms_days: 7 });
    await runCron("2030-01-15T09:00:00Z");
    await runCron("2030-02-15T09:00:00Z");
    await runCron("2030-03-15T09:00:00Z");
    const raised = await rows<{ vat_treatment: string; due_date: string }>("SELECT vat_treatment, due_date FROM invoices WHERE client_id = ?", clientId);
    expect(raised).toEqual([{ vat_treatment: "outside_uk", due_date: "2030-01-22" }]);
    expect((await list())[0]).toMatchObject({ state: "Ended", next_date: null });
  });
});

describe("pause, skip and end", () => {
  it("pause stops raising; resume does not raise the paused periods", async () => {
    const r = await add();
    const paused = await expectJson(act(r.id, "pause", r.updated_at), 200);
    expect(paused.recurring_invoice.state).toBe("Paused");
    await runCron("2030-01-15T09:00:00Z");
    await runCron("2030-02-15T09:00:00Z");
    expect(await raisedFor()).toHaveLength(0);
    // Resumed now (before 2030), its next date is the first period from today: nothing paused over is raised.
    const resumed = await expectJson(act(r.id, "resume", paused.recurring_invoice.updated_at), 200);
    expect(resumed.recurring_invoice.state).toBe("Active");
  });

  it("skip moves the next date on by one interval; a stale click is refused with 409", async () => {
    const r = await add();
    const skipped = await expectJson(act(r.id, "skip", r.updated_at), 200);
    expect(skipped.recurring_invoice.next_date).toBe("2030-02-15");
    const stale = await act(r.id, "pause", r.updated_at);
    expect(stale.status).toBe(409);
    // Only the four actions exist.
    const unknown = await request("POST", `/api/crm/recurring-invoices/${r.id}/archive`, { updated_at: r.updated_at }, staff.cookie);
    expect(unknown.status).toBe(404);
    await runCron("2030-01-15T09:00:00Z");
    expect(await raisedFor()).toHaveLength(0);
    await runCron("2030-02-15T09:00:00Z");
    expect(await raisedFor()).toHaveLength(1);
  });

  it("end sets the end date to today and nothing more is raised", async () => {
    const r = await add();
    const ended = await expectJson(act(r.id, "end", r.updated_at), 200);
    expect(ended.recurring_invoice.state).toBe("Ended");
    expect(ended.recurring_invoice.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await runCron("2030-01-15T09:00:00Z");
    expect(await raisedFor()).toHaveLength(0);
  });

  it("an edit changes only what it names: retitling keeps a skipped date, an end before the start is refused", async () => {
    const r = await add();
    const skipped = (await expectJson(act(r.id, "skip", r.updated_at), 200)).recurring_invoice;
    const patch = (json: RecurringInvoicePatch) =>
      staff.api.crm["recurring-invoices"][":id"].$patch({ param: { id: r.id }, json });
    const renamed = (await expectJson(patch({ title: "Care plan plus", updated_at: skipped.updated_at }), 200)).recurring_invoice;
    expect(renamed).toMatchObject({ title: "Care plan plus", next_date: skipped.next_date, total: 120, day: r.day, lines: r.lines });
    const early = await errorOf(patch({ end_date: "2029-01-01", updated_at: renamed.updated_at }), 422);
    expect(early.fields).toEqual({ end_date: "End date must be on or after the start date" });
    // A new price changes the total; the schedule, untouched, keeps its date.
    const repriced = (
      await expectJson(patch({ lines: [{ description: "Care", quantity: 2, unit_price: 75 }], updated_at: renamed.updated_at }), 200)
    ).recurring_invoice;
    expect(repriced).toMatchObject({ total: 150, next_date: skipped.next_date });
  });

  it("an edit with a stale version is refused with 409", async () => {
    const r = await add();
    const edit = { title: "Care plan plus", updated_at: r.updated_at };
    const ok = await expectJson(staff.api.crm["recurring-invoices"][":id"].$patch({ param: { id: r.id }, json: edit }), 200);
    expect(ok.recurring_invoice.title).toBe("Care plan plus");
    const stale = await staff.api.crm["recurring-invoices"][":id"].$patch({ param: { id: r.id }, json: edit });
    expect(stale.status).toBe(409);
  });
});

describe("validation", () => {
  it("refuses a bad day, interval and end date with 422 per field", async () => {
    const res = await staff.api.crm["recurring-invoices"].$post({
      json: { ...carePlan(), day: 31, interval: "weekly" as "monthly", end_date: "2029-12-01", lines: [] },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as unknown as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      day: "Choose a day from 1 to 28, or the last day of the month",
      interval: "Choose monthly, quarterly or yearly",
      lines: "Add at least one line",
    });
  });
});
