import { beforeEach, describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";
import type { Proposal, ProposalInput, ProposalPatch } from "../../../contract/proposal";

let staff: Staff;
const addProposal = async (body: ProposalInput) => (await expectJson(staff.api.crm.proposals.$post({ json: body }), 201)).proposal;
const patch = (p: Proposal, body: Omit<ProposalPatch, "updated_at">) =>
  staff.api.crm.proposals[":id"].$patch({ param: { id: p.id }, json: { ...body, updated_at: p.updated_at } });
const accept = (p: Proposal, updatedAt = p.updated_at) =>
  staff.api.crm.proposals[":id"].accept.$post({ param: { id: p.id }, json: { updated_at: updatedAt } });

let leadId = "";
let clientId = "";
beforeEach(async () => {
  staff = await signInAs("Sales");
  leadId = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Jo Carter" } }), 201)).lead.id;
  clientId = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201)).client.id;
});

describe("proposals", () => {
  it("creates a Draft with the lead's name joined, and validates title, value and parties", async () => {
    const proposal = await addProposal({ title: "Website proposal", value: 3000, lead_id: leadId, sent_date: "2026-03-01" });
    expect(proposal).toMatchObject({
      title: "Website proposal",
      status: "Draft",
      value: 3000,
      lead: { id: leadId, name: "Jo Carter" },
      client: null,
      sent_date: "2026-03-01",
      due_date: null,
    });
    const title = await errorOf(staff.api.crm.proposals.$post({ json: { title: " " } }), 422);
    expect(title.fields?.title).toBe("Title is required");
    const value = await errorOf(staff.api.crm.proposals.$post({ json: { title: "A", value: unchecked("much") } }), 422);
    expect(value.fields?.value).toBe("Enter a number");
    const both = await errorOf(staff.api.crm.proposals.$post({ json: { title: "A", lead_id: leadId, client_id: clientId } }), 422);
    expect(both.fields?.client_id).toBe("Choose a lead or a client, not both");
    const ghost = await errorOf(staff.api.crm.proposals.$post({ json: { title: "A", lead_id: "nope" } }), 422);
    expect(ghost.fields?.lead_id).toBe("That lead does not exist");
  });

  it("choosing a client clears the lead, and choosing a lead clears the client", async () => {
    const proposal = await addProposal({ title: "P", lead_id: leadId });
    const { proposal: forClient } = await expectJson(patch(proposal, { client_id: clientId }), 200);
    expect(forClient).toMatchObject({ client_id: clientId, lead_id: null, client: { id: clientId, name: "Acme" }, lead: null });
    const { proposal: forLead } = await expectJson(patch(forClient, { lead_id: leadId }), 200);
    expect(forLead).toMatchObject({ lead_id: leadId, client_id: null });
    const blank = await errorOf(patch(forLead, { title: "" }), 422);
    expect(blank.fields?.title).toBe("Title is required");
  });

  it("accepts only a Sent proposal, turning it Accepted", async () => {
    const draft = await addProposal({ title: "P", lead_id: leadId });
    const refused = await errorOf(accept(draft), 409);
    expect(refused.message).toBe("Only a sent proposal can be accepted");
    const { proposal: sent } = await expectJson(patch(draft, { status: "Sent" }), 200);
    const { proposal: accepted } = await expectJson(accept(sent), 200);
    expect(accepted).toMatchObject({ status: "Accepted", lead: { id: leadId, name: "Jo Carter" } });
    // Accepted cannot be accepted again.
    expect((await accept(accepted)).status).toBe(409);
    expect((await rows<{ status: string }>("SELECT status FROM proposals"))[0].status).toBe("Accepted");
  });

  it("refuses to accept from a stale copy, and answers 404 for an unknown proposal", async () => {
    const sent = await addProposal({ title: "P", status: "Sent", lead_id: leadId });
    const { proposal: edited } = await expectJson(patch(sent, { value: 10 }), 200);
    const stale = await errorOf(accept(sent), 409);
    expect(stale.message).toMatch(/changed by someone else/);
    expect((await rows<{ status: string }>("SELECT status FROM proposals"))[0].status).toBe("Sent");
    await expectJson(accept(edited), 200);
    expect(
      (await staff.api.crm.proposals[":id"].accept.$post({ param: { id: "nope" }, json: { updated_at: sent.updated_at } })).status,
    ).toBe(404);
    expect((await staff.api.crm.proposals[":id"].$get({ param: { id: "nope" } })).status).toBe(404);
    expect((await staff.api.crm.proposals[":id"].$delete({ param: { id: "nope" } })).status).toBe(404);
  });

  describe("accepting a proposal made to a lead", () => {
    type LeadRow = {
      status: string;
      value: number | null;
      stage_changed_by: string | null;
      updated_at: string;
      converted_to_client_id: string | null;
    };
    const leadRow = async () => (await rows<LeadRow>("SELECT * FROM leads WHERE id = ?", leadId))[0];
    const timeline = () =>
      rows<{ activity_type: string; description: string; created_by: string }>(
        "SELECT activity_type, description, created_by FROM lead_activities WHERE lead_id = ?",
        leadId,
      );
    const sentFor = (lead: string) => addProposal({ title: "Website rebuild", value: 4800, status: "Sent", lead_id: lead });

    it("marks the lead Won, on its timeline, so Create project works without Convert to client", async () => {
      expect((await leadRow()).status).toBe("New");
      await expectJson(accept(await sentFor(leadId)), 200);
      expect(await leadRow()).toMatchObject({ status: "Won", stage_changed_by: staff.id, converted_to_client_id: null });
      expect(await timeline()).toEqual([
        {
          activity_type: "stage_change",
          description: 'Marked Won by Marcus Reid: proposal "Website rebuild" accepted',
          created_by: staff.id,
        },
      ]);
      // The follow-up with only Create project ticked: the project starts, with a client made for the lead.
      const started = await expectJson(
        staff.api.crm.leads[":id"].actions.$post({ param: { id: leadId }, json: { action: "start_project" } }),
        201,
      );
      expect(started.created.map((c) => c.entity)).toEqual(["clients", "projects"]);
      expect(await rows("SELECT lead_id, stage FROM projects")).toEqual([{ lead_id: leadId, stage: "Discovery" }]);
    });

    it("moves a Lost lead to Won too, since the client has said yes", async () => {
      const { lead } = await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: leadId } }), 200);
      await expectJson(
        staff.api.crm.leads[":id"].$patch({ param: { id: leadId }, json: { status: "Lost", updated_at: lead.updated_at } }),
        200,
      );
      await expectJson(accept(await sentFor(leadId)), 200);
      expect((await leadRow()).status).toBe("Won");
    });

    it("leaves a lead that is already Won at Won, with no timeline entry, and worth what was accepted", async () => {
      const { lead } = await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: leadId } }), 200);
      await expectJson(
        staff.api.crm.leads[":id"].$patch({ param: { id: leadId }, json: { status: "Won", value: 17950, updated_at: lead.updated_at } }),
        200,
      );
      const before = await leadRow();
      const entries = (await timeline()).length;
      await expectJson(accept(await sentFor(leadId)), 200);
      const after = await leadRow();
      expect(after).toEqual({ ...before, value: 4800, updated_at: after.updated_at });
      expect(after.updated_at > before.updated_at).toBe(true);
      expect(await timeline()).toHaveLength(entries);
    });

    it("makes the lead worth the proposal's total, in the write that makes it Won: not £0, not its old deal value", async () => {
      const valued = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Old Deal", value: 17950 } }), 201)).lead.id;
      await expectJson(accept(await sentFor(valued)), 200);
      await expectJson(accept(await addProposal({ title: "Shop", value: 4885, status: "Sent", lead_id: leadId })), 200);
      expect(await rows("SELECT id, status, value FROM leads ORDER BY value")).toEqual([
        { id: valued, status: "Won", value: 4800 },
        { id: leadId, status: "Won", value: 4885 },
      ]);
    });

    it("a lead with several accepted proposals is worth their sum, however each was accepted", async () => {
      // The Accept button, an edit of the status to Accepted, and a proposal recorded as accepted.
      await expectJson(accept(await sentFor(leadId)), 200);
      const edited = await addProposal({ title: "Hosting", value: 360.5, status: "Sent", lead_id: leadId });
      await expectJson(patch(edited, { status: "Accepted" }), 200);
      await addProposal({ title: "Logo", value: 250, status: "Accepted", lead_id: leadId });
      await addProposal({ title: "Still thinking", value: 9999, status: "Sent", lead_id: leadId });
      expect(await leadRow()).toMatchObject({ status: "Won", value: 5410.5 });
      // One stage change: the first acceptance won it.
      expect((await timeline()).map((t) => t.description)).toEqual(['Marked Won by Marcus Reid: proposal "Website rebuild" accepted']);
    });

    it("an edit to status Accepted marks the lead Won at the total, with its stage change", async () => {
      const draft = await addProposal({ title: "Phone yes", value: 2200, lead_id: leadId });
      await expectJson(patch(draft, { status: "Accepted" }), 200);
      expect(await leadRow()).toMatchObject({ status: "Won", value: 2200, stage_changed_by: staff.id });
      expect((await timeline()).map((t) => t.description)).toEqual(['Marked Won by Marcus Reid: proposal "Phone yes" accepted']);
    });

    it("stays reconciled when an accepted proposal's total is edited, it is un-accepted, moved or deleted", async () => {
      const website = await sentFor(leadId);
      const { proposal: accepted } = await expectJson(accept(website), 200);
      const hosting = await addProposal({ title: "Hosting", value: 400, status: "Accepted", lead_id: leadId });
      expect((await leadRow()).value).toBe(5200);
      // A new total for an accepted proposal: the lead follows, in the same write.
      const { proposal: repriced } = await expectJson(
        patch(accepted, { lines: [{ description: "Website", quantity: 2, unit_price: 2450.25 }] }),
        200,
      );
      expect((await leadRow()).value).toBe(5300.5);
      // Un-accepted: worth the accepted ones left.
      const { proposal: declined } = await expectJson(patch(repriced, { status: "Rejected" }), 200);
      expect((await leadRow()).value).toBe(400);
      // Moved to another lead: each is worth its own accepted proposals.
      const other = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Other" } }), 201)).lead.id;
      const { proposal: back } = await expectJson(patch(declined, { status: "Accepted", lead_id: other }), 200);
      expect(await rows("SELECT id, status, value FROM leads WHERE id = ?", other)).toEqual([{ id: other, status: "Won", value: 4900.5 }]);
      // The last accepted proposal deleted, or un-accepted: nothing accepted is left to go by, so the lead keeps the value it has.
      await expectJson(staff.api.crm.proposals[":id"].$delete({ param: { id: hosting.id } }), 200);
      expect(await leadRow()).toMatchObject({ status: "Won", value: 400 });
      await expectJson(patch(back, { status: "Sent" }), 200);
      expect(await rows("SELECT value FROM leads WHERE id = ?", other)).toEqual([{ value: 4900.5 }]);
      // …and its value is the studio's to type again.
      const { lead } = await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: other } }), 200);
      await expectJson(
        staff.api.crm.leads[":id"].$patch({ param: { id: other }, json: { value: 3000, updated_at: lead.updated_at } }),
        200,
      );
    });

    it("refuses a typed value for a lead worth its accepted proposals, naming their sum; the same value goes through", async () => {
      await expectJson(accept(await sentFor(leadId)), 200);
      const { lead } = await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: leadId } }), 200);
      const refused = await errorOf(
        staff.api.crm.leads[":id"].$patch({ param: { id: leadId }, json: { value: 17950, updated_at: lead.updated_at } }),
        422,
      );
      expect(refused.fields?.value).toBe(
        "This lead is worth what its accepted proposals add up to (£4,800.00). Change a proposal to change it.",
      );
      await expectJson(
        staff.api.crm.leads[":id"].$patch({
          param: { id: leadId },
          json: { value: 4800, next_action: "Kick-off call", updated_at: lead.updated_at },
        }),
        200,
      );
      expect((await leadRow()).value).toBe(4800);
    });

    it("changes no lead when an edit to Accepted is refused as stale", async () => {
      const sent = await sentFor(leadId);
      await expectJson(patch(sent, { title: "Renamed" }), 200);
      expect((await patch(sent, { status: "Accepted" })).status).toBe(409);
      expect(await leadRow()).toMatchObject({ status: "New", value: null });
      expect(await timeline()).toEqual([]);
    });

    it("moves no lead when the accept is refused", async () => {
      const sent = await sentFor(leadId);
      await expectJson(patch(sent, { value: 5000 }), 200);
      expect((await accept(sent)).status).toBe(409);
      const draft = await addProposal({ title: "Draft", lead_id: leadId });
      expect((await accept(draft)).status).toBe(409);
      expect((await leadRow()).status).toBe("New");
      expect(await timeline()).toEqual([]);
    });
  });

  it("is always for a lead or a client: one for no one is refused with a clear message, and changes nothing", async () => {
    const none = await errorOf(staff.api.crm.proposals.$post({ json: { title: "For nobody", value: 100 } }), 422);
    expect(none.fields?.lead_id).toBe("Choose the lead or client this proposal is for");
    const blank = await errorOf(staff.api.crm.proposals.$post({ json: { title: "Blank", lead_id: "", client_id: "" } }), 422);
    expect(blank.fields?.lead_id).toBe("Choose the lead or client this proposal is for");
    expect(await rows("SELECT id FROM proposals")).toEqual([]);
    // Clearing the one party it has is refused too; moving it to the other is fine.
    const proposal = await addProposal({ title: "P", lead_id: leadId });
    const cleared = await errorOf(patch(proposal, { lead_id: null }), 422);
    expect(cleared.fields?.lead_id).toBe("Choose the lead or client this proposal is for");
    expect(await rows("SELECT lead_id, updated_at FROM proposals")).toEqual([{ lead_id: leadId, updated_at: proposal.updated_at }]);
    await expectJson(patch(proposal, { lead_id: null, client_id: clientId }), 200);
  });

  it("marked Sent without a sent date is sent today (London); a date given is kept", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect((await addProposal({ title: "Sent now", status: "Sent", lead_id: leadId })).sent_date).toBe(today);
    expect((await addProposal({ title: "Sent before", status: "Sent", sent_date: "2026-10-01", lead_id: leadId })).sent_date).toBe(
      "2026-10-01",
    );
    const draft = await addProposal({ title: "Draft", lead_id: leadId });
    expect(draft.sent_date).toBeNull();
    const { proposal: sent } = await expectJson(patch(draft, { status: "Sent" }), 200);
    expect(sent.sent_date).toBe(today);
    // Editable: the date the user puts in stays, and other edits leave it alone.
    const { proposal: moved } = await expectJson(patch(sent, { sent_date: "2026-11-02" }), 200);
    expect(moved.sent_date).toBe("2026-11-02");
    const { proposal: renamed } = await expectJson(patch(moved, { title: "Renamed", status: "Sent" }), 200);
    expect(renamed.sent_date).toBe("2026-11-02");
  });

  it("refuses a stale edit with 409", async () => {
    const proposal = await addProposal({ title: "P", lead_id: leadId });
    await expectJson(patch(proposal, { title: "Q" }), 200);
    expect((await patch(proposal, { title: "R" })).status).toBe(409);
  });

  it("lists newest first and deletes", async () => {
    await addProposal({ title: "First", lead_id: leadId });
    const second = await addProposal({ title: "Second", client_id: clientId });
    const { proposals } = await expectJson(staff.api.crm.proposals.$get(), 200);
    expect(proposals.map((p) => p.title)).toEqual(["Second", "First"]);
    expect(proposals[0].client).toEqual({ id: clientId, name: "Acme" });
    await expectJson(staff.api.crm.proposals[":id"].$delete({ param: { id: second.id } }), 200);
    expect(await rows("SELECT id FROM proposals")).toHaveLength(1);
  });
});

