import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env, exports } from "cloudflare:workers";
import { countRows, errorOf, expectJson, rows, signInAs, unchecked, type Api, type Staff } from "../support/helpers";
import { seedCrm, snapshot } from "../support/crm-data";
import type { LeadInput } from "../../../contract/lead";
import { boardColumns } from "../../../contract/lead-statuses";
import { createDb } from "../../../worker/platform/db";
import { boardColumnQuery, leadSearchQuery } from "../../../worker/modules/leads";

let staff: Staff;
let userId = "";
const count = countRows;
type LeadQuery = Parameters<Api["crm"]["leads"]["$get"]>[0]["query"];
const addLead = async (body: LeadInput) => (await expectJson(staff.api.crm.leads.$post({ json: body }), 201)).lead;

beforeEach(async () => {
  staff = await signInAs("Sales");
  userId = staff.id;
});
afterEach(() => vi.restoreAllMocks());

describe("leads", () => {
  it("creates a lead as New, stamped with the signed-in user, blanks saved as null", async () => {
    const lead = await addLead({ name: "  Ada Lovelace  ", company: "", email: "ADA@Engines.co.uk", phone: " ", value: 1200.456 });
    expect(lead).toMatchObject({
      name: "Ada Lovelace",
      company: null,
      email: "ada@engines.co.uk",
      phone: null,
      status: "New",
      value: 1200.46,
      added_by: userId,
    });
  });

  it("requires a name", async () => {
    const body = await errorOf(await staff.api.crm.leads.$post({ json: { name: "   " } }), 422);
    expect(body.fields?.name).toBe("Name is required");
    expect(await count("leads")).toBe(0);
  });

  it("rejects unknown fields and statuses outside the spec's list", async () => {
    expect((await staff.api.crm.leads.$post({ json: { name: "A", status: unchecked("Maybe") } })).status).toBe(422);
    expect((await staff.api.crm.leads.$post({ json: unchecked({ name: "A", is_admin: true }) })).status).toBe(422);
  });

  it("filters on the server by text (name, company, email) and status, newest first", async () => {
    await addLead({ name: "Alpha Cafe", status: "New" });
    await addLead({ name: "Beta", company: "Northern Alpha Ltd", status: "Qualified" });
    await addLead({ name: "Gamma", email: "hello@alpha.example", status: "Qualified" });
    await addLead({ name: "Delta", status: "Qualified" });
    const all = await expectJson(await staff.api.crm.leads.$get({ query: { q: "ALPHA" } }), 200);
    expect(all.leads.map((l) => l.name)).toEqual(["Gamma", "Beta", "Alpha Cafe"]);
    expect(all.total).toBe(3);
    const qualified = await expectJson(await staff.api.crm.leads.$get({ query: { q: "alpha", status: "Qualified" } }), 200);
    expect(qualified.leads.map((l) => l.name)).toEqual(["Gamma", "Beta"]);
    const wildcard = await expectJson(await staff.api.crm.leads.$get({ query: { q: "%" } }), 200);
    expect(wildcard.leads).toHaveLength(0);
    expect((await staff.api.crm.leads.$get({ query: { status: unchecked("Nope") } })).status).toBe(422);
  });

  it("cuts long notes in the list and on the board, and says so; the lead's own GET answers them whole", async () => {
    const notes = "A long brief. ".repeat(700);
    const lead = await addLead({ name: "Long Notes Ltd", notes: notes.slice(0, 9000) });
    await addLead({ name: "Short Notes Ltd", notes: "Brief." });
    const { leads } = await expectJson(staff.api.crm.leads.$get({ query: {} }), 200);
    const listed = leads.find((l) => l.id === lead.id)!;
    expect(listed.notes!.length).toBe(300);
    expect(listed.notes!.endsWith("…")).toBe(true);
    expect(listed.notes_truncated).toBe(true);
    expect(leads.find((l) => l.name === "Short Notes Ltd")).toMatchObject({ notes: "Brief.", notes_truncated: false });
    const board = await expectJson(staff.api.crm.leads.board.$get({ query: {} }), 200);
    const onBoard = board.columns.flatMap((c) => c.leads).find((l) => l.id === lead.id)!;
    expect(onBoard).toMatchObject({ notes_truncated: true });
    expect(onBoard.notes!.length).toBe(300);
    const whole = (await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: lead.id } }), 200)).lead;
    expect(whole.notes).toBe(notes.slice(0, 9000).trim());
  });

  it("filters to follow-ups due (today or past, open leads only) and sorts by follow-up date, undated last", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const shift = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await addLead({ name: "Overdue", follow_up_date: shift(-3), status: "Qualified" });
    await addLead({ name: "Due today", follow_up_date: today });
    await addLead({ name: "Next week", follow_up_date: shift(7) });
    await addLead({ name: "No date" });
    // Won and Lost leads have nobody left to follow up, whatever their date says.
    await addLead({ name: "Won long ago", follow_up_date: shift(-30), status: "Won" });
    await addLead({ name: "Lost", follow_up_date: shift(-1), status: "Lost" });
    const names = async (query: LeadQuery) => (await expectJson(staff.api.crm.leads.$get({ query }), 200)).leads.map((l) => l.name);

    expect(await names({ follow_up: "due", sort: "follow_up" })).toEqual(["Overdue", "Due today"]);
    expect((await expectJson(await staff.api.crm.leads.$get({ query: { follow_up: "due" } }), 200)).total).toBe(2);
    expect(await names({ sort: "follow_up" })).toEqual(["Won long ago", "Overdue", "Lost", "Due today", "Next week", "No date"]);
    expect(await names({ sort: "-follow_up" })).toEqual(["Next week", "Due today", "Lost", "Overdue", "Won long ago", "No date"]);
    expect(await names({ follow_up: "due", status: "Qualified" })).toEqual(["Overdue"]);
    expect((await staff.api.crm.leads.$get({ query: { follow_up: unchecked("soon") } })).status).toBe(422);
    expect((await staff.api.crm.leads.$get({ query: { sort: unchecked("name") } })).status).toBe(422);
  });

  it("pages the list with limit and offset and reports the total", async () => {
    for (let i = 0; i < 5; i++) await addLead({ name: `Lead ${i}` });
    const page = await expectJson(await staff.api.crm.leads.$get({ query: { limit: "2", offset: "2" } }), 200);
    expect(page.total).toBe(5);
    expect(page.leads.map((l) => l.name)).toEqual(["Lead 2", "Lead 1"]);
  });

  it("updates with the current copy, records who moved it and a stage_change entry", async () => {
    const lead = await addLead({ name: "Orbit Yoga" });
    const { lead: moved } = await expectJson(
      await staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Qualified", updated_at: lead.updated_at } }),
      200,
    );
    expect(moved.status).toBe("Qualified");
    expect(moved.stage_changed_by).toBe(userId);
    expect(moved.updated_at > lead.updated_at).toBe(true);
    const { activities } = await expectJson(await staff.api.crm.leads[":id"].activities.$get({ param: { id: lead.id } }), 200);
    expect(activities[0]).toMatchObject({ activity_type: "stage_change" });
    expect(activities[0].description).toContain("Moved from New to Qualified");
  });

  it("refuses an edit made from a stale copy with 409 and changes nothing", async () => {
    const lead = await addLead({ name: "Orbit Yoga" });
    await expectJson(
      await staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { name: "Orbit Yoga Studio", updated_at: lead.updated_at } }),
      200,
    );
    const stale = await errorOf(
      await staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Lost", updated_at: lead.updated_at } }),
      409,
    );
    expect(stale.code).toBe("conflict");
    const { lead: now } = await expectJson(await staff.api.crm.leads[":id"].$get({ param: { id: lead.id } }), 200);
    expect(now).toMatchObject({ name: "Orbit Yoga Studio", status: "New" });
    expect(await count("lead_activities")).toBe(0);
  });

  it("lets exactly one of 50 parallel edits from the same copy win, and keeps the winner's value whole", async () => {
    const lead = await addLead({ name: "Race Ltd", company: "Race & Sons", value: 1200, notes: "Met at the expo" });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        staff.api.crm.leads[":id"].$patch({
          param: { id: lead.id },
          json: { next_action: `call ${i}`, status: "Qualified", updated_at: lead.updated_at },
        }),
      ),
    );
    const statuses: number[] = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = answers.findIndex((r) => r.status === 200);
    const { lead: saved } = await expectJson(answers[winner], 200);
    const { lead: now } = await expectJson(await staff.api.crm.leads[":id"].$get({ param: { id: lead.id } }), 200);
    // The row holds exactly the winner's edit, and every field nobody edited is intact.
    expect(now).toEqual(saved);
    expect(now).toMatchObject({
      name: "Race Ltd",
      company: "Race & Sons",
      value: 1200,
      notes: "Met at the expo",
      status: "Qualified",
      next_action: `call ${winner}`,
    });
    // One stage change, recorded once: the 49 refused edits left no trace.
    expect(await count("lead_activities")).toBe(1);
  });

  it("refuses a second edit from the same copy made in the same millisecond, and records one stage change", async () => {
    // Workers' clock stands still between I/O, so two requests often read the same Date.now():
    // both edits compute the same new version, and the loser must still leave no trace.
    const lead = await addLead({ name: "Same Tick" });
    vi.spyOn(Date, "now").mockReturnValue(Date.parse(lead.updated_at) + 5_000);
    await expectJson(
      staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Qualified", updated_at: lead.updated_at } }),
      200,
    );
    await errorOf(
      staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Proposal Sent", updated_at: lead.updated_at } }),
      409,
    );
    const { lead: now } = await expectJson(await staff.api.crm.leads[":id"].$get({ param: { id: lead.id } }), 200);
    expect(now.status).toBe("Qualified");
    expect(await count("lead_activities")).toBe(1);
  });

  it("answers 404 for an unknown lead on read, edit, delete and timeline", async () => {
    expect((await staff.api.crm.leads[":id"].$get({ param: { id: "nope" } })).status).toBe(404);
    expect(
      (await staff.api.crm.leads[":id"].$patch({ param: { id: "nope" }, json: { name: "x", updated_at: "2026-01-01T00:00:00.000Z" } }))
        .status,
    ).toBe(404);
    expect((await staff.api.crm.leads[":id"].$delete({ param: { id: "nope" } })).status).toBe(404);
    expect((await staff.api.crm.leads[":id"].activities.$get({ param: { id: "nope" } })).status).toBe(404);
    expect((await staff.api.crm.leads[":id"].activities.$post({ param: { id: "nope" }, json: { description: "hi" } })).status).toBe(404);
  });

  it("deletes a lead with its timeline", async () => {
    const lead = await addLead({ name: "Gone Soon" });
    await expectJson(
      await staff.api.crm.leads[":id"].activities.$post({ param: { id: lead.id }, json: { description: "Called, no answer" } }),
      201,
    );
    await expectJson(await staff.api.crm.leads[":id"].$delete({ param: { id: lead.id } }), 200);
    expect(await count("leads")).toBe(0);
    expect(await count("lead_activities")).toBe(0);
  });

  it("adds timeline notes newest first and refuses a blank one", async () => {
    const lead = await addLead({ name: "Timeline Co" });
    await expectJson(await staff.api.crm.leads[":id"].activities.$post({ param: { id: lead.id }, json: { description: "First" } }), 201);
    await expectJson(await staff.api.crm.leads[":id"].activities.$post({ param: { id: lead.id }, json: { description: "Second" } }), 201);
    const blank = await errorOf(
      await staff.api.crm.leads[":id"].activities.$post({ param: { id: lead.id }, json: { description: "  " } }),
      422,
    );
    expect(blank.fields?.description).toBe("Note cannot be empty");
    const { activities } = await expectJson(await staff.api.crm.leads[":id"].activities.$get({ param: { id: lead.id } }), 200);
    expect(activities.map((a) => a.description)).toEqual(["Second", "First"]);
    expect(activities[0].created_by).toBe(userId);
  });

  it("lists the feed's entries logged for the lead on its timeline, one record in both places", async () => {
    const lead = await addLead({ name: "Logged Co" });
    const other = await addLead({ name: "Other Co" });
    const { activity } = await expectJson(
      await staff.api.crm.activities.$post({
        json: {
          type: "Call",
          summary: "Rang about the rebuild",
          related_type: "lead",
          related_id: lead.id,
        },
      }),
      201,
    );
    await expectJson(
      await staff.api.crm.activities.$post({
        json: {
          type: "Meeting",
          summary: "Met someone else",
          related_type: "lead",
          related_id: other.id,
        },
      }),
      201,
    );
    await expectJson(await staff.api.crm.activities.$post({ json: { type: "Note", summary: "Not about a lead" } }), 201);
    const timeline = await expectJson(await staff.api.crm.leads[":id"].activities.$get({ param: { id: lead.id } }), 200);
    expect(timeline.logged).toEqual([
      expect.objectContaining({ id: activity.id, type: "Call", summary: "Rang about the rebuild", who_username: userId }),
    ]);
    // The same entry is the feed's: nothing was copied.
    const feed = await expectJson(await staff.api.crm.activities.$get({ query: {} }), 200);
    expect(feed.activities.filter((a) => a.id === activity.id)).toHaveLength(1);
    expect(await count("activities")).toBe(3);
  });
});

