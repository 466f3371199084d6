/**
 * The Cron Trigger (worker/index.ts `scheduled`, services/jobs.ts), called inside workerd with a
 * fixed clock: invoices go Overdue the day after their due date in London, once per London day.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { JOB_CREDIT } from "../../worker/services/jobs";
import type { Invoice } from "../../contract/invoice";
import { countRows, expectJson, rows, signInAs, type Staff } from "./helpers";

let staff: Staff;
let client = "";

beforeEach(async () => {
  staff = await signInAs("Sales");
  client = (await expectJson<{ client: { id: string } }>(staff.call("POST", "/api/crm/clients", { name: "Acme" }), 201)).client.id;
});

let numbers = 0;
const addInvoice = async (due_date: string, status = "Sent") =>
  (
    await expectJson<{ invoice: Invoice }>(
      staff.call("POST", "/api/crm/invoices", {
        number: `INV-JOB-${++numbers}`,
        client_id: client,
        total: 100,
        date: "2026-01-01",
        due_date,
        status,
      }),
      201,
    )
  ).invoice;
const statusOf = async (inv: Invoice) =>
  (await expectJson<{ invoice: Invoice }>(staff.call("GET", `/api/crm/invoices/${inv.id}`), 200)).invoice;

/** Fires the hourly cron as if it were `utc`. */
async function cronAt(utc: string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(utc), cron: "0 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("scheduled: overdue invoices", () => {
  it("marks a Sent invoice Overdue from the day after its due date, with a feed entry, and leaves Drafts and Paid alone", async () => {
    const sent = await addInvoice("2026-03-10");
    const draft = await addInvoice("2026-03-10", "Draft");
    const paid = await addInvoice("2026-03-10", "Paid");
    await cronAt("2026-03-10T22:00:00Z"); // the due date itself, in London
    expect((await statusOf(sent)).status).toBe("Sent");
    await cronAt("2026-03-11T00:00:00Z"); // a new day in London (GMT)
    expect((await statusOf(sent)).status).toBe("Overdue");
    expect((await statusOf(draft)).status).toBe("Draft");
    expect((await statusOf(paid)).status).toBe("Paid");
    const feed = await rows<{ summary: string; who_name: string; type: string; related_type: string; related_id: string }>(
      "SELECT summary, who_name, type, related_type, related_id FROM activities",
    );
    expect(feed).toEqual([
      {
        summary: `Invoice ${sent.number} is overdue`,
        who_name: JOB_CREDIT,
        type: "StatusChange",
        related_type: "invoice",
        related_id: sent.id,
      },
    ]);
  });

  it("runs once per London day: a second run, and an invoice put back to Sent by hand, wait for tomorrow", async () => {
    const first = await addInvoice("2026-05-01");
    await cronAt("2026-05-04T08:00:00Z");
    expect((await statusOf(first)).status).toBe("Overdue");
    // Put back by hand the same day, and another late one added: the day's run is done.
    const back = await statusOf(first);
    await expectJson(staff.call("PATCH", `/api/crm/invoices/${back.id}`, { status: "Sent", updated_at: back.updated_at }), 200);
    const second = await addInvoice("2026-05-02");
    await cronAt("2026-05-04T09:00:00Z");
    expect((await statusOf(first)).status).toBe("Sent");
    expect((await statusOf(second)).status).toBe("Sent");
    expect(await countRows("job_runs")).toBe(1);
    // The day's record says what the run did.
    expect(await rows<{ result: string }>("SELECT result FROM job_runs")).toEqual([{ result: '{"invoices":1}' }]);
    expect(await countRows("activities")).toBe(1);
    // The next London day both are overdue again.
    await cronAt("2026-05-05T00:00:00Z");
    expect((await statusOf(first)).status).toBe("Overdue");
    expect((await statusOf(second)).status).toBe("Overdue");
    expect(await countRows("job_runs")).toBe(2);
  });

  it("keeps to London's calendar on both days the clocks change", async () => {
    // Spring forward (29 March 2026): 23:30 UTC on the 28th is still the 28th in London (GMT).
    const march = await addInvoice("2026-03-28");
    await cronAt("2026-03-28T23:30:00Z");
    expect((await statusOf(march)).status).toBe("Sent");
    await cronAt("2026-03-29T00:30:00Z");
    expect((await statusOf(march)).status).toBe("Overdue");
    // Fall back (25 October 2026): 23:30 UTC on the 24th is already the 25th in London (BST).
    const october = await addInvoice("2026-10-24");
    await cronAt("2026-10-24T22:30:00Z");
    expect((await statusOf(october)).status).toBe("Sent");
    await cronAt("2026-10-24T23:30:00Z");
    expect((await statusOf(october)).status).toBe("Overdue");
  });
});
