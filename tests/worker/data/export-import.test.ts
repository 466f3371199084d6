import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { countRows, errorOf, expectJson, rows, signInAs, type Staff } from "../support/helpers";
import {
  CRM_TABLES,
  deleteAll,
  exportAll,
  importText,
  linkedPreview,
  previewSeenBy,
  seedCrm,
  snapshot,
  totalRows,
} from "../support/crm-data";
import { CHUNK_BYTES } from "../../../worker/modules/data";
import { exportDocument, type ExportDocument } from "../../../contract/export";

let owner: Staff;

const exportNow = () => exportAll(owner);
const importDoc = (doc: unknown, who = owner) => importText(who, JSON.stringify(doc));

/** A minimal valid document with `n` leads. */
function leadsDoc(n: number, notes = ""): ExportDocument {
  const at = "2026-01-01T09:00:00.000Z";
  return {
    version: 1,
    exported_at: at,
    leads: Array.from({ length: n }, (_, i) => ({
      id: `lead-${String(i).padStart(6, "0")}`,
      name: `Lead ${i}`,
      company: i % 3 ? `Company ${i}` : null,
      email: `lead${i}@example.com`,
      phone: null,
      source: "Website" as const,
      status: "New" as const,
      notes: notes || null,
      value: i % 2 ? i * 10.5 : null,
      next_action: null,
      follow_up_date: null,
      added_by: null,
      stage_changed_by: null,
      converted_to_client_id: null,
      created_at: at,
      updated_at: at,
    })),
    lead_activities: [],
    clients: [],
    projects: [],
    proposals: [],
    payments: [],
    payment_reminders: [],
    recurring_invoices: [],
    stripe_events: [],
    invoices: [],
    instalments: [],
    credit_notes: [],
    tasks: [],
    calls: [],
    activities: [],
    mail_messages: [],
    preview_releases: [],
    preview_comments: [],
    preview_replies: [],
    preview_approvals: [],
    proposal_links: [],
    proposal_responses: [],
    proposal_messages: [],
    invoice_links: [],
    preview_cards: [],
  };
}

beforeEach(async () => {
  owner = await signInAs("Owner");
});

