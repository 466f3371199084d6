import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../../worker/platform/db";
import { getDashboard } from "../../../worker/modules/dashboard";
import { dashboard, type Dashboard } from "../../../contract/dashboard";
import { DEFAULT_STAGE_WEIGHTS } from "../../../contract/settings";
import type { CrmBoot } from "../../../contract/crm-boot";
import type { LeadStatus } from "../../../contract/lead-statuses";
import type { StageWeightsInput } from "../../../contract/settings";
import { errorOf, expectJson, request, rows, signInAs, unchecked, visitorApi, type Staff } from "../support/helpers";

/**
 * A fixed clock: Friday 2 October 2026, 11:00 in London (BST). London's October began at
 * 2026-09-30T23:00Z and its week on Monday 28 September at 2026-09-27T23:00Z, so the rows below
 * sit either side of those instants, where a UTC month or week would put them on the wrong side.
 */
const NOW = new Date("2026-10-02T10:00:00.000Z");

type Lead = {
  id: string;
  status: string;
  value?: number | null;
  source?: string | null;
  created_at: string;
  closed_at?: string | null;
  follow_up_date?: string | null;
  furthest_stage?: string;
};

async function insertLead(l: Lead) {
  await env.DB.prepare(
    "INSERT INTO leads (id, name, status, value, source, follow_up_date, created_at, updated_at, closed_at, furthest_stage) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      l.id,
      `Lead ${l.id}`,
      l.status,
      l.value ?? null,
      l.source ?? null,
      l.follow_up_date ?? null,
      l.created_at,
      l.created_at,
      l.closed_at ?? null,
      l.furthest_stage ?? "New",
    )
    .run();
}