describe("pipeline board", () => {
  it("counts and sums every status on the server and computes the conversion rate to one decimal", async () => {
    await addLead({ name: "N1", status: "New", value: 100 });
    await addLead({ name: "N2", status: "New" });
    await addLead({ name: "Q1", status: "Qualified", value: 250.5 });
    await addLead({ name: "W1", status: "Won", value: 1000 });
    await addLead({ name: "W2", status: "Won", value: 500 });
    await addLead({ name: "L1", status: "Lost", value: 900 });
    const board = await expectJson(await staff.api.crm.leads.board.$get({ query: { per_column: "1" } }), 200);
    const col = Object.fromEntries(board.columns.map((c) => [c.status, c]));
    expect(board.columns.map((c) => c.status)).toEqual(["New", "Qualified", "Proposal Sent", "Negotiation", "Won", "Lost"]);
    expect(col.New).toMatchObject({ count: 2, value: 100 });
    expect(col.New.leads).toHaveLength(1);
    expect(col.Won).toMatchObject({ count: 2, value: 1500 });
    expect(col["Proposal Sent"]).toMatchObject({ count: 0, value: 0, leads: [] });
    expect(board.overview).toEqual({ total_leads: 6, won_leads: 2, pipeline_value: 350.5, conversion_rate: 33.3 });
  });

  it("reads each column's newest cards in order from an index, without sorting every lead of its status", async () => {
    // Every /crm load and every live refresh reads six columns: a sort of all 10,000 leads' rows
    // per column was 3–10 ms each; walking the index is well under one.
    const db = createDb(env.DB);
    for (const { status } of boardColumns) {
      const { sql, params } = boardColumnQuery(db, status, 50).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const steps = plan.results.map((r) => r.detail);
      expect(steps.join("\n")).toContain("USING INDEX leads_status_created_idx (status=?)");
      expect(steps.filter((d) => d.includes("TEMP B-TREE"))).toEqual([]);
    }
  });
});

