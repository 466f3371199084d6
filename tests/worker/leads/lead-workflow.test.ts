import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countRows, errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";
import type { Lead, LeadInput, WorkflowAction, WorkflowActionInput } from "../../../contract/lead";

let staff: Staff;
const act = (lead: Lead, body: WorkflowActionInput) => staff.api.crm.leads[":id"].actions.$post({ param: { id: lead.id }, json: body });
const workflowEntries = (lead: Lead) =>
  rows<{ description: string }>("SELECT description FROM lead_activities WHERE lead_id = ? AND activity_type = 'workflow_action'", lead.id);
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

async function addLead(body: Partial<LeadInput> = {}) {
  const res = staff.api.crm.leads.$post({
    json: {
      name: "Jo Carter",
      company: "Carter & Co",
      email: "jo@carter.co.uk",
      phone: "0161 555 0199",
      value: 4200,
      notes: "Wants a booking site",
      ...body,
    },
  });
  return (await expectJson(res, 201)).lead;
}

beforeEach(async () => {
  staff = await signInAs("Sales", "Marcus Reid");
});
afterEach(() => vi.restoreAllMocks());

describe("workflow actions", () => {
  it("creates the follow-up task: High priority, assigned to the signed-in user, linked to the lead", async () => {
    const lead = await addLead({ follow_up_date: "2026-12-01" });
    await expectJson(act(lead, { action: "follow_up_task" }), 201);
    const [task] = await rows("SELECT * FROM tasks");
    expect(task).toMatchObject({
      title: "Follow up on lead: Jo Carter",
      priority: "High",
      assignee_username: staff.id,
      related_type: "lead",
      related_id: lead.id,
      due_date: "2026-12-01",
      completed: 0,
    });
    expect(await workflowEntries(lead)).toHaveLength(1);
  });

  it("creates a Draft proposal for the lead", async () => {
    const lead = await addLead();
    await expectJson(act(lead, { action: "proposal" }), 201);
    const [proposal] = await rows("SELECT * FROM proposals");
    expect(proposal).toMatchObject({ title: "Proposal for Jo Carter", status: "Draft", lead_id: lead.id, value: 4200 });
    expect(await workflowEntries(lead)).toHaveLength(1);
  });

  it("converts to a client named after the company, marks the lead Won and links it", async () => {
    const lead = await addLead();
    const result = await expectJson(act(lead, { action: "convert_to_client" }), 201);
    const [client] = await rows("SELECT * FROM clients");
    expect(client).toMatchObject({ name: "Carter & Co", emails: '["jo@carter.co.uk"]', phones: '["0161 555 0199"]', active: 1 });
    expect(result.lead).toMatchObject({ status: "Won", converted_to_client_id: client.id, stage_changed_by: staff.id });
    expect(await workflowEntries(lead)).toHaveLength(1);
    // A second conversion is skipped: it answers, says why, and creates or logs nothing.
    const again = await expectJson(act(result.lead, { action: "convert_to_client" }), 201);
    expect(again).toMatchObject({ created: [], skipped: "This lead is already a client, so it was not converted again" });
    expect(await countRows("clients")).toBe(1);
    expect(await workflowEntries(lead)).toHaveLength(1);
  });

  it("names the client after the person when there is no company", async () => {
    const lead = await addLead({ company: "" });
    await expectJson(act(lead, { action: "convert_to_client" }), 201);
    expect((await rows<{ name: string }>("SELECT name FROM clients"))[0].name).toBe("Jo Carter");
  });

  it("starts a project for a Won lead, creating and linking a client when the lead has none", async () => {
    const lead = await addLead({ status: "Won" });
    const result = await expectJson(act(lead, { action: "start_project", project_type: "Branding" }), 201);
    const [client] = await rows("SELECT * FROM clients");
    const [project] = await rows("SELECT * FROM projects");
    expect(project).toMatchObject({
      title: "Project for Jo Carter",
      type: "Branding",
      stage: "Discovery",
      status: "On Track",
      client_id: client.id,
      lead_id: lead.id,
      budget: 4200,
      start_date: today,
    });
    expect(project.notes).toContain("Deal value: £4,200.00");
    expect(project.notes).toContain("Wants a booking site");
    expect(result.lead.converted_to_client_id).toBe(client.id);
  });

  it("starts a project for an already converted lead without another client; type defaults to Web Design", async () => {
    const lead = await addLead();
    await expectJson(act(lead, { action: "convert_to_client" }), 201);
    await expectJson(act(lead, { action: "start_project" }), 201);
    expect(await countRows("clients")).toBe(1);
    expect((await rows<{ type: string }>("SELECT type FROM projects"))[0].type).toBe("Web Design");
  });

  it.each(["New", "Qualified", "Proposal Sent", "Negotiation", "Lost"] as const)(
    "refuses Start Project for a %s lead with a clear 409, creating nothing",
    async (status) => {
      const lead = await addLead({ status });
      const error = await errorOf(act(lead, { action: "start_project" }), 409);
      expect(error).toMatchObject({
        code: "conflict",
        message: `Start Project is for Won leads only; Jo Carter is ${status}. Mark the lead Won first.`,
      });
      for (const t of ["clients", "projects"]) expect(await countRows(t), t).toBe(0);
      expect(await workflowEntries(lead)).toHaveLength(0);
    },
  );

  it("accepting a proposal of a lead converted earlier: the pre-ticked conversion is skipped and the project is created", async () => {
    const lead = await addLead({ status: "Negotiation" });
    const converted = await expectJson(act(lead, { action: "convert_to_client" }), 201);
    const clientId = converted.lead.converted_to_client_id;
    const { proposal } = await expectJson(
      staff.api.crm.proposals.$post({ json: { title: "Booking site", status: "Sent", value: 4200, lead_id: lead.id } }),
      201,
    );
    await expectJson(
      staff.api.crm.proposals[":id"].accept.$post({ param: { id: proposal.id }, json: { updated_at: proposal.updated_at } }),
      200,
    );
    // The follow-up dialog's two pre-ticked actions, in its order.
    await expectJson(act(lead, { action: "convert_to_client" }), 201);
    await expectJson(act(lead, { action: "start_project" }), 201);
    expect(await countRows("clients")).toBe(1);
    const projects = await rows<{ client_id: string; lead_id: string }>("SELECT client_id, lead_id FROM projects");
    expect(projects).toEqual([{ client_id: clientId, lead_id: lead.id }]);
  });

  describe("one project per won deal", () => {
    const projectsOf = (lead: Lead) =>
      rows<{ id: string; client_id: string | null; budget: number }>(
        "SELECT id, client_id, budget FROM projects WHERE lead_id = ?",
        lead.id,
      );
    const overview = async () => (await expectJson(staff.api.crm.projects.$get({ query: {} }), 200)).overview;

    it("a lead dropped on Won, then given Start Project, keeps its one project; the total counts it once", async () => {
      const lead = await addLead({ status: "Negotiation", value: 4900 });
      const won = await expectJson(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 201);
      const [project] = won.created;
      const again = await expectJson(act(won.lead, { action: "start_project" }), 201);
      expect(again).toMatchObject({
        created: [],
        skipped: "This lead already has a project, Carter & Co Project, so another was not started",
        existing: { entity: "projects", id: project.id },
      });
      expect(await projectsOf(lead)).toHaveLength(1);
      // Nothing was created, so no client either, and the timeline says nothing happened.
      expect(await countRows("clients")).toBe(0);
      expect(await workflowEntries(lead)).toHaveLength(1);
      expect(await overview()).toMatchObject({ total: 1, value: 4900 });
    });

    it("Start another project, asked for on purpose, adds a second one", async () => {
      const lead = await addLead({ status: "Won" });
      await expectJson(act(lead, { action: "start_project" }), 201);
      const second = await expectJson(act(lead, { action: "start_project", another: true }), 201);
      expect(second.created.map((c) => c.entity)).toEqual(["projects"]);
      const both = await projectsOf(lead);
      expect(both).toHaveLength(2);
      // The first Start Project made the client; the second reuses it.
      expect(new Set(both.map((p) => p.client_id)).size).toBe(1);
      expect(await countRows("clients")).toBe(1);
    });

    it("converting a lead gives its project the new client in the same write", async () => {
      const lead = await addLead({ status: "Negotiation" });
      const won = await expectJson(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 201);
      expect((await projectsOf(lead))[0].client_id).toBeNull();
      const converted = await expectJson(act(won.lead, { action: "convert_to_client" }), 201);
      expect(await projectsOf(lead)).toEqual([expect.objectContaining({ client_id: converted.lead.converted_to_client_id })]);
      const [project] = await expectJson(staff.api.crm.projects.$get({ query: {} }), 200).then((r) =>
        r.projects.filter((p) => p.lead_id === lead.id),
      );
      expect(project.client_name).toBe("Carter & Co");
    });

    it("a conversion refused as stale links nothing: no client, and the project keeps none", async () => {
      const lead = await addLead({ status: "Negotiation" });
      const won = await expectJson(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 201);
      // Someone else saved the lead after this copy was read.
      await expectJson(
        staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { notes: "Changed", updated_at: won.lead.updated_at } }),
        200,
      );
      await errorOf(act(lead, { action: "convert_to_client", updated_at: won.lead.updated_at }), 409);
      expect(await countRows("clients")).toBe(0);
      expect((await projectsOf(lead))[0].client_id).toBeNull();
    });

    it("migration 0007 links the No client projects of leads converted before this version", async () => {
      // As an earlier version left them: a drop on Won, then a conversion that did not touch the project.
      const converted = await addLead({ status: "Negotiation" });
      const won = await expectJson(act(converted, { action: "won_to_project", updated_at: converted.updated_at }), 201);
      const result = await expectJson(act(won.lead, { action: "convert_to_client" }), 201);
      const old = "2026-01-01T00:00:00.000Z";
      await env.DB.prepare("UPDATE projects SET client_id = NULL, updated_at = ? WHERE lead_id = ?").bind(old, converted.id).run();
      // A won lead not yet converted keeps its project without a client.
      const notConverted = await addLead({ name: "Sam Lowe", status: "Negotiation" });
      await expectJson(act(notConverted, { action: "won_to_project", updated_at: notConverted.updated_at }), 201);

      const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0007_"))!;
      for (const query of migration.queries) await env.DB.prepare(query).run();

      const [linked] = await rows<{ client_id: string; updated_at: string }>(
        "SELECT client_id, updated_at FROM projects WHERE lead_id = ?",
        converted.id,
      );
      expect(linked.client_id).toBe(result.lead.converted_to_client_id);
      expect(linked.updated_at).not.toBe(old);
      expect((await projectsOf(notConverted))[0].client_id).toBeNull();
    });

    it("dropped on Won a second time, the deal keeps its one project", async () => {
      const lead = await addLead({ status: "Negotiation" });
      const first = await expectJson(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 201);
      const back = await expectJson(
        staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Negotiation", updated_at: first.lead.updated_at } }),
        200,
      );
      const again = await expectJson(act(back.lead, { action: "won_to_project", updated_at: back.lead.updated_at }), 201);
      expect(again.lead.status).toBe("Won");
      expect(again.created).toEqual([]);
      expect(await projectsOf(lead)).toHaveLength(1);
    });
  });

  it("leaves the shared team account's follow-up task unassigned: it is a gate, not a person", async () => {
    await env.DB.prepare("UPDATE users SET is_team = 1 WHERE id = ?").bind(staff.id).run();
    const lead = await addLead();
    await expectJson(act(lead, { action: "follow_up_task" }), 201);
    expect(await rows("SELECT assignee_username FROM tasks")).toEqual([{ assignee_username: null }]);
  });

  it("drops a lead on Won: the project as the spec says, and the lead saved as Won", async () => {
    const lead = await addLead({ status: "Negotiation" });
    const result = await expectJson(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 201);
    const [project] = await rows("SELECT * FROM projects");
    expect(project).toMatchObject({
      title: "Carter & Co Project",
      type: "Web Design",
      stage: "Discovery",
      status: "On Track",
      budget: 4200,
      notes: "Wants a booking site",
      lead_id: lead.id,
      start_date: today,
    });
    expect(result.lead).toMatchObject({ status: "Won", stage_changed_by: staff.id });
  });

  it("uses a zero budget when a Won lead has no value", async () => {
    const lead = await addLead({ value: null });
    await expectJson(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 201);
    expect((await rows<{ budget: number }>("SELECT budget FROM projects"))[0].budget).toBe(0);
  });

  it("leaves no partial rows when a step fails: a stale drop on Won creates no project", async () => {
    const lead = await addLead({ status: "Negotiation" });
    await expectJson(
      staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { notes: "changed elsewhere", updated_at: lead.updated_at } }),
      200,
    );
    await errorOf(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 409);
    expect(await countRows("projects")).toBe(0);
    expect(await workflowEntries(lead)).toHaveLength(0);
    expect((await rows<{ status: string }>("SELECT status FROM leads"))[0].status).toBe("Negotiation");
  });

  it("refuses a stale drop on Won made in the same millisecond as the edit that beat it, creating nothing", async () => {
    // Both writes compute the same new version when the clock stands still (as it does between I/O).
    const lead = await addLead({ status: "Negotiation" });
    vi.spyOn(Date, "now").mockReturnValue(Date.parse(lead.updated_at) + 5_000);
    await expectJson(
      staff.api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { notes: "changed elsewhere", updated_at: lead.updated_at } }),
      200,
    );
    await errorOf(act(lead, { action: "won_to_project", updated_at: lead.updated_at }), 409);
    expect(await countRows("projects")).toBe(0);
    expect(await workflowEntries(lead)).toHaveLength(0);
    expect((await rows<{ status: string; notes: string }>("SELECT status, notes FROM leads"))[0]).toEqual({
      status: "Negotiation",
      notes: "changed elsewhere",
    });
  });

  it("leaves no partial rows when the database refuses a step midway", async () => {
    const lead = await addLead();
    // Make the timeline insert fail after the client insert in the same batch.
    await env.DB.prepare("CREATE TRIGGER fail_timeline BEFORE INSERT ON lead_activities BEGIN SELECT RAISE(ABORT, 'disk full'); END").run();
    const res = await act(lead, { action: "convert_to_client" });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await countRows("clients")).toBe(0);
    expect(
      (await rows<{ status: string; converted_to_client_id: string | null }>("SELECT status, converted_to_client_id FROM leads"))[0],
    ).toEqual({ status: "New", converted_to_client_id: null });
    await env.DB.prepare("DROP TRIGGER fail_timeline").run();
  });

  it.each([
    ["start_project", "projects", { action: "start_project" }],
    ["won_to_project", "projects", { action: "won_to_project", versioned: true }],
    ["follow_up_task", "tasks", { action: "follow_up_task" }],
    ["proposal", "proposals", { action: "proposal" }],
  ] as const)(
    "leaves no partial rows when %s fails at its %s insert",
    async (_name, table, { versioned, ...body }: { action: WorkflowAction; versioned?: boolean }) => {
      const lead = await addLead({ status: body.action === "start_project" ? "Won" : "Negotiation" });
      const before = await rows("SELECT * FROM leads");
      // A real D1 refusal of one statement in the batch, after the client and lead writes before it.
      await env.DB.prepare(`CREATE TRIGGER fail_step BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'disk full'); END`).run();
      try {
        const res = await act(lead, versioned ? { ...body, updated_at: lead.updated_at } : body);
        expect((await errorOf(res, 500)).code).toBe("internal");
      } finally {
        await env.DB.prepare("DROP TRIGGER fail_step").run();
      }
      for (const t of ["clients", "projects", "tasks", "proposals"]) expect(await countRows(t), t).toBe(0);
      expect(await workflowEntries(lead)).toHaveLength(0);
      expect(await rows("SELECT * FROM leads")).toEqual(before);
    },
  );

  it("requires the lead's version for a drop on Won, and answers 404 for an unknown lead", async () => {
    const lead = await addLead();
    expect((await act(lead, { action: "won_to_project" })).status).toBe(422);
    expect((await staff.api.crm.leads[":id"].actions.$post({ param: { id: "nope" }, json: { action: "proposal" } })).status).toBe(404);
    expect((await act(lead, { action: unchecked("make_coffee") })).status).toBe(422);
  });
});