const exec = (query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .run();

async function insertSubmission(id: string, leadId: string, campaign: string, createdAt: string) {
  await exec(
    "INSERT INTO form_submissions (id, kind, payload, lead_id, utm, created_at, updated_at) VALUES (?, 'contact', '{}', ?, ?, ?, ?)",
    id,
    leadId,
    JSON.stringify({ utm_source: "google", utm_campaign: campaign }),
    createdAt,
    createdAt,
  );
}

async function insertTask(id: string, assignee: string | null, due: string | null, completed = false) {
  await exec(
    "INSERT INTO tasks (id, title, assignee_username, priority, due_date, completed) VALUES (?, ?, ?, 'High', ?, ?)",
    id,
    `Task ${id}`,
    assignee,
    due,
    completed ? 1 : 0,
  );
}

/** The known data set: every tile, chart and list below is worked out by hand from it. */
async function seedKnownData(me: Staff, colleague: Staff) {
  // Open leads: £21,000 in all.
  await insertLead({
    id: "new1",
    status: "New",
    value: 1000,
    source: "Website",
    created_at: "2026-09-27T23:30:00.000Z",
    follow_up_date: "2026-10-02",
  });
  await insertLead({ id: "new2", status: "New", value: 2000, created_at: "2026-09-27T22:30:00.000Z" });
  await insertLead({ id: "qual", status: "Qualified", value: 3000, created_at: "2026-08-01T09:00:00.000Z", follow_up_date: "2026-09-15" });
  await insertLead({
    id: "prop",
    status: "Proposal Sent",
    value: 5000,
    created_at: "2026-08-01T09:00:00.000Z",
    follow_up_date: "2026-12-10",
  });
  await insertLead({
    id: "neg",
    status: "Negotiation",
    value: 10000,
    created_at: "2026-09-01T09:00:00.000Z",
    follow_up_date: "2026-11-20",
  });
  // Won: 00:30 on 1 October in London (this month), 23:30 on 30 September (last month), and in May.
  await insertLead({
    id: "won1",
    status: "Won",
    value: 4000,
    source: "Website",
    created_at: "2026-09-20T00:00:00.000Z",
    closed_at: "2026-09-30T23:30:00.000Z",
  });
  await insertLead({
    id: "won2",
    status: "Won",
    value: 6000,
    source: "Referral",
    created_at: "2026-09-01T00:00:00.000Z",
    closed_at: "2026-09-30T22:30:00.000Z",
  });
  await insertLead({
    id: "won3",
    status: "Won",
    value: 2500,
    source: "Referral",
    created_at: "2026-03-01T00:00:00.000Z",
    closed_at: "2026-05-01T00:00:00.000Z",
    follow_up_date: "2026-09-01",
  });
  // Lost after its proposal went out; lost2 never got past New.
  await insertLead({
    id: "lost1",
    status: "Lost",
    furthest_stage: "Proposal Sent",
    value: 700,
    created_at: "2026-06-01T00:00:00.000Z",
    closed_at: "2026-08-15T12:00:00.000Z",
  });
  await insertLead({ id: "lost2", status: "Lost", created_at: "2026-04-01T00:00:00.000Z", closed_at: "2026-05-20T12:00:00.000Z" });

  // Campaigns come from a lead's first enquiry; won2's later enquiry names another campaign.
  await insertSubmission("fs1", "new1", "autumn-seo", "2026-09-27T23:30:00.000Z");
  await insertSubmission("fs2", "won1", "autumn-seo", "2026-09-20T00:00:00.000Z");
  await insertSubmission("fs3", "won2", "spring-ads", "2026-09-01T00:00:00.000Z");
  await insertSubmission("fs4", "won2", "autumn-seo", "2026-09-10T00:00:00.000Z");

  await insertTask("mine-today", me.id, "2026-10-02");
  await insertTask("mine-late", me.id, "2026-09-30");
  await insertTask("mine-later", me.id, "2026-10-03");
  await insertTask("mine-done", me.id, "2026-09-01", true);
  await insertTask("mine-undated", me.id, null);
  await insertTask("theirs", colleague.id, "2026-10-01");

  await exec("INSERT INTO clients (id, name) VALUES ('c1', 'Ancoats Bakery')");
  const invoice = (id: string, status: string, due: string) =>
    exec(
      "INSERT INTO invoices (id, number, client_id, total, date, due_date, status) VALUES (?, ?, 'c1', 1200, '2026-09-01', ?, ?)",
      id,
      `INV-${id}`,
      due,
      status,
    );
  await invoice("overdue", "Overdue", "2026-09-20");
  await invoice("sent-late", "Sent", "2026-10-01");
  await invoice("sent-today", "Sent", "2026-10-02");
  await invoice("paid", "Paid", "2026-09-01");

  const proposal = (id: string, status: string, sent: string | null, due: string | null, lead: string | null) =>
    exec(
      "INSERT INTO proposals (id, title, value, status, sent_date, due_date, lead_id, client_id) VALUES (?, ?, 900, ?, ?, ?, ?, ?)",
      id,
      `Proposal ${id}`,
      status,
      sent,
      due,
      lead,
      lead ? null : "c1",
    );
  await proposal("waiting", "Sent", "2026-09-24", null, "qual");
  await proposal("seven-days", "Sent", "2026-09-25", null, null);
  await proposal("answered", "Accepted", "2026-09-01", null, null);
  // The open Proposal Sent lead is expected when its proposal is due, January, not at its December follow-up.
  await proposal("for-prop", "Sent", "2026-09-30", "2027-01-15", "prop");

  await exec(
    "INSERT INTO preview_releases (id, preview_id, client_id, published_at) VALUES ('r1', 'jemrex', 'c1', '2026-09-01T00:00:00.000Z')",
  );
  const comment = (id: string, status: string) =>
    exec(
      "INSERT INTO preview_comments (id, client_id, release_id, author_name, body, status, email_status, created_at) VALUES (?, 'c1', 'r1', 'Amy', ?, ?, 'sent', '2026-09-29T09:00:00.000Z')",
      id,
      `Comment ${id}`,
      status,
    );
  await comment("open", "Open");
  await comment("resolved", "Resolved");
}

let owner: Staff;
let sales: Staff;
const db = () => createDb(env.DB);
const addLead = (who: Staff, json: { name: string; value?: number; status?: LeadStatus }) =>
  expectJson(who.api.crm.leads.$post({ json }), 201);
const moveLead = (id: string, status: LeadStatus, updated_at: string) =>
  expectJson(owner.api.crm.leads[":id"].$patch({ param: { id }, json: { status, updated_at } }), 200);
const dashboardOf = async (who: Staff) => dashboard.parse(await expectJson(who.api.crm.dashboard.$get(), 200));

beforeEach(async () => {
  owner = await signInAs("Owner");
  sales = await signInAs("Sales");
});

describe("dashboard numbers", () => {
  let d: Dashboard;
  beforeEach(async () => {
    await seedKnownData(owner, sales);
    d = await getDashboard(db(), owner.id, NOW);
  });

  it("answers the contract's shape", () => {
    expect(() => dashboard.parse(d)).not.toThrow();
    expect(d.today).toBe("2026-10-02");
    expect(d.weights).toEqual(DEFAULT_STAGE_WEIGHTS);
  });

  it("values the open pipeline and weights it by stage", () => {
    // 1,000 × 10% + 2,000 × 10% + 3,000 × 40% + 5,000 × 60% + 10,000 × 80%
    expect(d.tiles.pipeline).toEqual({ value: 21000, weighted: 12500, open: 5 });
  });

  it("counts won this month against last month by London months", () => {
    expect(d.tiles.won_this_month).toEqual({ month: "2026-10", value: 4000, count: 1 });
    expect(d.tiles.won_last_month).toEqual({ month: "2026-09", value: 6000, count: 1 });
  });

  it("takes the win rate over leads closed in the last 90 days", () => {
    // won1, won2 and lost1 closed since 4 July; won3 and lost2 before.
    expect(d.tiles.win_rate).toEqual({ won: 2, closed: 3, rate: 66.7, days: 90 });
  });

  it("takes the median days from creation to Won", () => {
    // 10.98, 29.94 and 61 days: the middle one.
    expect(d.tiles.median_days_to_won).toEqual({ days: 29.9, won: 3 });
  });

  it("counts new leads since Monday in London", () => {
    expect(d.tiles.new_this_week).toEqual({ week_start: "2026-09-28", count: 1 });
  });

  it("buckets revenue by London month, won and weighted expected", () => {
    expect(d.revenue.map((m) => m.month)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
    ]);
    const byMonth = Object.fromEntries(d.revenue.map((m) => [m.month, m]));
    expect(byMonth["2026-05"]).toEqual({ month: "2026-05", won: 2500, expected: 0 });
    expect(byMonth["2026-09"]).toEqual({ month: "2026-09", won: 6000, expected: 0 });
    // new1 (due today, 10%) and qual (overdue since September, 40%) are expected now.
    expect(byMonth["2026-10"]).toEqual({ month: "2026-10", won: 4000, expected: 1300 });
    expect(byMonth["2026-11"]).toEqual({ month: "2026-11", won: 0, expected: 8000 });
    expect(byMonth["2026-12"]).toEqual({ month: "2026-12", won: 0, expected: 0 });
    expect(byMonth["2027-01"]).toEqual({ month: "2027-01", won: 0, expected: 3000 });
    expect(d.revenue.reduce((n, m) => n + m.won, 0)).toBe(12500);
  });

  it("says where the work comes from, by source and by campaign", () => {
    expect(d.sources).toEqual([
      { source: null, leads: 6, won: 0, won_value: 0 },
      { source: "Referral", leads: 2, won: 2, won_value: 8500 },
      { source: "Website", leads: 2, won: 1, won_value: 4000 },
    ]);
    expect(d.campaigns).toEqual([
      { campaign: "autumn-seo", leads: 2, won: 1, won_value: 4000 },
      { campaign: "spring-ads", leads: 1, won: 1, won_value: 6000 },
    ]);
  });

  it("counts the funnel by stage with conversion from stage to stage, Lost leads at the stage they got to", () => {
    // Every lead reached New; lost1 got as far as Proposal Sent before it was lost, lost2 no further than New.
    expect(d.funnel).toEqual([
      { status: "New", count: 2, reached: 10, conversion: 70 },
      { status: "Qualified", count: 1, reached: 7, conversion: 85.7 },
      { status: "Proposal Sent", count: 1, reached: 6, conversion: 66.7 },
      { status: "Negotiation", count: 1, reached: 4, conversion: 75 },
      { status: "Won", count: 3, reached: 3, conversion: null },
      { status: "Lost", count: 2, reached: null, conversion: null },
    ]);
    // The pipeline's Conversion Rate, worked out the same way: Won ÷ all leads.
    expect(d.conversion).toEqual({ won: 3, leads: 10, rate: 30 });
  });

  it("lists my open tasks due today or before, and no one else's", () => {
    expect(d.lists.my_tasks.total).toBe(2);
    expect(d.lists.my_tasks.items.map((t) => [t.id, t.overdue])).toEqual([
      ["mine-late", true],
      ["mine-today", false],
    ]);
  });

  it("lists the other user's tasks for them", async () => {
    const theirs = await getDashboard(db(), sales.id, NOW);
    expect(theirs.lists.my_tasks.items.map((t) => t.id)).toEqual(["theirs"]);
  });

  it("lists follow-ups due, overdue invoices, proposals waiting and open feedback", () => {
    expect(d.lists.follow_ups.items.map((l) => l.id)).toEqual(["qual", "new1"]);
    expect(d.lists.overdue_invoices.items.map((i) => i.id)).toEqual(["overdue", "sent-late"]);
    expect(d.lists.overdue_invoices.items[0]).toMatchObject({ number: "INV-overdue", client_name: "Ancoats Bakery", total: 1200 });
    expect(d.lists.waiting_proposals.items.map((p) => [p.id, p.for_name])).toEqual([["waiting", "Lead qual"]]);
    expect(d.lists.open_feedback).toEqual({
      total: 1,
      items: [
        {
          id: "open",
          client_id: "c1",
          client_name: "Ancoats Bakery",
          author_name: "Amy",
          excerpt: "Comment open",
          created_at: "2026-09-29T09:00:00.000Z",
        },
      ],
    });
  });

  it("lists the calls booked from today to six days on, every host's, soonest first, and none cancelled, past or later", async () => {
    const call = (id: string, start: string, londonDate: string, status = "confirmed") =>
      env.DB.prepare(
        `INSERT INTO calls (id, host_id, lead_id, start_at, end_at, london_date, status, method, name, email, company, topic, token_hash)
         VALUES (?, ?, NULL, ?, ?, ?, ?, 'video', ?, ?, NULL, 'A new site', ?)`,
      )
        .bind(id, id.startsWith("sales") ? sales.id : owner.id, start, start, londonDate, status, `Visitor ${id}`, `${id}@example.com`, id)
        .run();
    // London days: Friday 2 October (today) to Thursday 8 October. 23:30 UTC on the 1st is already the 2nd in London.
    await call("owner-today", "2026-10-01T23:30:00.000Z", "2026-10-02");
    await call("sales-thu", "2026-10-08T15:00:00.000Z", "2026-10-08");
    await call("owner-mon", "2026-10-05T09:00:00.000Z", "2026-10-05");
    await call("owner-yesterday", "2026-10-01T09:00:00.000Z", "2026-10-01");
    await call("owner-next-fri", "2026-10-09T09:00:00.000Z", "2026-10-09");
    await call("owner-off", "2026-10-06T09:00:00.000Z", "2026-10-06", "cancelled");
    const { lists } = await getDashboard(db(), sales.id, NOW);
    expect(lists.calls_this_week.total).toBe(3);
    expect(lists.calls_this_week.items.map((c) => [c.id, c.host_name])).toEqual([
      ["owner-today", "Hannah Whitaker"],
      ["owner-mon", "Hannah Whitaker"],
      ["sales-thu", "Marcus Reid"],
    ]);
  });

  it("places a lead's expected revenue at its Sent proposal's valid-until date, before the due date", async () => {
    await env.DB.prepare("UPDATE proposals SET valid_until = '2027-02-10' WHERE id = 'for-prop'").run();
    const later = await getDashboard(db(), owner.id, NOW);
    const byMonth = Object.fromEntries(later.revenue.map((m) => [m.month, m.expected]));
    expect([byMonth["2027-01"], byMonth["2027-02"]]).toEqual([0, 3000]);
  });

  it("weights the forecast with the Owner's weights", async () => {
    await expectJson(
      owner.api.crm.settings["stage-weights"].$put({
        json: { weights: { New: 50, Qualified: 50, "Proposal Sent": 50, Negotiation: 100 }, updated_at: null },
      }),
      200,
    );
    const weighted = await getDashboard(db(), owner.id, NOW);
    // 3,000 × 50% + 3,000 × 50% + 5,000 × 50% + 10,000 × 100%
    expect(weighted.tiles.pipeline.weighted).toBe(15500);
    expect(weighted.revenue.find((m) => m.month === "2026-11")!.expected).toBe(10000);
  });
});