describe("a proposal is a document", () => {
  const lines = [
    { description: "Website design and build", quantity: 1, unit_price: 2400 },
    { description: "Copywriting, per page", quantity: 4, unit_price: 150.25 },
  ];
  const sections = [
    { heading: "Scope", body: "Six pages.\n\n- Home\n- Services\n- Contact" },
    { heading: "Timeline", body: "Four weeks from the go-ahead." },
  ];

  it("keeps its introduction, sections, lines, valid-until date and terms, and its value is the lines' sum", async () => {
    const made = await addProposal({
      title: "Bakery website",
      lead_id: leadId,
      intro: "Thank you for asking us.\n\nHere is what we propose.",
      sections,
      lines,
      valid_until: "2026-12-31",
      terms: "50% to start, 50% on launch.",
    });
    expect(made).toMatchObject({
      value: 3001,
      lines,
      sections,
      intro: "Thank you for asking us.\n\nHere is what we propose.",
      valid_until: "2026-12-31",
      terms: "50% to start, 50% on launch.",
    });
    // Changing the lines changes the value in the same write; no lines, no value.
    const fewer = (await expectJson(patch(made, { lines: [lines[0]] }), 200)).proposal;
    expect(fewer).toMatchObject({ value: 2400, lines: [lines[0]] });
    const none = (await expectJson(patch(fewer, { lines: [] }), 200)).proposal;
    expect(none).toMatchObject({ value: null, lines: [] });
  });

  it("takes a value alone as one line named after it, and refuses a value that disagrees with its lines", async () => {
    const simple = await addProposal({ title: "Logo refresh", value: 950, client_id: clientId });
    expect(simple.lines).toEqual([{ description: "Logo refresh", quantity: 1, unit_price: 950 }]);
    const cleared = (await expectJson(patch(simple, { value: null }), 200)).proposal;
    expect(cleared).toMatchObject({ value: null, lines: [] });
    const mismatch = await errorOf(staff.api.crm.proposals.$post({ json: { title: "A", lead_id: leadId, lines, value: 10 } }), 422);
    expect(mismatch.fields?.value).toBe("The value must equal the sum of the lines");
    // The workflow's draft proposal starts from the lead's deal value.
    await expectJson(
      staff.api.crm.leads[":id"].$patch({ param: { id: leadId }, json: { value: 4200, updated_at: (await leadOf()).updated_at } }),
      200,
    );
    await expectJson(staff.api.crm.leads[":id"].actions.$post({ param: { id: leadId }, json: { action: "proposal" } }), 201);
    const [draft] = await rows<{ value: number; lines: string }>(
      "SELECT value, lines FROM proposals WHERE title = 'Proposal for Jo Carter'",
    );
    expect({ ...draft, lines: JSON.parse(draft.lines) }).toEqual({
      value: 4200,
      lines: [{ description: "Proposal for Jo Carter", quantity: 1, unit_price: 4200 }],
    });
  });

  it("refuses a blank or hostile section heading, an empty section and a bad date, per field, and stores nothing", async () => {
    const bad = await errorOf(
      staff.api.crm.proposals.$post({
        json: {
          title: "A",
          lead_id: leadId,
          sections: [
            { heading: "\u200b\u202e ", body: "Text" },
            { heading: "Timeline", body: "\u0001\n\n" },
          ],
          valid_until: "31/12/2026",
        },
      }),
      422,
    );
    expect(bad.fields?.["sections.0.heading"]).toBe("Heading is required");
    expect(bad.fields?.["sections.1.body"]).toBe("Write this section or remove it");
    expect(bad.fields?.valid_until).toBeTruthy();
    expect(await rows("SELECT id FROM proposals")).toEqual([]);
  });

  it("migration 0016 gives every earlier proposal with a value one line at that value, named after it", async () => {
    const priced = await addProposal({ title: "Shop build", value: 5200.5, lead_id: leadId });
    const unpriced = await addProposal({ title: "To be scoped", lead_id: leadId });
    await env.DB.prepare("UPDATE proposals SET lines = '[]'").run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0016_"))!;
    for (const query of migration.queries.filter((q) => q.includes("UPDATE"))) await env.DB.prepare(query).run();
    const byId = async (id: string) => (await expectJson(staff.api.crm.proposals[":id"].$get({ param: { id: id } }), 200)).proposal;
    expect((await byId(priced.id)).lines).toEqual([{ description: "Shop build", quantity: 1, unit_price: 5200.5 }]);
    expect((await byId(unpriced.id)).lines).toEqual([]);
  });
});

