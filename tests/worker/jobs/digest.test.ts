/**
 * The daily digest (modules/jobs/digest.ts), sent by the hourly Cron Trigger inside workerd with a
 * fixed clock, through the real send_email binding: who gets what, at 08:00 London on both sides
 * of a clock change, never twice, nothing on a quiet day, and a refused send listed for a resend.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import {
  countRows,
  errorOf,
  expectJson,
  mailTo,
  rows,
  runCron,
  signInAs,
  unchecked,
  visitorApi,
  waitForMail,
  type Staff,
} from "../support/helpers";

const SITE = "https://redbrickstudio.co.uk";
let owner: Staff;
let sales: Staff;
const preferenceOf = (s: Staff) => expectJson(s.api.crm.digests.preference.$get(), 200);
const emailOf = async (s: Staff) => (await rows<{ email: string }>(`SELECT email FROM users WHERE id = '${s.id}'`))[0].email;

const run = (sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .run();
const task = (id: string, title: string, who: Staff | null, due: string | null, completed = 0) =>
  run(
    "INSERT INTO tasks (id, title, assignee_username, due_date, completed) VALUES (?, ?, ?, ?, ?)",
    id,
    title,
    who?.id ?? null,
    due,
    completed,
  );
const lead = (id: string, name: string, by: Staff | null, followUp: string | null, status = "Qualified") =>
  run("INSERT INTO leads (id, name, status, follow_up_date, added_by) VALUES (?, ?, ?, ?, ?)", id, name, status, followUp, by?.id ?? null);

/** A day's worth of work as of Monday 15 June 2026 (BST): some due, some not, some someone else's. */
async function studioDay() {
  await task("t-late", "Chase the Hughes brief", sales, "2026-06-12");
  await task("t-today", "Send the Amco wireframes", sales, "2026-06-15");
  await task("t-later", "Plan the August newsletter", sales, "2026-06-20");
  await task("t-done", "Book the photographer", sales, "2026-06-10", 1);
  await task("t-owner", "Renew the studio insurance", owner, "2026-06-15");
  await lead("l-mine", "Tom Hughes", sales, "2026-06-15");
  await lead("l-web", "Priya Shah", null, "2026-06-01", "New");
  await lead("l-owner", "Hannah's Contact", owner, "2026-06-15");
  await lead("l-won", "Closed Deal", sales, "2026-06-01", "Won");
  await lead("l-later", "Next Week Lead", sales, "2026-06-22");
  await run("INSERT INTO proposals (id, title, value, status, sent_date) VALUES ('p-wait', 'Bakery website', 4200, 'Sent', '2026-06-05')");
  await run("INSERT INTO proposals (id, title, value, status, sent_date) VALUES ('p-new', 'Gym rebrand', 3000, 'Sent', '2026-06-12')");
  // Exactly 7 days: not yet "more than 7 days", as on the dashboard.
  await run("INSERT INTO proposals (id, title, value, status, sent_date) VALUES ('p-week', 'Week-old offer', 800, 'Sent', '2026-06-08')");
  await run("INSERT INTO clients (id, name, emails, phones, services) VALUES ('c1', 'Café Ünïcode', '[]', '[]', '[]')");
  await run(
    "INSERT INTO invoices (id, number, client_id, lines, total, date, due_date, status) VALUES ('i1', 'INV-0042', 'c1', '[]', 1250.5, '2026-05-01', '2026-05-15', 'Overdue')",
  );
  await run("INSERT INTO preview_releases (id, preview_id, client_id, published_at) VALUES ('r1', 'jemrex', 'c1', '2026-06-01T00:00:00Z')");
  await run(
    "INSERT INTO preview_comments (id, client_id, release_id, author_name, body, created_at) VALUES ('f-new', 'c1', 'r1', 'Jem', 'The logo is too small on phones', '2026-06-14T18:00:00Z')",
  );
  await run(
    "INSERT INTO preview_comments (id, client_id, release_id, author_name, body, created_at) VALUES ('f-old', 'c1', 'r1', 'Jem', 'Older thought', '2026-06-10T18:00:00Z')",
  );
}

beforeEach(async () => {
  owner = await signInAs("Owner");
  sales = await signInAs("Sales");
});