describe("GET /api/crm/dashboard", () => {
  it("needs a session", async () => {
    expect((await visitorApi.crm.dashboard.$get()).status).toBe(401);
  });

  it("answers any member of staff, with their own tasks", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    await insertTask("sales-task", sales.id, today);
    await insertTask("owner-task", owner.id, today);
    await addLead(sales, { name: "Fresh Lead", value: 1000 });
    const d = await dashboardOf(sales);
    expect(d.tiles.new_this_week.count).toBe(1);
    expect(d.tiles.pipeline).toEqual({ value: 1000, weighted: 100, open: 1 });
    expect(d.lists.my_tasks.items.map((t) => t.id)).toEqual(["sales-task"]);
  });

  it("dates a lead's closing when its status changes, whichever way it changes", async () => {
    const { lead } = await addLead(owner, { name: "Closing Lead", value: 800 });
    const closedAt = async () =>
      (await rows<{ closed_at: string | null }>("SELECT closed_at FROM leads WHERE id = ?", lead.id))[0].closed_at;
    expect(await closedAt()).toBeNull();
    const won = await moveLead(lead.id, "Won", lead.updated_at);
    expect(await closedAt()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const d = await dashboardOf(owner);
    expect(d.tiles.won_this_month).toMatchObject({ value: 800, count: 1 });
    await moveLead(lead.id, "Negotiation", won.lead.updated_at);
    expect(await closedAt()).toBeNull();
  });
});