const leadOf = async () => (await expectJson(staff.api.crm.leads[":id"].$get({ param: { id: leadId } }), 200)).lead;

describe("sharing a proposal", () => {
  const share = (p: { id: string }) => staff.api.crm.proposals[":id"].share.$post({ param: { id: p.id } });

  it("makes a link of 256 random bits, keeps only its hash, sends the Draft today, and says so in the audit trail", async () => {
    const draft = await addProposal({ title: "Bakery website", value: 4200, lead_id: leadId });
    const { url, proposal } = await expectJson(share(draft), 201);
    const token = new URL(url).pathname.replace(/^\/p\//, "");
    expect(url).toBe(`http://localhost/p/${token}`);
    // 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(proposal).toMatchObject({ status: "Sent", share: { views: 0, first_viewed_at: null, last_viewed_at: null } });
    expect(proposal.sent_date).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date()));
    const stored = await rows<{ token_hash: string }>("SELECT token_hash FROM proposal_links");
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await rows("SELECT * FROM proposal_links"))).not.toContain(token);
    expect(await rows("SELECT action, actor_id, detail FROM audit_events WHERE action = 'proposal_shared'")).toEqual([
      { action: "proposal_shared", actor_id: staff.id, detail: 'Shared the proposal "Bakery website"' },
    ]);
  });

  it("sharing again revokes the earlier link, leaving one live; Revoke ends it and the proposal stays as it was", async () => {
    const sent = await addProposal({ title: "Gym rebrand", value: 3000, lead_id: leadId, status: "Sent", sent_date: "2026-03-02" });
    const first = await expectJson(share(sent), 201);
    const second = await expectJson(share(sent), 201);
    expect(second.url).not.toBe(first.url);
    // A proposal already Sent keeps its sent date.
    expect(second.proposal).toMatchObject({ status: "Sent", sent_date: "2026-03-02" });
    expect(await rows("SELECT count(*) AS live FROM proposal_links WHERE revoked_at IS NULL")).toEqual([{ live: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM proposal_links")).toEqual([{ n: 2 }]);

    const { proposal } = await expectJson(staff.api.crm.proposals[":id"].share.$delete({ param: { id: sent.id } }), 200);
    expect(proposal).toMatchObject({ status: "Sent", share: null });
    expect(await rows("SELECT count(*) AS live FROM proposal_links WHERE revoked_at IS NULL")).toEqual([{ live: 0 }]);
    expect(await rows("SELECT action FROM audit_events WHERE action = 'proposal_link_revoked'")).toHaveLength(1);
    // Nothing left to revoke.
    const none = await errorOf(staff.api.crm.proposals[":id"].share.$delete({ param: { id: sent.id } }), 404);
    expect(none.code).toBe("not_found");
  });

  it("refuses to share an answered proposal or one that does not exist, and deleting a proposal ends its link", async () => {
    const sent = await addProposal({ title: "Shop build", value: 5000, lead_id: leadId, status: "Sent" });
    await expectJson(accept(sent), 200);
    const answered = await errorOf(share(sent), 409);
    expect(answered.message).toBe("This proposal has been accepted: it cannot be shared again.");
    expect((await errorOf(share({ id: "nope" }), 404)).code).toBe("not_found");
    const other = await addProposal({ title: "Logo", value: 900, client_id: clientId });
    await expectJson(share(other), 201);
    await expectJson(staff.api.crm.proposals[":id"].$delete({ param: { id: other.id } }), 200);
    expect(await rows("SELECT id FROM proposal_links")).toEqual([]);
  });
});

describe("the client's page of a shared proposal", () => {
  const open = (url: string, ip = "198.51.100.7", cookie?: string) => {
    const path = new URL(url).pathname;
    return exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) } });
  };

  it("shows the document, server-written with no script, escaped, never indexed; counts the client's views but not staff's", async () => {
    const p = await addProposal({
      title: "Bakery <b>website</b>",
      client_id: clientId,
      intro: "Thank you.\n\nWe propose:\n- a new site\n- <script>alert(1)</script>",
      sections: [{ heading: "Timeline", body: "Four weeks." }],
      lines: [{ description: "Build", quantity: 2, unit_price: 1200.5 }],
      valid_until: "2099-12-31",
      terms: "50% up front.",
    });
    const { url } = await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: p.id } }), 201);
    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).not.toContain("<script");
    expect(html).toContain("<h1>Bakery &lt;b&gt;website&lt;/b&gt;</h1>");
    expect(html).toContain("Prepared for Acme");
    expect(html).toContain("<ul><li>a new site</li><li>&lt;script&gt;alert(1)&lt;/script&gt;</li></ul>");
    expect(html).toContain("<h2>Timeline</h2><p>Four weeks.</p>");
    expect(html).toContain("£2,401.00");
    expect(html).toContain("This proposal is valid until 31 December 2099.");
    expect(html).toContain("50% up front.");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');

    // A member of staff looking does not count; the client's two visits do.
    await open(url, "198.51.100.8", staff.cookie);
    await open(url, "198.51.100.9");
    const seen = (await expectJson(staff.api.crm.proposals[":id"].$get({ param: { id: p.id } }), 200)).proposal;
    expect(seen.share).toMatchObject({ views: 2 });
    expect(seen.share!.first_viewed_at).not.toBeNull();
    expect(seen.share!.last_viewed_at! >= seen.share!.first_viewed_at!).toBe(true);
  });

  it("a revoked, replaced or expired link says so with the studio's address (410); an unknown one is 404 and limited per network", async () => {
    const p = await addProposal({ title: "Logo refresh", value: 900, lead_id: leadId });
    const first = await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: p.id } }), 201);
    const second = await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: p.id } }), 201);
    const replaced = await open(first.url);
    expect(replaced.status).toBe(410);
    expect(await replaced.text()).toContain("This link is no longer active");
    expect((await open(second.url)).status).toBe(200);
    await expectJson(staff.api.crm.proposals[":id"].share.$delete({ param: { id: p.id } }), 200);
    expect((await open(second.url)).status).toBe(410);

    const dated = await addProposal({ title: "Old offer", value: 500, lead_id: leadId, valid_until: "2020-01-31" });
    const old = await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: dated.id } }), 201);
    const expired = await open(old.url);
    expect(expired.status).toBe(410);
    const text = await expired.text();
    expect(text).toContain("This proposal has expired");
    expect(text).toContain("mailto:hello@redbrickstudio.co.uk");

    // Deleting the proposal ends its link at once.
    const gone = await addProposal({ title: "Withdrawn", value: 100, lead_id: leadId });
    const goneLink = await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: gone.id } }), 201);
    await expectJson(staff.api.crm.proposals[":id"].$delete({ param: { id: gone.id } }), 200);
    expect((await open(goneLink.url)).status).toBe(404);

    // Guessing: 20 unknown tokens from one address, then 429 for the next; a valid link still opens there and elsewhere.
    const guess = () => `http://localhost/p/${"A".repeat(42)}${Math.floor(Math.random() * 10)}`;
    for (let i = 0; i < 19; i++) expect((await open(guess(), "203.0.113.50")).status).toBe(404);
    const fresh = await addProposal({ title: "Fresh", value: 100, lead_id: leadId });
    const good = await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: fresh.id } }), 201);
    expect((await open(guess(), "203.0.113.50")).status).toBe(404);
    const limited = await open(guess(), "203.0.113.50");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    // A person reads it: a page saying when to try again and how to reach the studio, not JSON.
    expect(limited.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(limited.headers.get("X-Robots-Tag")).toContain("noindex");
    const limitedPage = await limited.text();
    expect(limitedPage).toContain("<h1>Too many attempts</h1>");
    expect(limitedPage).toMatch(/Please wait \d+ minutes? before trying again/);
    expect(limitedPage).toContain("mailto:hello@redbrickstudio.co.uk");
    expect((await open(good.url, "203.0.113.50")).status).toBe(200);
    expect((await open(good.url, "198.51.100.20")).status).toBe(200);
  });
});