describe("global search", () => {
  it("finds at most three of each kind, case-insensitively, across leads, clients, projects and proposals", async () => {
    for (let i = 0; i < 5; i++) await addLead({ name: `Mill Lead ${i}` });
    await expectJson(await staff.api.crm.clients.$post({ json: { name: "The Old MILL Bakery" } }), 201);
    await expectJson(await staff.api.crm.projects.$post({ json: { title: "Shop build", type: "E-commerce" } }), 201);
    const { client } = await expectJson(await staff.api.crm.clients.$post({ json: { name: "Refit Ltd" } }), 201);
    await expectJson(await staff.api.crm.proposals.$post({ json: { title: "Mill refit proposal", client_id: client.id } }), 201);
    const hits = await expectJson(await staff.api.crm.search.$get({ query: { q: "mill" } }), 200);
    expect(hits.leads.map((l) => l.name)).toEqual(["Mill Lead 4", "Mill Lead 3", "Mill Lead 2"]);
    expect(hits.clients.map((c) => c.name)).toEqual(["The Old MILL Bakery"]);
    expect(hits.projects).toEqual([]);
    expect(hits.proposals.map((p) => p.title)).toEqual(["Mill refit proposal"]);
    const byType = await expectJson(await staff.api.crm.search.$get({ query: { q: "e-comm" } }), 200);
    expect(byType.projects.map((p) => p.title)).toEqual(["Shop build"]);
    expect((await staff.api.crm.search.$get({ query: { q: "" } })).status).toBe(422);
  });

  it("matches a lead's name, company or e-mail, never a term that runs from one into the next", async () => {
    await addLead({ name: "Olivia Hart", company: "Acme Joinery", email: "olivia@hartco.co.uk" });
    const names = async (q: string) => (await expectJson(await staff.api.crm.search.$get({ query: { q } }), 200)).leads.map((l) => l.name);
    for (const q of ["LIVIA H", "me join", "@HARTCO.co", "a hart"]) expect(await names(q), q).toEqual(["Olivia Hart"]);
    for (const q of ["Hart Acme", "hartacme", "joinery olivia", "%", "_"]) expect(await names(q), q).toEqual([]);
    // What cannot be seen is not searched for: a term of invisible characters only is no term.
    expect((await staff.api.crm.search.$get({ query: { q: "\u200b\u0001" } })).status).toBe(422);
  });

  it("reads leads newest first from one index, testing the index alone, whatever the term", async () => {
    // A term no lead holds used to read all 10,000 leads' rows (30–40 ms of SQLite); the index holds
    // what the term is tested against, so only the hits' rows are fetched.
    const { sql, params } = leadSearchQuery(createDb(env.DB), "no such lead").toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const steps = plan.results.map((r) => r.detail);
    expect(steps.join("\n")).toContain("SCAN leads USING INDEX leads_created_search_idx");
    expect(steps.filter((d) => d.includes("TEMP B-TREE"))).toEqual([]);
  });
});