describe("migration 0015", () => {
  it("dated the leads already closed from their timelines, else their last change", async () => {
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0015_"))!.queries.find((q) =>
      q.includes("UPDATE `leads` SET `closed_at`"),
    )!;
    expect(backfill).toBeDefined();
    await insertLead({ id: "edited", status: "Won", created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "accepted", status: "Won", created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "dropped", status: "Won", created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "lost", status: "Lost", created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "untold", status: "Won", created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "open", status: "Qualified", created_at: "2026-01-01T00:00:00.000Z" });
    const entry = (lead: string, type: string, description: string, at: string) =>
      exec(
        "INSERT INTO lead_activities (id, lead_id, activity_type, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        crypto.randomUUID(),
        lead,
        type,
        description,
        at,
        at,
      );
    await entry("edited", "stage_change", "Moved from New to Won by Hannah Whitaker", "2026-02-01T10:00:00.000Z");
    await entry("edited", "stage_change", "Moved from Won to Qualified by Hannah Whitaker", "2026-02-02T10:00:00.000Z");
    await entry("edited", "stage_change", "Moved from Qualified to Won by Hannah Whitaker", "2026-02-03T10:00:00.000Z");
    await entry("edited", "workflow_action", "Project started by Hannah Whitaker", "2026-02-04T10:00:00.000Z");
    await entry("accepted", "stage_change", 'Marked Won by Marcus Reid: proposal "Site" accepted', "2026-03-01T10:00:00.000Z");
    await entry("dropped", "workflow_action", "Won and moved to projects (Discovery) by Marcus Reid", "2026-04-01T10:00:00.000Z");
    await entry("lost", "stage_change", "Moved from Negotiation to Lost by Marcus Reid", "2026-05-01T10:00:00.000Z");
    await exec("UPDATE leads SET closed_at = NULL, updated_at = '2026-06-01T00:00:00.000Z'");
    await env.DB.prepare(backfill).run();
    const closed = Object.fromEntries(
      (await rows<{ id: string; closed_at: string | null }>("SELECT id, closed_at FROM leads")).map((r) => [r.id, r.closed_at]),
    );
    expect(closed).toEqual({
      edited: "2026-02-03T10:00:00.000Z",
      accepted: "2026-03-01T10:00:00.000Z",
      dropped: "2026-04-01T10:00:00.000Z",
      lost: "2026-05-01T10:00:00.000Z",
      untold: "2026-06-01T00:00:00.000Z",
      open: null,
    });
  });
});