describe("the daily digest", () => {
  it("reaches each member of staff at 08:00 London with what is theirs, every item linked into the CRM", async () => {
    await studioDay();
    await runCron("2026-06-15T06:00:00Z"); // 07:00 BST: not yet
    expect(await mailTo(await emailOf(sales))).toEqual([]);
    await runCron("2026-06-15T07:00:00Z"); // 08:00 BST
    const [mail] = await waitForMail(await emailOf(sales));
    expect(mail.headers.subject).toBe("Your Redbrick Studio CRM digest for Monday 15 June");
    const text = mail.text;
    expect(text).toContain("Good morning Marcus,");
    expect(text).toContain("YOUR TASKS DUE TODAY OR OVERDUE (2)");
    expect(text).toContain("- Chase the Hughes brief (overdue since Fri 12 Jun)");
    expect(text).toContain("- Send the Amco wireframes (due today)");
    expect(text).toContain("FOLLOW-UPS DUE (2)");
    expect(text).toContain(`- Priya Shah (overdue since Mon 1 Jun)\n  ${SITE}/crm/leads?lead=l-web`);
    expect(text).toContain(`- Tom Hughes (due today)\n  ${SITE}/crm/leads?lead=l-mine`);
    expect(text).toContain("PROPOSALS WAITING MORE THAN 7 DAYS (1)");
    expect(text).toContain(`- Bakery website, £4,200.00 (sent Fri 5 Jun)\n  ${SITE}/crm/proposals?proposal=p-wait`);
    expect(text).toContain("NEW CLIENT FEEDBACK (1)");
    expect(text).toContain(`- Café Ünïcode: “The logo is too small on phones” (Jem)\n  ${SITE}/crm/clients/c1`);
    expect(text).toContain(`${SITE}/crm/settings`);
    // Not theirs, not due, done, closed, answered or old: none of it.
    for (const absent of [
      "Plan the August",
      "Book the photographer",
      "Renew the studio",
      "Hannah's Contact",
      "Closed Deal",
      "Next Week",
      "Gym rebrand",
      "Week-old offer",
      "Older thought",
      "INV-0042",
    ])
      expect(text).not.toContain(absent);

    // The Owner's has their own task and lead, and the studio's overdue invoices.
    const [ownerMail] = await waitForMail(await emailOf(owner));
    expect(ownerMail.text).toContain("- Renew the studio insurance (due today)");
    expect(ownerMail.text).toContain("- Hannah's Contact (due today)");
    expect(ownerMail.text).toContain(
      `INVOICES OVERDUE (1)\n- INV-0042, Café Ünïcode: £1,250.50, due Fri 15 May\n  ${SITE}/crm/invoices?invoice=i1`,
    );
    expect(ownerMail.text).not.toContain("Chase the Hughes brief");
  });

  it("names whom a waiting proposal is for, links each item to its record, and lists a lead once", async () => {
    await run(
      "INSERT INTO leads (id, name, company, status, follow_up_date, added_by) VALUES ('l-jo', 'Jo Carter', 'Carter Bakes', 'Proposal Sent', '2026-06-15', ?)",
      sales.id,
    );
    await run(
      "INSERT INTO tasks (id, title, assignee_username, due_date, related_type, related_id) VALUES ('t-jo1', 'Send the contract', ?, '2026-06-12', 'lead', 'l-jo')",
      sales.id,
    );
    await run(
      "INSERT INTO tasks (id, title, assignee_username, due_date, related_type, related_id) VALUES ('t-jo2', 'Ring about the deposit', ?, '2026-06-15', 'lead', 'l-jo')",
      sales.id,
    );
    await run(
      "INSERT INTO proposals (id, title, value, status, sent_date, lead_id) VALUES ('p-jo', 'Bakery website', 4200, 'Sent', '2026-06-01', 'l-jo')",
    );
    await run("INSERT INTO clients (id, name, emails, phones, services) VALUES ('c-gym', 'Acme Gyms', '[]', '[]', '[]')");
    await run(
      "INSERT INTO proposals (id, title, value, status, sent_date, client_id) VALUES ('p-gym', 'Gym rebrand', 3000, 'Sent', '2026-06-02', 'c-gym')",
    );
    await runCron("2026-06-15T07:00:00Z");
    const [{ text }] = await waitForMail(await emailOf(sales));
    // Jo's lead is listed once, under its first item; its other task, its follow-up and the proposal
    // waiting for it join that item, each linked to its own record where that is another one.
    expect(text).toContain(
      [
        "YOUR TASKS DUE TODAY OR OVERDUE (1)",
        "- Send the contract, for Jo Carter (overdue since Fri 12 Jun)",
        `  ${SITE}/crm/leads?lead=l-jo`,
        "  Also: Ring about the deposit, for Jo Carter (due today)",
        "  Also: follow-up due today",
        '  Also: proposal "Bakery website" waiting, £4,200.00 (sent Mon 1 Jun)',
        `  ${SITE}/crm/proposals?proposal=p-jo`,
      ].join("\n"),
    );
    expect(text).not.toContain("FOLLOW-UPS DUE");
    // A proposal to a client names the client, and opens the proposal itself.
    expect(text).toContain(
      `PROPOSALS WAITING MORE THAN 7 DAYS (1)\n- Gym rebrand for Acme Gyms, £3,000.00 (sent Tue 2 Jun)\n  ${SITE}/crm/proposals?proposal=p-gym`,
    );
    expect(text).toContain("5 things need you today");
    // No search pages, no print pages.
    expect(text).not.toMatch(/\?q=|\/print/);
  });

  it("lists the calls booked with them that day first, at London times, with the call's task folded in", async () => {
    const call = (id: string, host: Staff, start: string, status = "confirmed", lead: string | null = null, phone: string | null = null) =>
      run(
        `INSERT INTO calls (id, host_id, lead_id, start_at, end_at, london_date, status, method, name, email, phone, company, topic, token_hash)
         VALUES (?, ?, ?, ?, ?, substr(?, 1, 10), ?, ?, ?, ?, ?, 'Stone & Sons', 'A new shop,\nwith  online orders', ?)`,
        id,
        host.id,
        lead,
        start,
        new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        start,
        status,
        phone ? "phone" : "video",
        `Visitor ${id}`,
        `${id}@example.com`,
        phone,
        id,
      );
    await lead("l-ava", "Visitor call-1", null, null, "New");
    await run(
      "INSERT INTO tasks (id, title, assignee_username, due_date, related_type, related_id) VALUES ('t-ava', 'Call Visitor call-1 at 14:00', ?, '2026-06-15', 'lead', 'l-ava')",
      sales.id,
    );
    await call("call-1", sales, "2026-06-15T13:00:00.000Z", "confirmed", "l-ava"); // 14:00 BST
    await call("call-2", sales, "2026-06-15T08:30:00.000Z", "confirmed", null, "0161 555 0101"); // 09:30 BST
    await call("call-off", sales, "2026-06-15T10:00:00.000Z", "cancelled");
    await call("call-tomorrow", sales, "2026-06-16T09:00:00.000Z");
    await call("call-owner", owner, "2026-06-15T11:00:00.000Z");
    await runCron("2026-06-15T07:00:00Z");
    const [{ text }] = await waitForMail(await emailOf(sales));
    expect(text).toContain(
      [
        "YOUR CALLS TODAY (2)",
        "- 09:30–10:00 Visitor call-2, Stone & Sons (phone 0161 555 0101): A new shop, with online orders",
        `  ${SITE}/crm/calls`,
        "- 14:00–14:30 Visitor call-1, Stone & Sons (video): A new shop, with online orders",
        `  ${SITE}/crm/leads?lead=l-ava`,
        "  Also: Call Visitor call-1 at 14:00 (due today)",
      ].join("\n"),
    );
    for (const absent of ["call-off", "call-tomorrow", "call-owner", "YOUR TASKS DUE"]) expect(text).not.toContain(absent);
  });

  it("sends nothing on a day with nothing to say, nor to anyone who turned it off, the team account or a disabled one", async () => {
    await task("t1", "Call the printer", sales, "2026-06-15");
    const quiet = await signInAs("Sales", "Quiet Colleague");
    const team = await signInAs("Sales", "Team");
    await run("UPDATE users SET is_team = 1 WHERE id = ?", team.id);
    const gone = await signInAs("Sales", "Gone");
    await task("t2", "Gone's task", gone, "2026-06-15");
    await task("t3", "Team task", team, "2026-06-15");
    await run("UPDATE users SET disabled = 1 WHERE id = ?", gone.id);
    // The Owner switches theirs off, with a task due.
    await task("t4", "Owner's task", owner, "2026-06-15");
    expect(await preferenceOf(owner)).toEqual({ daily_digest: true });
    expect(await expectJson(owner.api.crm.digests.preference.$put({ json: { daily_digest: false } }), 200)).toEqual({
      daily_digest: false,
    });
    expect(await preferenceOf(owner)).toEqual({ daily_digest: false });

    await runCron("2026-06-15T07:00:00Z");
    await waitForMail(await emailOf(sales));
    for (const s of [quiet, team, gone, owner]) expect(await mailTo(await emailOf(s))).toEqual([]);
    // The quiet colleague's day is recorded as having nothing to say.
    expect(await rows(`SELECT status, items FROM digest_sends WHERE user_id = '${quiet.id}'`)).toEqual([{ status: "empty", items: 0 }]);
  });

  it("never sends twice in a London day, however often the cron runs, and comes again the next morning", async () => {
    await task("t1", "Call the printer", sales, "2026-06-15");
    await runCron("2026-06-15T07:00:00Z");
    await runCron("2026-06-15T08:00:00Z");
    await runCron("2026-06-15T22:00:00Z");
    await waitForMail(await emailOf(sales), 1);
    expect(await countRows("job_runs WHERE job = 'daily_digest'")).toBe(1);
    // 23:00 UTC is already the 16th in London, but 00:00 BST is before 08:00.
    await runCron("2026-06-15T23:00:00Z");
    await runCron("2026-06-16T07:00:00Z");
    const both = await waitForMail(await emailOf(sales), 2);
    expect(both[1].headers.subject).toBe("Your Redbrick Studio CRM digest for Tuesday 16 June");
  });

  it("comes at 08:00 London on both days the clocks change, and in winter", async () => {
    await task("t1", "Call the printer", sales, "2026-01-01");
    const address = await emailOf(sales);
    // Spring forward, Sunday 29 March 2026: 07:00 UTC is 08:00 BST.
    await runCron("2026-03-29T06:00:00Z");
    expect(await mailTo(address)).toHaveLength(0);
    await runCron("2026-03-29T07:00:00Z");
    await waitForMail(address, 1);
    // Fall back, Sunday 25 October 2026: 07:00 UTC is 07:00 GMT, too early; 08:00 UTC is the hour.
    await runCron("2026-10-25T07:00:00Z");
    expect(await mailTo(address)).toHaveLength(1);
    await runCron("2026-10-25T08:00:00Z");
    await waitForMail(address, 2);
    // Winter.
    await runCron("2026-12-01T07:00:00Z");
    expect(await mailTo(address)).toHaveLength(2);
    await runCron("2026-12-01T08:00:00Z");
    const all = await waitForMail(address, 3);
    expect(all.map((m) => m.headers.subject)).toEqual([
      "Your Redbrick Studio CRM digest for Sunday 29 March",
      "Your Redbrick Studio CRM digest for Sunday 25 October",
      "Your Redbrick Studio CRM digest for Tuesday 1 December",
    ]);
  });

  it("records a send the binding refuses, lists it for the Owner alone, and sends it again on request", async () => {
    await task("t1", "Call the printer", sales, "2026-06-15");
    // The real send_email binding refuses a message whose sender is not an address: a real failure, no mock.
    await runCron("2026-06-15T07:00:00Z", { MAIL_FROM: "not an address" });
    const failed = () => expectJson(owner.api.crm.digests.failed.$get(), 200);
    const { digests } = await failed();
    const resend = (who: Staff) => who.api.crm.digests[":id"].resend.$post({ param: { id: digests[0].id } });
    expect(digests).toMatchObject([
      { user_id: sales.id, full_name: "Marcus Reid", email: await emailOf(sales), run_date: "2026-06-15", attempts: 1 },
    ]);
    expect(digests[0].error).toBeTruthy();
    expect(await mailTo(await emailOf(sales))).toEqual([]);
    expect((await errorOf(sales.api.crm.digests.failed.$get(), 403)).code).toBe("forbidden");
    expect((await errorOf(resend(sales), 403)).code).toBe("forbidden");

    expect(await expectJson(resend(owner), 200)).toEqual({ outcome: "sent" });
    const [mail] = await waitForMail(await emailOf(sales));
    // What is due now, not the stale list of that morning.
    expect(mail.text).toContain("- Call the printer (overdue since Mon 15 Jun)");
    expect(await failed()).toEqual({ digests: [] });
    // Sent now, it cannot be "resent" again.
    expect((await errorOf(resend(owner), 404)).code).toBe("not_found");
  });

  it("refuses a switch that is not true or false, and answers nothing without a session", async () => {
    const { preference } = sales.api.crm.digests;
    const bad = await errorOf(preference.$put({ json: { daily_digest: unchecked("no") } }), 422);
    expect(bad.fields).toHaveProperty("daily_digest");
    expect((await errorOf(preference.$put({ json: unchecked({ daily_digest: true, extra: 1 }) }), 422)).code).toBe("validation_failed");
    expect(await preferenceOf(sales)).toEqual({ daily_digest: true });
    expect((await visitorApi.crm.digests.preference.$get()).status).toBe(401);
    expect((await visitorApi.crm.digests.preference.$put({ json: { daily_digest: false } })).status).toBe(401);
  });
});