describe("the Email source (migration 0021)", () => {
  it("is a lead source the API accepts and lists", async () => {
    const lead = await addLead({ name: "Mail Person", email: "mail.person@example.co.uk", source: "Email" });
    expect(lead.source).toBe("Email");
    const listed = await expectJson(staff.api.crm.leads.$get({ query: { q: "mail.person" } }), 200);
    expect(listed.leads.map((l) => l.source)).toEqual(["Email"]);
  });

  it("rebuilds the leads table without losing a timeline, a project's, proposal's or enquiry's link, or a trigger", async () => {
    await seedCrm(staff);
    // 0021 predates calls booked on the site, so replayed today it cannot keep their links (0039 does, below).
    await env.DB.prepare("DELETE FROM calls").run();
    const enquiry = await exports.default.fetch("http://localhost/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.21" },
      body: JSON.stringify({
        name: "Form Person",
        email: "form.person@example.co.uk",
        subject: "A new website please",
        message: "We need a site with our menu on it.",
      }),
    });
    expect(enquiry.status).toBe(201);
    const enquiries = () => rows<{ id: string; lead_id: string | null }>("SELECT id, lead_id FROM form_submissions ORDER BY id");
    const before = await snapshot();
    const enquiriesBefore = await enquiries();
    // Links the drop would cut, so a rebuild that forgot them would fail here.
    expect(before.lead_activities.length).toBeGreaterThan(0);
    expect(before.projects.some((r) => r.lead_id !== null)).toBe(true);
    expect(before.proposals.some((r) => r.lead_id !== null)).toBe(true);
    expect(enquiriesBefore.some((r) => r.lead_id !== null)).toBe(true);

    // D1 applies a migration as one transaction with foreign keys on: so does a batch.
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0021_"))!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));

    // Replayed today it drops the columns added after it; the migrations that added them put them back.
    const after = env.TEST_MIGRATIONS.filter((m) => m.name.includes("_funnel_and_won_value") || m.name.includes("_leads_search_text"));
    for (const m of after) await env.DB.batch(m.queries.map((q) => env.DB.prepare(q)));
    expect(await snapshot()).toEqual(before);
    expect(await enquiries()).toEqual(enquiriesBefore);
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
    // The closed_at triggers came back with the table.
    const lead = await addLead({ name: "Closing Soon" });
    await expectJson(
      staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Won", updated_at: lead.updated_at } }),
      200,
    );
    expect((await rows<{ closed_at: string | null }>("SELECT closed_at FROM leads WHERE id = ?", lead.id))[0].closed_at).not.toBeNull();
  });
});