describe("how far a lead got", () => {
  const furthest = async (id: string) =>
    (await rows<{ furthest_stage: string }>("SELECT furthest_stage FROM leads WHERE id = ?", id))[0].furthest_stage;

  it("moves on with every status change, never back, and a Lost lead keeps it", async () => {
    const { lead } = await addLead(owner, { name: "Travelling Lead", status: "Qualified" });
    expect(await furthest(lead.id)).toBe("Qualified");
    let seen = lead.updated_at;
    const move = async (status: LeadStatus) => {
      seen = (await moveLead(lead.id, status, seen)).lead.updated_at;
      return furthest(lead.id);
    };
    expect(await move("Negotiation")).toBe("Negotiation");
    expect(await move("New")).toBe("Negotiation");
    expect(await move("Lost")).toBe("Negotiation");
    const d = await getDashboard(db(), owner.id);
    expect(d.funnel.map((s) => [s.status, s.reached])).toEqual([
      ["New", 1],
      ["Qualified", 1],
      ["Proposal Sent", 1],
      ["Negotiation", 1],
      ["Won", 0],
      ["Lost", null],
    ]);
  });

  it("is every stage for a lead won by any path, even one created Won", async () => {
    const { lead } = await addLead(owner, { name: "Born Won", status: "Won" });
    expect(await furthest(lead.id)).toBe("Negotiation");
    const made = await addLead(owner, { name: "Dropped on Won" });
    await expectJson(
      owner.api.crm.leads[":id"].actions.$post({
        param: { id: made.lead.id },
        json: { action: "won_to_project", updated_at: made.lead.updated_at },
      }),
      201,
    );
    expect(await furthest(made.lead.id)).toBe("Negotiation");
  });
});

