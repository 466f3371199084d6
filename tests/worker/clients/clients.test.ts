import { beforeEach, describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { countRows, createUser, deliverMail, errorOf, expectJson, rows, signInAs, type Staff } from "../support/helpers";
import gmailForward from "../../fixtures/mail/gmail-forward.eml?raw";
import type { ClientInput } from "../../../contract/client";
import type { InvoiceInput } from "../../../contract/invoice";
import type { LeadInput } from "../../../contract/lead";
import type { ProposalInput } from "../../../contract/proposal";

let staff: Staff;
const addClient = async (body: ClientInput) => (await expectJson(staff.api.crm.clients.$post({ json: body }), 201)).client;

beforeEach(async () => {
  staff = await signInAs("Sales");
});

describe("clients", () => {
  it("creates a client, blanks saved as null, lists round-tripping exactly as arrays", async () => {
    const client = await addClient({
      name: "  The Old Mill Bakery ",
      website: "https://oldmill.example.co.uk",
      emails: ["hello@oldmill.example", "orders@oldmill.example"],
      phones: ["0161 555 0101"],
      services: ["Web Design", "SEO", "Branding"],
      notes: "  ",
    });
    expect(client).toMatchObject({
      name: "The Old Mill Bakery",
      website: "https://oldmill.example.co.uk",
      emails: ["hello@oldmill.example", "orders@oldmill.example"],
      phones: ["0161 555 0101"],
      services: ["Web Design", "SEO", "Branding"],
      notes: null,
      active: true,
      preview_id: null,
    });
    const [stored] = await rows<{ emails: string; services: string }>("SELECT emails, services FROM clients");
    expect(JSON.parse(stored.emails)).toEqual(["hello@oldmill.example", "orders@oldmill.example"]);
    const { client: read } = await expectJson(staff.api.crm.clients[":id"].$get({ param: { id: client.id } }), 200);
    expect(read.services).toEqual(["Web Design", "SEO", "Branding"]);
  });

  it("saves an empty website as null and defaults lists to empty", async () => {
    const client = await addClient({ name: "Plain", website: "" });
    expect(client).toMatchObject({ website: null, emails: [], phones: [], services: [], active: true });
  });

  it("answers the spec's messages for a missing name and a bad website", async () => {
    const blank = await errorOf(staff.api.crm.clients.$post({ json: { name: "   " } }), 422);
    expect(blank.fields?.name).toBe("Name is required");
    for (const website of ["not a url", "javascript:alert(1)", "ftp://files.example.com"]) {
      const bad = await errorOf(staff.api.crm.clients.$post({ json: { name: "Acme", website } }), 422);
      expect(bad.fields?.website).toBe("Please enter a valid website URL");
    }
    expect(await countRows("clients")).toBe(0);
  });

  it("rejects blank and duplicate e-mails and phones in the lists", async () => {
    const blank = await errorOf(staff.api.crm.clients.$post({ json: { name: "Acme", emails: ["a@acme.example", " "] } }), 422);
    expect(blank.fields?.["emails.1"]).toBe("Email cannot be blank");
    const dup = await errorOf(staff.api.crm.clients.$post({ json: { name: "Acme", emails: ["a@acme.example", "A@acme.example"] } }), 422);
    expect(dup.fields?.emails).toBe("That email is already listed");
    const badEmail = await errorOf(staff.api.crm.clients.$post({ json: { name: "Acme", emails: ["nope"] } }), 422);
    expect(badEmail.fields?.["emails.0"]).toBe("Please enter a valid email address");
    const dupPhone = await errorOf(staff.api.crm.clients.$post({ json: { name: "Acme", phones: ["0161", "0161"] } }), 422);
    expect(dupPhone.fields?.phones).toBe("That phone is already listed");
    expect(await countRows("clients")).toBe(0);
  });

  it("edits only the fields sent, and refuses a blank name", async () => {
    const client = await addClient({ name: "Acme", emails: ["a@acme.example"], services: ["SEO"], active: false });
    const { client: renamed } = await expectJson(
      staff.api.crm.clients[":id"].$patch({ param: { id: client.id }, json: { name: "Acme Ltd", updated_at: client.updated_at } }),
      200,
    );
    // A partial edit keeps the lists and the status it did not mention.
    expect(renamed).toMatchObject({ name: "Acme Ltd", emails: ["a@acme.example"], services: ["SEO"], active: false });
    expect(renamed.updated_at > client.updated_at).toBe(true);
    const blank = await errorOf(
      staff.api.crm.clients[":id"].$patch({ param: { id: client.id }, json: { name: "  ", updated_at: renamed.updated_at } }),
      422,
    );
    expect(blank.fields?.name).toBe("Name is required");
    const { client: lists } = await expectJson(
      staff.api.crm.clients[":id"].$patch({
        param: { id: client.id },
        json: {
          emails: ["b@acme.example", "a@acme.example"],
          phones: ["+44 161 555 0000"],
          updated_at: renamed.updated_at,
        },
      }),
      200,
    );
    expect(lists).toMatchObject({ emails: ["b@acme.example", "a@acme.example"], phones: ["+44 161 555 0000"], services: ["SEO"] });
  });

  it("refuses an edit from a stale copy with 409 and keeps the newer one", async () => {
    const client = await addClient({ name: "Acme" });
    await expectJson(
      staff.api.crm.clients[":id"].$patch({ param: { id: client.id }, json: { name: "First", updated_at: client.updated_at } }),
      200,
    );
    const stale = await errorOf(
      staff.api.crm.clients[":id"].$patch({ param: { id: client.id }, json: { name: "Second", updated_at: client.updated_at } }),
      409,
    );
    expect(stale.code).toBe("conflict");
    expect((await rows<{ name: string }>("SELECT name FROM clients"))[0].name).toBe("First");
  });

  it("answers 404 for an unknown client on read, edit and delete", async () => {
    expect((await staff.api.crm.clients[":id"].$get({ param: { id: "nope" } })).status).toBe(404);
    expect(
      (await staff.api.crm.clients[":id"].$patch({ param: { id: "nope" }, json: { name: "x", updated_at: "2026-01-01T00:00:00.000Z" } }))
        .status,
    ).toBe(404);
    expect((await staff.api.crm.clients[":id"].$delete({ param: { id: "nope" } })).status).toBe(404);
  });

  it("shows the client's projects on its detail", async () => {
    const client = await addClient({ name: "Acme" });
    await expectJson(staff.api.crm.projects.$post({ json: { title: "New site", client_id: client.id } }), 201);
    await expectJson(staff.api.crm.projects.$post({ json: { title: "Someone else's" } }), 201);
    const detail = await expectJson(staff.api.crm.clients[":id"].$get({ param: { id: client.id } }), 200);
    expect(detail.projects).toEqual([expect.objectContaining({ title: "New site", stage: "Discovery", status: "On Track" })]);
  });

  it("shows the client's proposals and invoices on its detail, and no one else's", async () => {
    const client = await addClient({ name: "Acme" });
    const other = await addClient({ name: "Bolt" });
    await expectJson(
      staff.api.crm.proposals.$post({ json: { title: "Acme rebuild", value: 4800, status: "Sent", client_id: client.id } }),
      201,
    );
    await expectJson(staff.api.crm.proposals.$post({ json: { title: "Bolt rebuild", client_id: other.id } }), 201);
    const invoice = (date: string, number: string, client_id: string, status: InvoiceInput["status"] = "Sent") =>
      staff.api.crm.invoices.$post({ json: { number, client_id, total: 120, date, due_date: "2026-12-31", status } });
    await expectJson(invoice("2026-01-10", "INV-A-1", client.id, "Paid"), 201);
    await expectJson(invoice("2026-02-10", "INV-A-2", client.id), 201);
    await expectJson(invoice("2026-02-11", "INV-B-1", other.id), 201);
    const detail = await expectJson(staff.api.crm.clients[":id"].$get({ param: { id: client.id } }), 200);
    expect(detail.proposals).toEqual([expect.objectContaining({ title: "Acme rebuild", status: "Sent", value: 4800 })]);
    // Newest invoice first.
    expect(detail.invoices.map((i) => i.number)).toEqual(["INV-A-2", "INV-A-1"]);
    expect(detail.invoices[1].paid_date).not.toBeNull();
  });

  it("lists newest first and offers only active clients by name as options", async () => {
    await addClient({ name: "Zed" });
    await addClient({ name: "Alpha", active: false });
    await addClient({ name: "Beta" });
    const { clients } = await expectJson(staff.api.crm.clients.$get(), 200);
    expect(clients.map((c) => c.name)).toEqual(["Beta", "Alpha", "Zed"]);
    const options = await expectJson(staff.api.crm.clients.options.$get(), 200);
    expect(options.clients.map((c) => c.name)).toEqual(["Beta", "Zed"]);
  });

  it("refuses to delete a client that has invoices, and deletes one that has none", async () => {
    const client = await addClient({ name: "Billed" });
    await expectJson(
      staff.api.crm.invoices.$post({
        json: {
          number: "INV-202601-001",
          client_id: client.id,
          total: 100,
          date: "2026-01-01",
          due_date: "2026-01-31",
        },
      }),
      201,
    );
    const refused = await errorOf(staff.api.crm.clients[":id"].$delete({ param: { id: client.id } }), 409);
    expect(refused.message).toMatch(/invoices/);
    expect(await countRows("clients")).toBe(1);
    const other = await addClient({ name: "Unbilled" });
    await expectJson(staff.api.crm.clients[":id"].$delete({ param: { id: other.id } }), 200);
    expect(await countRows("clients")).toBe(1);
  });
});

describe("a client's page: its proposals and its activity", () => {
  const addLead = async (body: LeadInput) => (await expectJson(staff.api.crm.leads.$post({ json: body }), 201)).lead.id;
  const convert = async (leadId: string) => {
    await expectJson(staff.api.crm.leads[":id"].actions.$post({ param: { id: leadId }, json: { action: "convert_to_client" } }), 201);
    return (await rows<{ converted_to_client_id: string }>("SELECT converted_to_client_id FROM leads WHERE id = ?", leadId))[0]
      .converted_to_client_id;
  };
  const addProposal = async (body: ProposalInput) => (await expectJson(staff.api.crm.proposals.$post({ json: body }), 201)).proposal;
  const activityOf = (id: string) => expectJson(staff.api.crm.clients[":id"].activities.$get({ param: { id: id } }), 200);

  it("lists the proposals made to the lead it was converted from, accepted ones included", async () => {
    const leadId = await addLead({ name: "Jo Carter", company: "Carter Bakes", email: "jo@carterbakes.example" });
    const early = await addProposal({ title: "Bakery website", value: 4200, status: "Sent", lead_id: leadId });
    await expectJson(staff.api.crm.proposals[":id"].accept.$post({ param: { id: early.id }, json: { updated_at: early.updated_at } }), 200);
    const clientId = await convert(leadId);
    await addProposal({ title: "Retainer", value: 300, client_id: clientId });
    // Someone else's lead's proposal stays theirs.
    await addProposal({ title: "Not theirs", lead_id: await addLead({ name: "Other Person" }) });
    const detail = await expectJson(staff.api.crm.clients[":id"].$get({ param: { id: clientId } }), 200);
    expect(detail.proposals.map((p) => [p.title, p.status])).toEqual([
      ["Retainer", "Draft"],
      ["Bakery website", "Accepted"],
    ]);
  });

  it("holds its filed mail, questions and answers, what was logged and its lead's history, newest first", async () => {
    await createUser({ email: "hannah@redbrickstudio.co.uk", full_name: "Hannah Whitaker", role: "Owner" });
    const leadId = await addLead({ name: "Sophie Turner", email: "sophie@sophieturneryoga.co.uk" });
    await expectJson(
      staff.api.crm.leads[":id"].activities.$post({ param: { id: leadId }, json: { description: "Met at the yoga expo" } }),
      201,
    );
    const proposal = await addProposal({ title: "Yoga site", value: 2400, lead_id: leadId });
    const clientId = await convert(leadId);

    // A client's question on the proposal's page, and the studio's answer.
    const path = new URL((await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201)).url).pathname;
    const asked = await exports.default.fetch(`http://localhost${path}/questions`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.40" },
      body: new URLSearchParams({ author_name: "Sophie Turner", body: "Could the site launch in May?" }),
    });
    expect(asked.status).toBe(303);
    await expectJson(staff.api.crm.proposals[":id"].messages.$post({ param: { id: proposal.id }, json: { body: "Yes, May works." } }), 201);
    // Sophie's mail, forwarded to the CRM: filed on the client her address belongs to.
    expect((await deliverMail(gmailForward)).rejected).toBeNull();
    await expectJson(
      staff.api.crm.activities.$post({
        json: {
          type: "Call",
          summary: "Talked through the launch",
          related_type: "client",
          related_id: clientId,
        },
      }),
      201,
    );

    const activity = await activityOf(clientId);
    const kinds = activity.logged.map((a) => [a.type, a.who_kind]);
    expect(kinds).toEqual([
      ["Call", "staff"],
      ["Email", "staff"],
      ["Answer", "staff"],
      ["Question", "client"],
    ]);
    const [, mail, answer, question] = activity.logged;
    // The e-mail carries its sender and when it was sent, not who filed it.
    expect(mail.mail).toEqual({
      from_name: "Sophie Turner",
      from_address: "sophie@sophieturneryoga.co.uk",
      sent_at: expect.stringMatching(/^2026-06-11/),
    });
    expect(mail.summary).toBe("Received: Launch date for the new site");
    expect(question).toMatchObject({
      who_name: "Sophie Turner",
      summary: 'Sophie Turner asked about the proposal "Yoga site": Could the site launch in May?',
    });
    expect(answer.summary).toBe('Marcus Reid answered about the proposal "Yoga site": Yes, May works.');
    // Newest first.
    const times = activity.logged.map((a) => a.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // The lead it was: its notes and workflow, named with the lead.
    expect(activity.activities.map((a) => [a.activity_type, a.lead_name])).toEqual([
      ["workflow_action", "Sophie Turner"],
      ["note_added", "Sophie Turner"],
    ]);

    // The lead's timeline carries the client's mail as well.
    const timeline = await expectJson(staff.api.crm.leads[":id"].activities.$get({ param: { id: leadId } }), 200);
    expect(timeline.logged.map((a) => a.type)).toEqual(["Call", "Email", "Answer", "Question"]);
    expect(timeline.logged[1].mail_id).toBe(mail.mail_id);

    expect((await staff.api.crm.clients[":id"].activities.$get({ param: { id: "nope" } })).status).toBe(404);
  });

  it("says so when there is nothing yet", async () => {
    const client = await addClient({ name: "Quiet Ltd" });
    expect(await activityOf(client.id)).toEqual({ activities: [], logged: [], automatic: "Redbrick CRM (automatic)" });
  });
});
