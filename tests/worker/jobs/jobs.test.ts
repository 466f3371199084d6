/**
 * The Cron Trigger (worker/index.ts `scheduled`, modules/jobs/jobs.ts), called inside workerd with a
 * fixed clock: invoices go Overdue the day after their due date in London, once per London day.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Invoice, InvoiceInput } from "../../../contract/invoice";
import { countRows, expectJson, rows, runCron, signInAs, visitorApi, type Staff } from "../support/helpers";

let staff: Staff;
let client = "";

beforeEach(async () => {
  staff = await signInAs("Sales");
  client = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201)).client.id;
});

let numbers = 0;
const addInvoice = async (due_date: string, status: InvoiceInput["status"] = "Sent") =>
  (
    await expectJson(
      staff.api.crm.invoices.$post({
        json: { number: `INV-JOB-${++numbers}`, client_id: client, total: 100, date: "2026-01-01", due_date, status },
      }),
      201,
    )
  ).invoice;
const statusOf = async (inv: Invoice) => (await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: inv.id } }), 200)).invoice;

describe("scheduled: overdue invoices", () => {
  it("marks a Sent invoice Overdue from the day after its due date, with a feed entry, and leaves Drafts and Paid alone", async () => {
    const sent = await addInvoice("2026-03-10");
    const draft = await addInvoice("2026-03-10", "Draft");
    const paid = await addInvoice("2026-03-10", "Paid");
    await runCron("2026-03-10T22:00:00Z"); // the due date itself, in London
    expect((await statusOf(sent)).status).toBe("Sent");
    await runCron("2026-03-11T00:00:00Z"); // a new day in London (GMT)
    expect((await statusOf(sent)).status).toBe("Overdue");
    expect((await statusOf(draft)).status).toBe("Draft");
    expect((await statusOf(paid)).status).toBe("Paid");
    const feed = await rows<{ summary: string; who_name: string; type: string; related_type: string; related_id: string }>(
      "SELECT summary, who_name, who_kind, type, related_type, related_id FROM activities",
    );
    // Credited to the CRM itself, by the studio's name ("Redbrick Studio" in wrangler.toml), never to a client.
    expect(feed).toEqual([
      {
        summary: `Invoice ${sent.number} is overdue`,
        who_name: "Redbrick CRM (automatic)",
        who_kind: "automatic",
        type: "StatusChange",
        related_type: "invoice",
        related_id: sent.id,
      },
    ]);
  });

  it("credits its feed entry with the studio's name from Settings, and the activity lists show it as automatic", async () => {
    await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('studio', ?)")
      .bind(JSON.stringify({ studio_name: "Ashworth Design" }))
      .run();
    const late = await addInvoice("2026-04-01");
    await runCron("2026-04-03T09:00:00Z");
    const feed = await expectJson(staff.api.crm.activities.$get({ query: {} }), 200);
    expect(feed.activities).toEqual([
      expect.objectContaining({
        summary: `Invoice ${late.number} is overdue`,
        who_name: "Ashworth Design CRM (automatic)",
        who_kind: "automatic",
      }),
    ]);
    // On the client's page, beside whom the CRM credits what no person did.
    const activity = await expectJson(staff.api.crm.clients[":id"].activities.$get({ param: { id: client } }), 200);
    expect(activity.automatic).toBe("Ashworth Design CRM (automatic)");
    expect(activity.logged).toEqual([expect.objectContaining({ summary: `Invoice ${late.number} is overdue`, who_kind: "automatic" })]);
  });

  it("runs once per London day: a second run, and an invoice put back to Sent by hand, wait for tomorrow", async () => {
    const first = await addInvoice("2026-05-01");
    await runCron("2026-05-04T08:00:00Z");
    expect((await statusOf(first)).status).toBe("Overdue");
    // Put back by hand the same day, and another late one added: the day's run is done.
    const back = await statusOf(first);
    await expectJson(
      staff.api.crm.invoices[":id"].$patch({ param: { id: back.id }, json: { status: "Sent", updated_at: back.updated_at } }),
      200,
    );
    const second = await addInvoice("2026-05-02");
    await runCron("2026-05-04T09:00:00Z");
    expect((await statusOf(first)).status).toBe("Sent");
    expect((await statusOf(second)).status).toBe("Sent");
    expect(await countRows("job_runs WHERE job = 'overdue_invoices'")).toBe(1);
    // The day's record says what the run did.
    expect(await rows<{ result: string }>("SELECT result FROM job_runs WHERE job = 'overdue_invoices'")).toEqual([
      { result: '{"invoices":1}' },
    ]);
    expect(await countRows("activities")).toBe(1);
    // The next London day both are overdue again.
    await runCron("2026-05-05T00:00:00Z");
    expect((await statusOf(first)).status).toBe("Overdue");
    expect((await statusOf(second)).status).toBe("Overdue");
    expect(await countRows("job_runs WHERE job = 'overdue_invoices'")).toBe(2);
  });

  it("keeps to London's calendar on both days the clocks change", async () => {
    // Spring forward (29 March 2026): 23:30 UTC on the 28th is still the 28th in London (GMT).
    const march = await addInvoice("2026-03-28");
    await runCron("2026-03-28T23:30:00Z");
    expect((await statusOf(march)).status).toBe("Sent");
    await runCron("2026-03-29T00:30:00Z");
    expect((await statusOf(march)).status).toBe("Overdue");
    // Fall back (25 October 2026): 23:30 UTC on the 24th is already the 25th in London (BST).
    const october = await addInvoice("2026-10-24");
    await runCron("2026-10-24T22:30:00Z");
    expect((await statusOf(october)).status).toBe("Sent");
    await runCron("2026-10-24T23:30:00Z");
    expect((await statusOf(october)).status).toBe("Overdue");
  });
});

describe("scheduled: nightly housekeeping", () => {
  /** One row past its retention and one within it, in every store the housekeeping keeps in bounds, as of `today` (12:00 UTC). */
  async function fill(today: string, tag: string) {
    const noon = Date.parse(`${today}T12:00:00Z`);
    const ago = (days: number) => new Date(noon - days * 86_400_000).toISOString();
    const stmts = [
      ["INSERT INTO form_submissions (id, kind, payload, created_at) VALUES (?, 'contact', '{}', ?)", `fs-old-${tag}`, ago(366)],
      ["INSERT INTO form_submissions (id, kind, payload, created_at) VALUES (?, 'contact', '{}', ?)", `fs-new-${tag}`, ago(364)],
      ["INSERT INTO backups (id, size, counts, chunk_count, created_at) VALUES (?, 2, '{}', 1, ?)", `bk-old-${tag}`, ago(31)],
      ["INSERT INTO backup_chunks (backup_id, seq, data) VALUES (?, 0, '{}')", `bk-old-${tag}`],
      ["INSERT INTO backups (id, size, counts, chunk_count, created_at) VALUES (?, 2, '{}', 1, ?)", `bk-new-${tag}`, ago(29)],
      ["INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('login', ?, ?)", `rl-old-${tag}`, ago(1.1)],
      ["INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('login', ?, ?)", `rl-new-${tag}`, ago(0.5)],
      ["INSERT INTO revoked_sessions (jti, expires_at) VALUES (?, ?)", `rs-old-${tag}`, ago(0.01)],
      ["INSERT INTO revoked_sessions (jti, expires_at) VALUES (?, ?)", `rs-new-${tag}`, ago(-1)],
      [
        "INSERT INTO invites (id, email, role, token_hash, expires_at) VALUES (?, 'a@example.com', 'Sales', ?, ?)",
        `iv-old-${tag}`,
        `h1${tag}`,
        ago(1),
      ],
      [
        "INSERT INTO invites (id, email, role, token_hash, expires_at) VALUES (?, 'b@example.com', 'Sales', ?, ?)",
        `iv-new-${tag}`,
        `h2${tag}`,
        ago(-1),
      ],
      [
        "INSERT INTO invites (id, email, role, token_hash, expires_at, accepted_at) VALUES (?, 'c@example.com', 'Sales', ?, ?, ?)",
        `iv-used-${tag}`,
        `h3${tag}`,
        ago(10),
        ago(12),
      ],
      [
        "INSERT INTO preview_access_log (preview_id, success, browser, ip_hash, created_at) VALUES (?, 1, 'Firefox', 'x', ?)",
        `pl-old-${tag}`,
        ago(181),
      ],
      [
        "INSERT INTO preview_access_log (preview_id, success, browser, ip_hash, created_at) VALUES (?, 1, 'Firefox', 'x', ?)",
        `pl-new-${tag}`,
        ago(179),
      ],
      [
        "INSERT INTO digest_sends (id, user_id, run_date, status) VALUES (?, ?, ?, 'sent')",
        `ds-old-${tag}`,
        staff.id,
        ago(31).slice(0, 10),
      ],
      [
        "INSERT INTO digest_sends (id, user_id, run_date, status) VALUES (?, ?, ?, 'sent')",
        `ds-new-${tag}`,
        staff.id,
        ago(29).slice(0, 10),
      ],
      [
        "INSERT INTO mail_refusals (id, envelope_from, reason, size, created_at) VALUES (?, 'x@y.z', 'not staff', 1, ?)",
        `mr-old-${tag}`,
        ago(91),
      ],
      [
        "INSERT INTO mail_refusals (id, envelope_from, reason, size, created_at) VALUES (?, 'x@y.z', 'not staff', 1, ?)",
        `mr-new-${tag}`,
        ago(89),
      ],
      // The day's count of refusals: the last day counted (90 with today) and the one before it.
      ["INSERT INTO mail_refusal_days (day, count) VALUES (?, 3)", ago(90).slice(0, 10)],
      ["INSERT INTO mail_refusal_days (day, count) VALUES (?, 2)", ago(89).slice(0, 10)],
      // A piece of an import whose request died a day ago, and one of a transfer under way.
      [
        "INSERT INTO staged_chunks (transfer_id, seq, table_name, data, created_at) VALUES (?, 0, 'leads', '[]', ?)",
        `sc-old-${tag}`,
        ago(1.1),
      ],
      [
        "INSERT INTO staged_chunks (transfer_id, seq, table_name, data, created_at) VALUES (?, 0, 'leads', '[]', ?)",
        `sc-new-${tag}`,
        ago(0.5),
      ],
    ] as const;
    await env.DB.batch(stmts.map(([q, ...args]) => env.DB.prepare(q).bind(...args)));
  }
  // D1 allows few terms in a compound SELECT: one query per store.
  const stores = [
    "SELECT id FROM form_submissions",
    "SELECT id FROM backups",
    "SELECT 'chunk:' || backup_id AS id FROM backup_chunks",
    "SELECT key AS id FROM rate_limit_events",
    "SELECT jti AS id FROM revoked_sessions",
    "SELECT id FROM invites",
    "SELECT preview_id AS id FROM preview_access_log",
    "SELECT id FROM digest_sends",
    "SELECT id FROM mail_refusals",
    `SELECT CASE count WHEN 3 THEN 'md-old-' ELSE 'md-new-' END || day AS id FROM mail_refusal_days`,
    "SELECT transfer_id AS id FROM staged_chunks",
  ];
  const left = async () =>
    (await Promise.all(stores.map((q) => rows<{ id: string }>(q))))
      .flat()
      .map((r) => r.id)
      .filter((id) => /-(old|new|used)-/.test(id))
      .sort();

  it("deletes what is past its retention from every store, keeps the rest, and records the counts", async () => {
    await fill("2026-07-01", "a");
    await runCron("2026-07-01T12:00:00Z");
    expect(await left()).toEqual(
      [
        "bk-new-a",
        "ds-new-a",
        "fs-new-a",
        "iv-new-a",
        "iv-used-a",
        "md-new-2026-04-03",
        "mr-new-a",
        "pl-new-a",
        "rl-new-a",
        "rs-new-a",
        "sc-new-a",
      ].sort(),
    );
    const [record] = await rows<{ result: string }>("SELECT result FROM job_runs WHERE job = 'housekeeping'");
    expect(JSON.parse(record.result)).toEqual({
      form_submissions: 1,
      backups: 1,
      rate_limit_events: 1,
      revoked_sessions: 1,
      invites: 1,
      preview_access_log: 1,
      digest_sends: 1,
      mail_refusals: 1,
      mail_refusal_days: 1,
      staged_chunks: 1,
      call_lead_activities: 0,
      call_lead_tasks: 0,
      call_lead_calls: 0,
      call_leads: 0,
    });
  });

  it("runs once per London day", async () => {
    await runCron("2026-07-01T05:00:00Z");
    await fill("2026-07-01", "b");
    await runCron("2026-07-01T12:00:00Z");
    expect((await left()).filter((id) => id.includes("-old-"))).toHaveLength(11);
    await runCron("2026-07-02T00:00:00Z"); // 01:00 BST: the next London day
    expect((await left()).filter((id) => id.includes("-old-"))).toEqual([]);
    expect(await countRows("job_runs WHERE job = 'housekeeping'")).toBe(2);
  });

  it("no longer rides on requests: a sign-in attempt and an enquiry leave old rows for the job", async () => {
    await fill(new Date().toISOString().slice(0, 10), "c");
    expect((await visitorApi.auth.login.$post({ json: { email: "nobody@example.com", password: "wrong password!" } })).status).toBe(401);
    const enquiry = {
      name: "Priya Shah",
      email: "priya@example.com",
      subject: "New website for my bakery",
      message: "We need a site with online orders.",
    };
    expect((await visitorApi.contact.$post({ json: enquiry })).status).toBe(201);
    expect((await left()).filter((id) => id.includes("-old-"))).toHaveLength(11);
  });
});