describe("the migration that adds furthest_stage", () => {
  const hand = (name: string) =>
    env.TEST_MIGRATIONS.find((m) => m.name.includes("_funnel_and_won_value"))!.queries.find((q) => q.includes(name))!;
  const entry = (lead: string, type: string, description: string) =>
    exec(
      "INSERT INTO lead_activities (id, lead_id, activity_type, description, created_at, updated_at) VALUES (?, ?, ?, ?, '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')",
      crypto.randomUUID(),
      lead,
      type,
      description,
    );

  it("took how far each lead got from its timeline", async () => {
    const backfill = hand("UPDATE `leads` SET `furthest_stage`");
    for (const [id, status] of [
      ["lost-late", "Lost"],
      ["lost-early", "Lost"],
      ["lost-after-won", "Lost"],
      ["lost-untold", "Lost"],
      ["back-to-new", "New"],
      ["open", "Proposal Sent"],
      ["won", "Won"],
    ])
      await insertLead({ id, status, created_at: "2026-01-01T00:00:00.000Z" });
    await entry("lost-late", "stage_change", "Moved from Qualified to Negotiation by Hannah Whitaker");
    await entry("lost-late", "stage_change", "Moved from Negotiation to Lost by Hannah Whitaker");
    await entry("lost-early", "stage_change", "Moved from New to Qualified by Marcus Reid");
    await entry("lost-early", "stage_change", "Moved from Qualified to Lost by Marcus Reid");
    await entry("lost-after-won", "workflow_action", "Won and moved to projects (Discovery) by Marcus Reid");
    await entry("lost-after-won", "stage_change", "Moved from Won to Lost by Marcus Reid");
    await entry("back-to-new", "stage_change", "Moved from Proposal Sent to New by Marcus Reid");
    await entry("open", "note_added", "Moved from Negotiation to Lost by nobody: a note, not a move");
    await exec("UPDATE leads SET furthest_stage = 'New'");
    await env.DB.prepare(backfill).run();
    const got = Object.fromEntries(
      (await rows<{ id: string; furthest_stage: string }>("SELECT id, furthest_stage FROM leads")).map((r) => [r.id, r.furthest_stage]),
    );
    expect(got).toEqual({
      "lost-late": "Negotiation",
      "lost-early": "Qualified",
      "lost-after-won": "Negotiation",
      "lost-untold": "New",
      "back-to-new": "Proposal Sent",
      open: "Proposal Sent",
      won: "Negotiation",
    });
  });

  it("made each lead with accepted proposals worth their sum, and left the others' values alone", async () => {
    const backfill = hand("UPDATE `leads` SET `value`");
    await insertLead({ id: "zero", status: "Won", value: null, created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "old-deal", status: "Won", value: 17950, created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "typed", status: "Won", value: 2500, created_at: "2026-01-01T00:00:00.000Z" });
    await insertLead({ id: "untotalled", status: "Won", value: 900, created_at: "2026-01-01T00:00:00.000Z" });
    const proposal = (id: string, lead: string, status: string, value: number | null) =>
      exec("INSERT INTO proposals (id, title, value, status, lead_id) VALUES (?, ?, ?, ?, ?)", id, `Proposal ${id}`, value, status, lead);
    await proposal("a", "zero", "Accepted", 4885);
    await proposal("b", "old-deal", "Accepted", 4800);
    await proposal("c", "old-deal", "Accepted", 0.1);
    await proposal("d", "old-deal", "Rejected", 9000);
    await proposal("e", "typed", "Sent", 3000);
    await proposal("f", "untotalled", "Accepted", null);
    await env.DB.prepare(backfill).run();
    expect(await rows("SELECT id, value FROM leads ORDER BY id")).toEqual([
      { id: "old-deal", value: 4800.1 },
      { id: "typed", value: 2500 },
      { id: "untotalled", value: 900 },
      { id: "zero", value: 4885 },
    ]);
  });
});

