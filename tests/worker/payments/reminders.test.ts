/**
 * Payment reminders (docs/decisions/0066), through the `scheduled` door with a fixed clock: each
 * stage on its working day from 09:00 London, once, with the balance and a new link.
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Invoice } from "../../../contract/invoice";
import { createDb } from "../../../worker/platform/db";
import { refreshBankHolidays } from "../../../worker/modules/settings";
import { DEFAULT_PAYMENT_REMINDER_SETTINGS, reminderStages, type PaymentReminderSettings } from "../../../contract/payment-reminders";
import { errorOf, expectJson, mailTo, subjectOf, rows, runCron, signInAs, uniqueEmail, uniqueInvoiceNumber, waitForMail, type Staff } from "../support/helpers";

let staff: Staff;
let client = "";
let jo = "";

beforeEach(async () => {
  staff = await signInAs("Owner");
  jo = uniqueEmail("jo");
  client = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Jo Bloggs", emails: [jo] } }), 201)).client.id;
});

const addInvoice = async (due_date: string, extra: { total?: number; date?: string; project_id?: string } = {}) =>
  (
    await expectJson(
      staff.api.crm.invoices.$post({
        json: { number: uniqueInvoiceNumber("INV-R"), client_id: client, total: extra.total ?? 1200, date: extra.date ?? "2027-01-04", due_date, status: "Sent", project_id: extra.project_id },
      }),
      201,
    )
  ).invoice;

const claims = (inv: Invoice) =>
  rows<{ stage: string; sent_on: string; email_status: string }>(
    "SELECT stage, sent_on, email_status FROM payment_reminders WHERE invoice_id = ? ORDER BY created_at",
    inv.id,
  );
/** The reminders Jo has been sent, waiting for `count` to arrive (the mailbox is written after the send). */
const reminders = (count: number) => waitForMail(jo, count);
const noMail = async () => {
  await new Promise((r) => setTimeout(r, 300));
  expect(await mailTo(jo)).toEqual([]);
};
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+\/i\/[A-Za-z0-9_-]+/g)].map((m) => m[0]);
const page = async (url: string) =>
  (await exports.default.fetch(`http://localhost${new URL(url).pathname}`, { headers: { "CF-Connecting-IP": "198.51.100.9" } })).text();

