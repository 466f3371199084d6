import { beforeEach, describe, expect, it } from "vitest";
import { countRows, expectJson, rows, signInAs, type Staff } from "./helpers";
import type { Client } from "../../contract/client";

let staff: Staff;
type Fields = { error: { code: string; message: string; fields: Record<string, string> } };
const addClient = async (body: Record<string, unknown>) =>
  (await expectJson<{ client: Client }>(staff.call("POST", "/api/crm/clients", body), 201)).client;

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
    const { client: read } = await expectJson<{ client: Client }>(staff.call("GET", `/api/crm/clients/${client.id}`), 200);
    expect(read.services).toEqual(["Web Design", "SEO", "Branding"]);
  });

  it("saves an empty website as null and defaults lists to empty", async () => {
    const client = await addClient({ name: "Plain", website: "" });
    expect(client).toMatchObject({ website: null, emails: [], phones: [], services: [], active: true });
  });

  it("answers the spec's messages for a missing name and a bad website", async () => {
    const blank = await expectJson<Fields>(staff.call("POST", "/api/crm/clients", { name: "   " }), 422);
    expect(blank.error.fields.name).toBe("Name is required");
    for (const website of ["not a url", "javascript:alert(1)", "ftp://files.example.com"]) {
      const bad = await expectJson<Fields>(staff.call("POST", "/api/crm/clients", { name: "Acme", website }), 422);
      expect(bad.error.fields.website).toBe("Please enter a valid website URL");
    }
    expect(await countRows("clients")).toBe(0);
  });

  it("rejects blank and duplicate e-mails and phones in the lists", async () => {
    const blank = await expectJson<Fields>(staff.call("POST", "/api/crm/clients", { name: "Acme", emails: ["a@acme.example", " "] }), 422);
    expect(blank.error.fields["emails.1"]).toBe("Email cannot be blank");
    const dup = await expectJson<Fields>(
      staff.call("POST", "/api/crm/clients", { name: "Acme", emails: ["a@acme.example", "A@acme.example"] }),
      422,
    );
    expect(dup.error.fields.emails).toBe("That email is already listed");
    const badEmail = await expectJson<Fields>(staff.call("POST", "/api/crm/clients", { name: "Acme", emails: ["nope"] }), 422);
    expect(badEmail.error.fields["emails.0"]).toBe("Please enter a valid email address");
    const dupPhone = await expectJson<Fields>(staff.call("POST", "/api/crm/clients", { name: "Acme", phones: ["0161", "0161"] }), 422);
    expect(dupPhone.error.fields.phones).toBe("That phone is already listed");
    expect(await countRows("clients")).toBe(0);
  });

  it("edits only the fields sent, and refuses a blank name", async () => {
    const client = await addClient({ name: "Acme", emails: ["a@acme.example"], services: ["SEO"], active: false });
    const { client: renamed } = await expectJson<{ client: Client }>(
      staff.call("PATCH", `/api/crm/clients/${client.id}`, { name: "Acme Ltd", updated_at: client.updated_at }),
      200,
    );
    // A partial edit keeps the lists and the status it did not mention.
    expect(renamed).toMatchObject({ name: "Acme Ltd", emails: ["a@acme.example"], services: ["SEO"], active: false });
    expect(renamed.updated_at > client.updated_at).toBe(true);
    const blank = await expectJson<Fields>(
      staff.call("PATCH", `/api/crm/clients/${client.id}`, { name: "  ", updated_at: renamed.updated_at }),
      422,
    );
    expect(blank.error.fields.name).toBe("Name is required");
    const { client: lists } = await expectJson<{ client: Client }>(
      staff.call("PATCH", `/api/crm/clients/${client.id}`, {
        emails: ["b@acme.example", "a@acme.example"],
        phones: ["+44 161 555 0000"],
        updated_at: renamed.updated_at,
      }),
      200,
    );
    expect(lists).toMatchObject({ emails: ["b@acme.example", "a@acme.example"], phones: ["+44 161 555 0000"], services: ["SEO"] });
  });

  it("refuses an edit from a stale copy with 409 and keeps the newer one", async () => {
    const client = await addClient({ name: "Acme" });
    await expectJson(staff.call("PATCH", `/api/crm/clients/${client.id}`, { name: "First", updated_at: client.updated_at }), 200);
    const stale = await expectJson<Fields>(
      staff.call("PATCH", `/api/crm/clients/${client.id}`, { name: "Second", updated_at: client.updated_at }),
      409,
    );
    expect(stale.error.code).toBe("conflict");
    expect((await rows<{ name: string }>("SELECT name FROM clients"))[0].name).toBe("First");
  });

  it("answers 404 for an unknown client on read, edit and delete", async () => {
    expect((await staff.call("GET", "/api/crm/clients/nope")).status).toBe(404);
    expect((await staff.call("PATCH", "/api/crm/clients/nope", { name: "x", updated_at: "2026-01-01T00:00:00.000Z" })).status).toBe(404);
    expect((await staff.call("DELETE", "/api/crm/clients/nope")).status).toBe(404);
  });

  it("shows the client's projects on its detail", async () => {
    const client = await addClient({ name: "Acme" });
    await expectJson(staff.call("POST", "/api/crm/projects", { title: "New site", client_id: client.id }), 201);
    await expectJson(staff.call("POST", "/api/crm/projects", { title: "Someone else's" }), 201);
    const detail = await expectJson<{ client: Client; projects: { title: string; stage: string; status: string }[] }>(
      staff.call("GET", `/api/crm/clients/${client.id}`),
      200,
    );
    expect(detail.projects).toEqual([expect.objectContaining({ title: "New site", stage: "Discovery", status: "On Track" })]);
  });

  it("shows the client's proposals and invoices on its detail, and no one else's", async () => {
    const client = await addClient({ name: "Acme" });
    const other = await addClient({ name: "Bolt" });
    await expectJson(
      staff.call("POST", "/api/crm/proposals", { title: "Acme rebuild", value: 4800, status: "Sent", client_id: client.id }),
      201,
    );
    await expectJson(staff.call("POST", "/api/crm/proposals", { title: "Bolt rebuild", client_id: other.id }), 201);
    const invoice = (date: string, number: string, client_id: string, status = "Sent") =>
      staff.call("POST", "/api/crm/invoices", { number, client_id, total: 120, date, due_date: "2026-12-31", status });
    await expectJson(invoice("2026-01-10", "INV-A-1", client.id, "Paid"), 201);
    await expectJson(invoice("2026-02-10", "INV-A-2", client.id), 201);
    await expectJson(invoice("2026-02-11", "INV-B-1", other.id), 201);
    const detail = await expectJson<{
      proposals: { title: string; status: string; value: number | null }[];
      invoices: { number: string; status: string; total: number; paid_date: string | null }[];
    }>(staff.call("GET", `/api/crm/clients/${client.id}`), 200);
    expect(detail.proposals).toEqual([expect.objectContaining({ title: "Acme rebuild", status: "Sent", value: 4800 })]);
    // Newest invoice first.
    expect(detail.invoices.map((i) => i.number)).toEqual(["INV-A-2", "INV-A-1"]);
    expect(detail.invoices[1].paid_date).not.toBeNull();
  });

  it("lists newest first and offers only active clients by name as options", async () => {
    await addClient({ name: "Zed" });
    await addClient({ name: "Alpha", active: false });
    await addClient({ name: "Beta" });
    const { clients } = await expectJson<{ clients: Client[] }>(staff.call("GET", "/api/crm/clients"), 200);
    expect(clients.map((c) => c.name)).toEqual(["Beta", "Alpha", "Zed"]);
    const options = await expectJson<{ clients: { name: string }[] }>(staff.call("GET", "/api/crm/clients/options"), 200);
    expect(options.clients.map((c) => c.name)).toEqual(["Beta", "Zed"]);
  });

  it("refuses to delete a client that has invoices, and deletes one that has none", async () => {
    const client = await addClient({ name: "Billed" });
    await expectJson(
      staff.call("POST", "/api/crm/invoices", {
        number: "INV-202601-001",
        client_id: client.id,
        total: 100,
        date: "2026-01-01",
        due_date: "2026-01-31",
      }),
      201,
    );
    const refused = await expectJson<Fields>(staff.call("DELETE", `/api/crm/clients/${client.id}`), 409);
    expect(refused.error.message).toMatch(/invoices/);
    expect(await countRows("clients")).toBe(1);
    const other = await addClient({ name: "Unbilled" });
    await expectJson(staff.call("DELETE", `/api/crm/clients/${other.id}`), 200);
    expect(await countRows("clients")).toBe(1);
  });
});