describe("the dashboard page", () => {
  it("comes with its first data inline, the API's own answer", async () => {
    await addLead(owner, { name: "Inline Lead", value: 2500 });
    const html = await (await request("GET", "/crm/dashboard", undefined, owner.cookie)).text();
    const block = html.match(/<script type="application\/json" id="crm-boot">([\s\S]*?)<\/script>/);
    const boot = JSON.parse(block![1]) as CrmBoot;
    const inline = boot.queries.find((q) => JSON.stringify(q.key) === JSON.stringify(["dashboard"]));
    expect(inline?.data).toEqual(await expectJson(owner.api.crm.dashboard.$get(), 200));
    expect(dashboard.parse(inline!.data).tiles.pipeline.value).toBe(2500);
  });
});

describe("stage weights", () => {
  const put = (who: Staff, json: StageWeightsInput) => who.api.crm.settings["stage-weights"].$put({ json });
  const read = () => expectJson(sales.api.crm.settings["stage-weights"].$get(), 200);
  const weights = { New: 5, Qualified: 25, "Proposal Sent": 55, Negotiation: 90 };

  it("start from the defaults and are the Owner's to change", async () => {
    expect(await read()).toEqual({ weights: DEFAULT_STAGE_WEIGHTS, updated_at: null });
    const saved = await expectJson(put(owner, { weights, updated_at: null }), 200);
    expect(saved.weights).toEqual(weights);
    expect(await read()).toEqual(saved);
    // A second save from the first copy is refused: someone else saved in between.
    expect((await put(owner, { weights, updated_at: null })).status).toBe(409);
  });

  it("are refused to Sales", async () => {
    const res = await put(sales, { weights, updated_at: null });
    expect(res.status).toBe(403);
    expect((await read()).updated_at).toBeNull();
  });

  it("must be whole numbers from 0 to 100, one per open stage", async () => {
    const bad = await errorOf(put(owner, { weights: { ...weights, New: 120, Negotiation: 2.5 }, updated_at: null }), 422);
    expect(bad.code).toBe("validation_failed");
    expect(bad.fields).toEqual({
      "weights.New": "New's weight must be a whole number from 0 to 100",
      "weights.Negotiation": "Negotiation's weight must be a whole number from 0 to 100",
    });
    const missing = await errorOf(
      put(owner, { weights: unchecked({ New: 10, Qualified: 20, "Proposal Sent": 30 }), updated_at: null }),
      422,
    );
    expect(missing.fields).toEqual({ "weights.Negotiation": "Enter a weight for Negotiation" });
    const extra = await errorOf(put(owner, { weights: unchecked({ ...weights, Won: 100 }), updated_at: null }), 422);
    expect(Object.keys(extra.fields ?? {})).toEqual(["weights"]);
  });
});