describe("scheduled: payment reminders", () => {
  it("sends each stage on its day from 09:00 London, once, and moves one that falls on a weekend to the Monday", async () => {
    // Due Wednesday 17 March 2027: −3 is Sunday 14th (goes Monday 15th), 0 the 17th, +7 the 24th, +14 the 31st.
    const inv = await addInvoice("2027-03-17");
    await runCron("2027-03-14T10:00:00Z");
    expect(await claims(inv)).toEqual([]);
    await runCron("2027-03-15T08:59:00Z"); // 08:59 GMT
    expect(await claims(inv)).toEqual([]);
    await runCron("2027-03-15T09:00:00Z");
    await runCron("2027-03-15T10:00:00Z");
    expect(await claims(inv)).toEqual([{ stage: "before_due", sent_on: "2027-03-15", email_status: "sent" }]);
    await runCron("2027-03-17T09:30:00Z");
    await runCron("2027-03-24T09:30:00Z");
    await runCron("2027-03-31T08:30:00Z"); // 09:30 BST
    await runCron("2027-03-31T09:30:00Z");
    expect((await claims(inv)).map((c) => [c.stage, c.sent_on])).toEqual([
      ["before_due", "2027-03-15"],
      ["on_due", "2027-03-17"],
      ["overdue_7", "2027-03-24"],
      ["overdue_14", "2027-03-31"],
    ]);
    const mails = await reminders(4);
    const before = mails.find((m) => m.headers.subject === `Reminder: our invoice ${inv.number} is due on 17 March 2027`);
    expect(before?.text).toContain("£1,200.00 still due");
  });

  it("waits for 09:00 in BST and for the working day after a bank holiday", async () => {
    // Due Monday 31 May 2027, the Spring bank holiday: the on-due reminder goes Tuesday 1 June.
    const inv = await addInvoice("2027-05-31", { date: "2027-05-28" });
    await runCron("2027-05-31T09:00:00Z");
    expect(await claims(inv)).toEqual([]);
    await runCron("2027-06-01T07:59:00Z"); // 08:59 BST
    expect(await claims(inv)).toEqual([]);
    await runCron("2027-06-01T08:00:00Z"); // 09:00 BST
    expect((await claims(inv)).map((c) => [c.stage, c.sent_on])).toEqual([["on_due", "2027-06-01"]]);
  });

  it("also waits out a bank holiday GOV.UK declared after the code shipped", async () => {
    // Due Friday 8 October 2027, made a bank holiday in GOV.UK's list (the job's own read of it): on-due goes Monday 11th.
    await refreshBankHolidays(createDb(env.DB), "https://www.gov.uk/bank-holidays.json", new Date(), async () =>
      Response.json({ "england-and-wales": { events: [{ title: "A one-off bank holiday", date: "2027-10-08" }] } }),
    );
    const inv = await addInvoice("2027-10-08", { date: "2027-10-06" });
    await runCron("2027-10-08T09:00:00Z");
    expect(await claims(inv)).toEqual([]);
    await runCron("2027-10-11T09:00:00Z");
    expect((await claims(inv)).map((c) => [c.stage, c.sent_on])).toEqual([["on_due", "2027-10-11"]]);
  });

  it("sends once across two runs at once and the clock changes of March and October 2027", async () => {
    // The clocks go forward on Sunday 28 March 2027; the Monday after is Easter Monday, so the reminder due then waits for Tuesday.
    const spring = await addInvoice("2027-03-29", { date: "2027-03-01" });
    // They go back on Sunday 31 October 2027; due Monday 1 November.
    const autumn = await addInvoice("2027-11-01", { date: "2027-10-01" });
    for (const at of ["2027-03-28T23:00:00Z", "2027-03-29T08:00:00Z", "2027-03-29T09:00:00Z", "2027-03-30T07:59:00Z"]) await runCron(at);
    expect(await claims(spring)).toEqual([]);
    await Promise.all([runCron("2027-03-30T08:00:00Z"), runCron("2027-03-30T08:00:00Z")]); // 09:00 BST, twice at once
    await Promise.all([runCron("2027-03-30T09:00:00Z"), runCron("2027-03-30T10:00:00Z")]);
    expect((await claims(spring)).map((c) => c.stage)).toEqual(["on_due"]);
    for (const at of ["2027-10-31T09:00:00Z", "2027-11-01T08:00:00Z", "2027-11-01T08:59:00Z"]) await runCron(at);
    expect(await claims(autumn)).toEqual([]);
    await Promise.all([runCron("2027-11-01T09:00:00Z"), runCron("2027-11-01T09:00:00Z"), runCron("2027-11-01T10:00:00Z")]);
    expect((await claims(autumn)).map((c) => c.stage)).toEqual(["on_due"]);
    // The spring invoice's fortnight-overdue reminder also went on 1 November.
    expect((await claims(spring)).map((c) => c.stage)).toEqual(["on_due", "overdue_14"]);
    const mails = await reminders(3);
    expect(mails.filter((m) => m.headers.subject === `Reminder: our invoice ${spring.number} is now due`)).toHaveLength(1);
  });

  it("states the balance after a part payment, and sends none once paid", async () => {
    const inv = await addInvoice("2027-02-10", { date: "2027-01-04" });
    await expectJson(
      staff.api.crm.invoices[":id"].payments.$post({ param: { id: inv.id }, json: { amount: 200, date: "2027-01-20", method: "Bank transfer", updated_at: inv.updated_at } }),
      201,
    );
    await runCron("2027-02-10T09:00:00Z");
    // The part payment's receipt, then the reminder.
    const mail = (await waitForMail(jo, 2)).find((m) => m.headers.subject?.startsWith("Reminder"))!;
    expect(mail.text).toContain("£1,000.00 still due");
    expect(mail.text).not.toContain("£1,200.00");
    const now = (await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: inv.id } }), 200)).invoice;
    await expectJson(
      staff.api.crm.invoices[":id"].payments.$post({ param: { id: inv.id }, json: { amount: 1000, date: "2027-02-11", method: "Bank transfer", updated_at: now.updated_at } }),
      201,
    );
    await runCron("2027-02-17T09:00:00Z");
    expect((await claims(inv)).map((c) => c.stage)).toEqual(["on_due"]);
  });

  it("sends none for an invoice paused from its card until it is resumed, and none for a client without an e-mail address", async () => {
    const added = await addInvoice("2027-02-10");
    const { invoice: paused } = await expectJson(
      staff.api.crm.invoices[":id"].$patch({ param: { id: added.id }, json: { reminders_paused: true, updated_at: added.updated_at } }),
      200,
    );
    expect(paused.reminders_paused).toBe(true);
    const { client: silent } = await expectJson(staff.api.crm.clients.$post({ json: { name: "No Mail Ltd" } }), 201);
    const { invoice: unmailed } = await expectJson(
      staff.api.crm.invoices.$post({
        json: { number: uniqueInvoiceNumber("INV-R"), client_id: silent.id, total: 80, date: "2027-01-04", due_date: "2027-02-10", status: "Sent" },
      }),
      201,
    );
    await runCron("2027-02-10T09:00:00Z");
    expect(await claims(paused)).toEqual([]);
    expect(await claims(unmailed)).toEqual([]);
    await noMail();
    // Resumed: the reminder due that day goes, and the card says when.
    await expectJson(
      staff.api.crm.invoices[":id"].$patch({ param: { id: paused.id }, json: { reminders_paused: false, updated_at: paused.updated_at } }),
      200,
    );
    await runCron("2027-02-17T09:00:00Z");
    expect((await claims(paused)).map((c) => c.stage)).toEqual(["overdue_7"]);
    const { invoice: reminded } = await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: paused.id } }), 200);
    expect(reminded.last_reminded_on).toBe("2027-02-17");
  });

  it("keeps the claim of a mail that failed, says so in the feed, and sends no second mail", async () => {
    const inv = await addInvoice("2027-02-10");
    await runCron("2027-02-10T09:00:00Z", { EMAIL: env.VERIFIED_ONLY_EMAIL });
    expect(await claims(inv)).toEqual([expect.objectContaining({ stage: "on_due", email_status: "failed" })]);
    await runCron("2027-02-10T10:00:00Z");
    await runCron("2027-02-11T09:00:00Z");
    expect(await claims(inv)).toHaveLength(1);
    await noMail();
    const feed = await rows<{ summary: string }>("SELECT summary FROM activities WHERE related_id = ? ORDER BY created_at", client);
    expect(feed.map((f) => f.summary)).toEqual([
      `Payment reminder for the invoice ${inv.number} (£1,200.00 due)`,
      expect.stringContaining(`The payment reminder for the invoice ${inv.number} could not be e-mailed`),
    ]);
  });

  it("gives each reminder a new link, and the older link's page says a newer one was sent", async () => {
    const inv = await addInvoice("2027-02-10");
    await runCron("2027-02-10T09:00:00Z");
    await runCron("2027-02-17T09:00:00Z");
    const mails = await reminders(2);
    const [oldUrl] = linksIn(mails.find((m) => m.headers.subject?.includes("is now due"))!.text);
    const [newUrl] = linksIn(mails.find((m) => m.headers.subject?.startsWith("Overdue"))!.text);
    expect(oldUrl).not.toBe(newUrl);
    expect(await page(oldUrl)).toContain("sent a newer one");
    expect(await page(newUrl)).toContain(inv.number);
  });

  it("lists every document the client owes on the same project, each with its link and balance", async () => {
    const { project } = await expectJson(staff.api.crm.projects.$post({ json: { title: "New site", client_id: client } }), 201);
    const deposit = await addInvoice("2027-01-20", { total: 500, project_id: project.id });
    const final = await addInvoice("2027-02-10", { total: 1500, project_id: project.id, date: "2027-02-01" });
    await runCron("2027-02-10T09:00:00Z");
    const [mail] = await reminders(1);
    // The deposit's fortnight-overdue reminder falls due the same day: one mail carries both.
    expect([...(await claims(deposit)), ...(await claims(final))].map((c) => c.stage)).toEqual(["overdue_14", "on_due"]);
    expect(mail.text).toContain(`Invoice ${final.number}: £1,500.00 still due`);
    expect(mail.text).toContain(`Invoice ${deposit.number}: £500.00 still due`);
    const urls = linksIn(mail.text);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(await page(url)).not.toContain("sent a newer one");
  });
});