describe("export", () => {
  it("answers every row of every CRM table with every column, lists as arrays", async () => {
    await seedCrm(owner);
    const doc = await exportNow();
    expect(doc.version).toBe(1);
    expect(Date.parse(doc.exported_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(doc).sort()).toEqual(["exported_at", "version", "preview_cards", ...CRM_TABLES].sort());
    const stored = await snapshot();
    // Client feedback is CRM data too (docs/decisions/0009-preview-feedback.md), and the seed has rows in every table.
    expect(CRM_TABLES).toEqual(expect.arrayContaining(["preview_releases", "preview_comments", "preview_replies", "preview_approvals"]));
    for (const table of CRM_TABLES) {
      expect(stored[table].length, table).toBeGreaterThan(0);
      expect(doc[table], table).toHaveLength(stored[table].length);
      const columns = ((await env.DB.prepare(`PRAGMA table_info(${table})`).all()).results as { name: string }[]).map((c) => c.name);
      for (const row of doc[table]) expect(Object.keys(row).sort(), table).toEqual(columns.sort());
    }
    const cafe = doc.clients.find((c) => c.name.startsWith("Café"))!;
    expect(cafe).toMatchObject({ emails: ["hello@cafe.example", "o'brien@cafe.example"], active: false, preview_id: "jemrex" });
    expect(doc.tasks.map((t) => t.completed).sort()).toEqual([false, true]);
    // The linked client's card as the studio set it, and never its code, not even hashed.
    expect(doc.preview_cards).toEqual([
      { preview_id: "jemrex", client_id: cafe.id, preview_url: "https://cafe.example/preview", expires_at: null, revoked: false },
    ]);
    // What Export writes, Import accepts.
    expect(exportDocument.safeParse(doc).success).toBe(true);
  });

  /** A download of 4,000 leads, `during` run once its first piece has arrived; the rest read as text, or the failure. */
  async function downloadWhile(during: string) {
    const insert = env.DB.prepare("INSERT INTO leads (id, name, notes, status) VALUES (?, ?, ?, 'New')");
    for (let i = 0; i < 4000; i += 500)
      await env.DB.batch(Array.from({ length: 500 }, (_, j) => insert.bind(`bulk-${i + j}`, `Bulk ${i + j}`, "n".repeat(300))));
    const res = await owner.api.crm.export.$get({ query: {} });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    let text = decoder.decode(first.value, { stream: true });
    expect(text).toMatch(/^\{"version":1,"exported_at":"/);
    await env.DB.prepare(during).run();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
  }

  it("ends the download unfinished, not as a file mixing two moments, when a row it began with changes", async () => {
    await expect(
      downloadWhile(
        "UPDATE leads SET name = 'Renamed meanwhile', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 second') WHERE id = 'bulk-3999'",
      ),
    ).rejects.toThrow();
  });

  it("finishes the download as the CRM stood when it began when an enquiry arrives meanwhile", async () => {
    const doc = JSON.parse(
      await downloadWhile("INSERT INTO leads (id, name, status) VALUES ('meanwhile', 'Added meanwhile', 'New')"),
    ) as ExportDocument;
    expect(doc.leads).toHaveLength(4000);
    expect(doc.leads.some((l) => l.id === "meanwhile")).toBe(false);
  });

  it("is the Owner's alone: every client's and lead's details in one file", async () => {
    const sales = await signInAs("Sales");
    expect((await sales.api.crm.export.$get({ query: {} })).status).toBe(403);
  });
});

describe("import", () => {
  it("round-trips: export, delete all, import gives back identical rows in every table", async () => {
    await seedCrm(owner);
    const before = await snapshot();
    const doc = await exportNow();
    await deleteAll(owner);
    expect(await totalRows()).toBe(0);
    const result = await expectJson(importDoc(doc), 200);
    expect(result.cleared_user_refs).toBe(0);
    expect(result.imported).toEqual(Object.fromEntries(CRM_TABLES.map((t) => [t, before[t].length])));
    expect(await snapshot()).toEqual(before);
  });

  it("gives every linked client its preview URL, versions and expiry back, and lists those who need a new code", async () => {
    const cafe = await linkedPreview(owner, { name: "Café Ünïcode", card: "jemrex", url: "https://cafe.example/v2" });
    const before = await previewSeenBy(owner, cafe);
    const doc = await exportNow();
    await deleteAll(owner);
    const result = await expectJson(importDoc(doc), 200);
    expect(result.previews).toEqual({ restored: 1, need_code: [{ client_id: cafe.clientId, name: "Café Ünïcode" }], failed: [] });
    // The file carries no code, so the old one stays refused until the studio issues a new one.
    expect(await previewSeenBy(owner, cafe)).toEqual({ ...before, hasCode: false, codeWorks: false, cookieWorks: false });
    const { code } = await expectJson(owner.api.crm.clients[":id"].preview.code.$post({ param: { id: cafe.clientId } }), 201);
    expect(await previewSeenBy(owner, { ...cafe, code })).toMatchObject({ url: "https://cafe.example/v2", codeWorks: true });
  });

  it("takes an export made by an earlier version: pretty-printed, members in another order, later tables absent, no closed_at", async () => {
    const doc = leadsDoc(3) as unknown as Record<string, unknown>;
    const leads = doc.leads as Record<string, unknown>[];
    leads[1].status = "Won";
    leads[2].status = "Proposal Sent";
    for (const lead of leads) delete lead.closed_at;
    for (const lead of leads) delete lead.furthest_stage;
    for (const later of ["mail_messages", "preview_releases", "preview_comments", "preview_replies", "preview_approvals"])
      delete doc[later];
    for (const later of ["proposal_links", "proposal_responses", "proposal_messages", "invoice_links", "preview_cards"]) delete doc[later];
    const reordered = Object.fromEntries(Object.entries(doc).reverse());
    const imported = await importText(owner, JSON.stringify(reordered, null, 2).replaceAll("\n", "\r\n"));
    expect(await expectJson(imported, 200)).toMatchObject({
      imported: { leads: 3, mail_messages: 0 },
    });
    // A lead imported closed, its file saying nothing of when: it closed at its last change.
    expect(await rows("SELECT status, closed_at, updated_at FROM leads WHERE id = 'lead-000001'")).toEqual([
      { status: "Won", closed_at: leads[1].updated_at, updated_at: leads[1].updated_at },
    ]);
    // Nor of how far each got, for the funnel: as far as its status says (Won: past every open stage).
    expect(await rows("SELECT status, furthest_stage FROM leads ORDER BY id")).toEqual([
      { status: "New", furthest_stage: "New" },
      { status: "Won", furthest_stage: "Negotiation" },
      { status: "Proposal Sent", furthest_stage: "Proposal Sent" },
    ]);
  });

  it("carries each proposal's payment schedule; a file from before schedules gives the Terms' one; one that does not add up is refused", async () => {
    const { lead } = await expectJson(owner.api.crm.leads.$post({ json: { name: "Jo Carter" } }), 201);
    const { proposal } = await expectJson(
      owner.api.crm.proposals.$post({
        json: {
          title: "Bakery website",
          lead_id: lead.id,
          lines: [{ description: "Build", quantity: 1, unit_price: 2400 }],
          payment_schedule: [
            { label: "Deposit\u200b", share_kind: "amount", share: 400, due: "on_acceptance", due_date: null },
            { label: "Launch", share_kind: "percent", share: 50, due: "on_date", due_date: "2027-01-15" },
            { label: "Balance", share_kind: "amount", share: 800, due: "on_completion", due_date: null },
          ],
        },
      }),
      201,
    );
    const doc = await exportNow();
    expect(doc.proposals[0].payment_schedule).toEqual(proposal.payment_schedule.map(({ amount: _amount, ...i }) => i));
    const before = await snapshot();
    await deleteAll(owner);
    await expectJson(importDoc(doc), 200);
    expect(await snapshot()).toEqual(before);
    expect((await expectJson(owner.api.crm.proposals[":id"].$get({ param: { id: proposal.id } }), 200)).proposal.payment_schedule).toEqual(
      proposal.payment_schedule,
    );

    await deleteAll(owner);
    const earlier = structuredClone(doc) as unknown as { proposals: Record<string, unknown>[] };
    delete earlier.proposals[0].payment_schedule;
    await expectJson(importDoc(earlier), 200);
    expect(await rows("SELECT payment_schedule FROM proposals")).toEqual([
      {
        payment_schedule: JSON.stringify([
          { label: "Deposit", share_kind: "percent", share: 50, due: "on_acceptance", due_date: null },
          { label: "Balance", share_kind: "percent", share: 50, due: "on_launch_approval", due_date: null },
        ]),
      },
    ]);

    await deleteAll(owner);
    const off = structuredClone(doc);
    off.proposals[0].payment_schedule[2].share = 680;
    const refused = await errorOf(importDoc(off), 422);
    expect(refused.fields).toMatchObject({ "proposals.0.payment_schedule": "The payment schedule is £120.00 short of the total" });
    expect(await totalRows()).toBe(0);
  });

  it("refuses a file that is not JSON, or is cut short, saying so and writing nothing", async () => {
    const text = JSON.stringify(leadsDoc(200));
    for (const body of ["not json at all", text.slice(0, text.length / 2), `${text}]`]) {
      const refused = await errorOf(importText(owner, body), 400);
      expect(refused.code).toBe("invalid_json");
      expect(refused.message).toMatch(
        /^This file is not a valid CRM export: it is not JSON \(.+ at character \d+\)\. Nothing was imported\.$/,
      );
    }
    expect(await totalRows()).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("imports only into an empty CRM: 409 otherwise, changing nothing", async () => {
    await seedCrm(owner);
    const before = await snapshot();
    const refused = await errorOf(importDoc(await exportNow()), 409);
    expect(refused.message).toMatch(/empty CRM/);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a malformed file, saying where and what, and writes nothing", async () => {
    const doc = leadsDoc(3) as unknown as Record<string, Record<string, unknown>[]>;
    doc.leads[1].status = "Maybe";
    doc.leads[2].value = "lots";
    const refused = await errorOf(importDoc(doc), 422);
    expect(refused.code).toBe("validation_failed");
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(["leads.1.status", "leads.2.value"]);
    expect(refused.fields?.["leads.1.status"]).toMatch(/New/);
    expect(refused.message).toMatch(/^This file is not a valid CRM export \(2 problems\)\. Nothing was imported\. First: leads\.1\.status/);
    expect(await countRows("leads")).toBe(0);
  });

  it("holds links and addresses to the API's own rules: no javascript: website, no malformed e-mail", async () => {
    await seedCrm(owner);
    const doc = await exportNow();
    await deleteAll(owner);
    const tampered = structuredClone(doc) as unknown as Record<string, Record<string, unknown>[]>;
    tampered.clients[0].website = "javascript:alert(document.cookie)";
    tampered.clients[1].emails = ["not an e-mail"];
    tampered.leads[0].email = "<script>@x";
    tampered.invoices[0].number = "INV 1; DROP";
    tampered.preview_releases[0].preview_url = "http://plain-http.example/";
    const refused = await errorOf(importDoc(tampered), 422);
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual([
      "clients.0.website",
      "clients.1.emails.0",
      "invoices.0.number",
      "leads.0.email",
      "preview_releases.0.preview_url",
    ]);
    expect(await totalRows()).toBe(0);
    // The untouched file still imports.
    await expectJson(importDoc(doc), 200);
  });

  it("checks ids and references across the whole file", async () => {
    const doc = leadsDoc(2);
    doc.leads[1].id = doc.leads[0].id;
    doc.leads[0].converted_to_client_id = "ghost-client";
    doc.lead_activities.push({
      id: "la-1",
      lead_id: "ghost-lead",
      activity_type: "note_added",
      description: "x",
      created_by: null,
      created_at: doc.exported_at,
      updated_at: doc.exported_at,
    });
    const refused = await errorOf(importDoc(doc), 422);
    expect(refused.fields).toEqual({
      "leads.1.id": "This id appears twice",
      "leads.0.converted_to_client_id": "No client with this id in the file",
      "lead_activities.0.lead_id": "No lead with this id in the file",
    });
    expect(await countRows("leads")).toBe(0);
  });

  it("keeps shared proposal and invoice links working through export and import, and refuses two live links to one", async () => {
    await seedCrm(owner);
    const doc = await exportNow();
    const live = doc.proposal_links.find((l) => l.revoked_at === null)!;
    expect(doc.proposal_responses).toEqual([
      expect.objectContaining({ kind: "accepted", full_name: "Chloé O'Brien", browser: "Ünïcode browser" }),
    ]);
    expect(doc.proposal_messages.map((m) => m.author)).toEqual(["client", "studio"]);
    await deleteAll(owner);
    const twice = structuredClone(doc);
    twice.proposal_links.push({ ...live, id: "another-link", token_hash: "f".repeat(64) });
    twice.proposal_links.push({ ...live, id: "same-hash", revoked_at: doc.exported_at });
    // The seeded invoice's link (the Retainer's deposit, raised by itself, has one of its own).
    const seeded = doc.invoices.find((i) => i.number === "INV-202601-001")!;
    const invoiceLink = doc.invoice_links.find((l) => l.invoice_id === seeded.id)!;
    twice.invoice_links.push({ ...invoiceLink, id: "second-invoice-link", token_hash: "e".repeat(64) });
    const refused = await errorOf(importDoc(twice), 422);
    expect(refused.fields).toMatchObject({
      [`proposal_links.${twice.proposal_links.length - 2}.proposal_id`]: "This proposal has two live links",
      [`proposal_links.${twice.proposal_links.length - 1}.token_hash`]: "This link appears twice",
      [`invoice_links.${twice.invoice_links.length - 1}.invoice_id`]: "This invoice has two live links",
    });
    expect(await countRows("proposal_links")).toBe(0);
    await expectJson(importDoc(doc), 200);
    expect(await rows("SELECT token_hash FROM proposal_links WHERE revoked_at IS NULL")).toEqual([{ token_hash: live.token_hash }]);
    // Whom the CRM e-mailed it to, and when, come back with it.
    expect(invoiceLink).toMatchObject({ emailed_to: "hello@cafe.example", emailed_at: expect.any(String) });
    expect(await rows("SELECT token_hash, views, emailed_to, emailed_at FROM invoice_links WHERE invoice_id = ?", seeded.id)).toEqual([
      { token_hash: invoiceLink.token_hash, views: 1, emailed_to: "hello@cafe.example", emailed_at: invoiceLink.emailed_at },
    ]);
  });

  it("refuses another version, extra fields, missing tables, and a body that is not JSON", async () => {
    const v2 = await errorOf(importDoc({ ...leadsDoc(1), version: 2 }), 422);
    expect(v2.fields?.version).toBe("Only version 1 exports can be imported");
    expect((await importDoc({ ...leadsDoc(1), users: [] })).status).toBe(422);
    const { tasks: _omitted, ...missing } = leadsDoc(1);
    expect(Object.keys((await errorOf(importDoc(missing), 422)).fields ?? {})).toEqual(["tasks"]);
    const notJson = await owner.api.crm.import.$post();
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(await countRows("leads")).toBe(0);
  });

  it("takes keys named like an object's own properties as the unknown keys they are", async () => {
    const text = JSON.stringify(leadsDoc(1)).replace(/^\{/, '{"__proto__":{"leads":[]},"toString":[1],"constructor":"x",');
    const refused = await errorOf(importText(owner, text), 422);
    expect(refused.fields).toEqual({ _: 'Unrecognized keys: "__proto__", "toString", "constructor"' });
    expect(await countRows("leads")).toBe(0);
  });

  it("reports at most 50 problems but counts them all", async () => {
    const doc = leadsDoc(120) as unknown as Record<string, Record<string, unknown>[]>;
    for (const lead of doc.leads) lead.status = "Nope";
    const refused = await errorOf(importDoc(doc), 422);
    expect(Object.keys(refused.fields ?? {})).toHaveLength(50);
    expect(refused.message).toMatch(/\(120 problems\)/);
  });

  it("clears references to staff accounts this CRM does not have", async () => {
    const doc = leadsDoc(2);
    doc.leads[0].added_by = "someone-elsewhere";
    doc.leads[1].added_by = owner.id;
    const result = await expectJson(importDoc(doc), 200);
    expect(result.cleared_user_refs).toBe(1);
    const stored = await snapshot();
    expect(stored.leads.map((l) => l.added_by)).toEqual([null, owner.id]);
  });

  it("writes a file larger than one staged piece, committing it in one small batch", async () => {
    const doc = leadsDoc(1500, "n".repeat(400));
    expect(JSON.stringify(doc.leads).length).toBeGreaterThan(CHUNK_BYTES);
    const result = await expectJson(importDoc(doc), 200);
    // The guard, one INSERT ... SELECT for the leads, the staged pieces deleted, the audit line.
    expect(result.statements).toBe(4);
    expect(await countRows("leads")).toBe(1500);
    expect(await countRows("staged_chunks")).toBe(0);
    const [row] = (await env.DB.prepare("SELECT * FROM leads WHERE id = 'lead-000001'").all()).results;
    expect(row).toMatchObject({ name: "Lead 1", company: "Company 1", value: 10.5, notes: "n".repeat(400), status: "New" });
  });

  it("is all-or-nothing: a failure in the committing batch's last row leaves every table empty and nothing staged", async () => {
    // The database refuses the very last lead, inside the one batch that commits the file.
    await env.DB.exec(
      "CREATE TRIGGER refuse_last_lead BEFORE INSERT ON leads WHEN NEW.id = 'lead-001499' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    expect((await importDoc(leadsDoc(1500, "n".repeat(400)))).status).toBe(500);
    expect(await totalRows()).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("is the Owner's: Sales gets 403 and nothing is written", async () => {
    const sales = await signInAs("Sales");
    const refused = await errorOf(importDoc(leadsDoc(1), sales), 403);
    expect(refused.code).toBe("forbidden");
    expect(await countRows("leads")).toBe(0);
  });
});