describe("the Call booking source (migration 0039)", () => {
  it("is a lead source the API accepts", async () => {
    const lead = await addLead({ name: "Booked Person", email: "booked.person@example.co.uk", source: "Call booking" });
    expect(lead.source).toBe("Call booking");
  });

  it("rebuilds the leads table without losing a timeline, a link (a call's included), the search column or a trigger", async () => {
    await seedCrm(staff);
    const [lead] = await rows<{ id: string }>("SELECT id FROM leads WHERE email IS NOT NULL LIMIT 1");
    const host = await signInAs("Owner");
    await env.DB.prepare(
      `INSERT INTO calls (id, host_id, lead_id, start_at, end_at, london_date, name, email, topic, token_hash)
       VALUES ('call-1', ?, ?, '2030-01-07T10:00:00.000Z', '2030-01-07T10:30:00.000Z', '2030-01-07', 'Jo', 'jo@example.com', 'A site', 'hash-1')`,
    )
      .bind(host.id, lead.id)
      .run();
    const links = () =>
      rows<{ id: string; lead_id: string | null }>(
        "SELECT id, lead_id FROM calls UNION ALL SELECT id, lead_id FROM form_submissions ORDER BY id",
      );
    const before = await snapshot();
    const linksBefore = await links();
    expect(before.lead_activities.length).toBeGreaterThan(0);
    expect(linksBefore).toContainEqual({ id: "call-1", lead_id: lead.id });

    // D1 applies a migration as one transaction with foreign keys on: so does a batch.
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0039_"))!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));

    expect(await snapshot()).toEqual(before);
    expect(await links()).toEqual(linksBefore);
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
    // Search reads the generated column through its index; the triggers came back with the table.
    const found = await expectJson(staff.api.crm.leads.$get({ query: { q: "booked" } }), 200);
    expect(found.leads).toEqual([]);
    const closing = await addLead({ name: "Closing After Rebuild", source: "Call booking" });
    expect((await expectJson(staff.api.crm.leads.$get({ query: { q: "closing after" } }), 200)).leads.map((l) => l.id)).toEqual([
      closing.id,
    ]);
    await expectJson(
      staff.api.crm.leads[":id"].$patch({ param: { id: closing.id }, json: { status: "Won", updated_at: closing.updated_at } }),
      200,
    );
    const [after] = await rows<{ closed_at: string | null; furthest_stage: string }>(
      "SELECT closed_at, furthest_stage FROM leads WHERE id = ?",
      closing.id,
    );
    expect(after.closed_at).not.toBeNull();
    expect(after.furthest_stage).toBe("Negotiation");
  });
});