describe("Settings → Payment Reminders", () => {
  const wording = (subject: string, message: string) =>
    Object.fromEntries(reminderStages.map((stage) => [stage, { subject, message }])) as PaymentReminderSettings["wording"];

  it("sends the studio's own wording, with the number, due date and amount filled in", async () => {
    const inv = await addInvoice("2027-02-10");
    await expectJson(
      staff.api.crm.settings.reminders.$put({
        json: { enabled: true, wording: wording("{document} – {amount} by {due_date}", "Hello again: {amount} for {document}."), updated_at: null },
      }),
      200,
    );
    await runCron("2027-02-10T09:00:00Z");
    const [mail] = await reminders(1);
    expect(subjectOf(mail)).toBe(`Invoice ${inv.number} – £1,200.00 by 10 February 2027`);
    expect(mail.text).toContain(`Hello again: £1,200.00 for invoice ${inv.number}.`);
  });

  it("sends nothing while reminders are off for the studio, and claims nothing to send later", async () => {
    const inv = await addInvoice("2027-02-10");
    const { settings, updated_at } = await expectJson(staff.api.crm.settings.reminders.$get(), 200);
    const off = await expectJson(staff.api.crm.settings.reminders.$put({ json: { ...settings, enabled: false, updated_at } }), 200);
    await runCron("2027-02-10T09:00:00Z");
    expect(await claims(inv)).toEqual([]);
    await noMail();
    // Back on: only the reminder due now goes, not the one missed.
    await expectJson(staff.api.crm.settings.reminders.$put({ json: { ...off.settings, enabled: true, updated_at: off.updated_at } }), 200);
    await runCron("2027-02-17T09:00:00Z");
    expect((await claims(inv)).map((c) => c.stage)).toEqual(["overdue_7"]);
  });

  it("is changed only by the Owner; an unknown placeholder or an empty subject is refused and changes nothing", async () => {
    const defaults = await expectJson(staff.api.crm.settings.reminders.$get(), 200);
    expect(defaults).toEqual({ settings: DEFAULT_PAYMENT_REMINDER_SETTINGS, updated_at: null });
    const sales = await signInAs("Sales");
    expect((await expectJson(sales.api.crm.settings.reminders.$get(), 200)).settings.enabled).toBe(true);
    await errorOf(sales.api.crm.settings.reminders.$put({ json: { ...defaults.settings, enabled: false, updated_at: null } }), 403);
    const bad = await errorOf(
      staff.api.crm.settings.reminders.$put({
        json: {
          enabled: true,
          wording: { ...defaults.settings.wording, on_due: { subject: " ", message: "Please pay {total} by {due_date}" } },
          updated_at: null,
        },
      }),
      422,
    );
    expect(bad.fields).toEqual({
      "wording.on_due.subject": "Subject is required",
      "wording.on_due.message": "Use only {document}, {due_date}, {amount} in braces",
    });
    expect(await rows("SELECT count(*) AS n FROM settings WHERE key = 'payment_reminders'")).toEqual([{ n: 0 }]);
  });
});
