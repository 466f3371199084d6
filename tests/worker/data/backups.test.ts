import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { countRows, errorOf, expectJson, rows, runCron, signInAs, unchecked, type Staff } from "../support/helpers";
import { exportAll, linkedPreview, previewSeenBy, seedCrm, snapshot, totalRows } from "../support/crm-data";
import { splitUtf8 } from "../../../worker/modules/data";
import { readDocument } from "../../../worker/modules/data";
import { AppError } from "../../../worker/platform/errors";
import { exportTables } from "../../../contract/export";
import { recordHref } from "../../../contract/record-href";
import type { ServerMessage } from "../../../contract/live";

let owner: Staff;

const deleteAll = (confirm: "DELETE ALL" = "DELETE ALL", who = owner) => who.api.crm["delete-all"].$post({ json: { confirm } });
const list = async () => (await expectJson(owner.api.crm.backups.$get(), 200)).backups;
const restore = (id: string, who = owner) => who.api.crm.backups[":id"].restore.$post({ param: { id } });

beforeEach(async () => {
  owner = await signInAs("Owner", "Hannah Whitaker");
});

describe("delete-all", () => {
  it("needs exactly DELETE ALL typed, and changes nothing otherwise", async () => {
    await seedCrm(owner);
    const before = await snapshot();
    for (const confirm of ["delete all", "DELETE ALL ", "", null, true]) {
      const refused = await errorOf(deleteAll(unchecked(confirm)), 422);
      expect(refused.fields?.confirm).toBe("Type DELETE ALL to confirm");
    }
    expect((await owner.api.crm["delete-all"].$post({ json: unchecked({}) })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect(await countRows("backups")).toBe(0);
  });

  it("stores a full backup first, then deletes every CRM row but keeps staff, settings and the preview log", async () => {
    await seedCrm(owner);
    await expectJson(owner.api.crm.settings.$put({ json: { studio_name: "Redbrick", address: "Manchester", updated_at: null } }), 200);
    await env.DB.prepare(
      "INSERT INTO preview_access_log (preview_id, success, browser, ip_hash) VALUES ('jemrex', 1, 'Chrome (desktop)', 'h')",
    ).run();
    const before = await snapshot();
    const users = await countRows("users");
    const attempts = await countRows("preview_access_log");
    const answer = await expectJson(deleteAll(), 200);
    expect(await totalRows()).toBe(0);
    expect(await countRows("users")).toBe(users);
    expect(await countRows("settings")).toBe(1);
    expect(await countRows("preview_access_log")).toBe(attempts);
    expect(answer.deleted).toEqual(Object.fromEntries(Object.entries(before).map(([t, r]) => [t, r.length])));
    expect(answer.backup).toMatchObject({ created_by: owner.id, created_by_name: "Hannah Whitaker", counts: answer.deleted });
    const [chunks] = await rows<{ text: string }>(
      "SELECT group_concat(data, '') AS text FROM (SELECT data FROM backup_chunks ORDER BY seq)",
    );
    expect(new TextEncoder().encode(chunks.text).byteLength).toBe(answer.backup.size);
    expect(JSON.parse(chunks.text)).toMatchObject({ version: 1, clients: expect.any(Array) });
    expect(await list()).toEqual([answer.backup]);
  });

  it("publishes one reset event to every open CRM tab", async () => {
    const res = await exports.default.fetch("http://localhost/api/crm/live", {
      headers: { Upgrade: "websocket", Origin: "http://localhost", Cookie: owner.cookie },
    });
    const ws = res.webSocket!;
    const messages: ServerMessage[] = [];
    ws.addEventListener("message", (e) => messages.push(JSON.parse(e.data as string)));
    ws.accept();
    await expectJson(deleteAll(), 200);
    const end = Date.now() + 2000;
    while (!messages.some((m) => m.kind === "change") && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(messages.filter((m) => m.kind === "change")).toEqual([
      { kind: "change", event: { entity: "all", op: "reset", id: null, by: owner.id } },
    ]);
    ws.close(1000);
  });

  it("is the Owner's: Sales gets 403 on delete-all, the backup list and restore", async () => {
    await seedCrm(owner);
    const { backup } = await expectJson(deleteAll(), 200);
    const sales = await signInAs("Sales");
    expect((await errorOf(deleteAll("DELETE ALL", sales), 403)).code).toBe("forbidden");
    expect((await sales.api.crm.backups.$get()).status).toBe(403);
    expect((await restore(backup.id, sales)).status).toBe(403);
    expect(await totalRows()).toBe(0);
  });
});

describe("backups", () => {
  it("restores a backup to identical rows, only into an empty CRM", async () => {
    await seedCrm(owner);
    const before = await snapshot();
    const { backup } = await expectJson(deleteAll(), 200);
    await expectJson(owner.api.crm.leads.$post({ json: { name: "Added since" } }), 201);
    const refused = await errorOf(restore(backup.id), 409);
    expect(refused.message).toMatch(/empty CRM/);
    // A second delete-all empties it again (and keeps its own backup), then the first restores.
    await expectJson(deleteAll(), 200);
    expect(await list()).toHaveLength(2);
    await expectJson(restore(backup.id), 200);
    expect(await snapshot()).toEqual(before);
  });

  it("splits a large backup over several chunks and restores it whole", async () => {
    // ~1 MB of leads with multi-byte text, so chunk boundaries fall inside UTF-8 sequences.
    const insert = env.DB.prepare("INSERT INTO leads (id, name, notes, status) VALUES (?, ?, ?, 'New')");
    await env.DB.batch(Array.from({ length: 1000 }, (_, i) => insert.bind(`l${i}`, `Lead ${i}`, "é😀".repeat(200))));
    const before = await snapshot();
    const { backup } = await expectJson(deleteAll(), 200);
    const [meta] = await rows<{ chunk_count: number }>("SELECT chunk_count FROM backups");
    expect(meta.chunk_count).toBeGreaterThan(2);
    expect(await countRows("backup_chunks")).toBe(meta.chunk_count);
    await expectJson(restore(backup.id), 200);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps backups for 30 days: older ones leave the list, cannot be restored, and the nightly job deletes them and their chunks", async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO backups (id, created_by, size, counts, chunk_count, created_at) VALUES ('old', NULL, 2, '{}', 1, ?)",
      ).bind(old),
      env.DB.prepare("INSERT INTO backup_chunks (backup_id, seq, data) VALUES ('old', 0, '{}')"),
    ]);
    expect((await restore("old")).status).toBe(404);
    await seedCrm(owner);
    const { backup } = await expectJson(deleteAll(), 200);
    expect((await list()).map((b) => b.id)).toEqual([backup.id]);
    await runCron();
    expect(await rows("SELECT * FROM backups WHERE id = 'old'")).toEqual([]);
    expect(await rows("SELECT * FROM backup_chunks WHERE backup_id = 'old'")).toEqual([]);
  });

  it("is a full undo: every linked client gets its preview URL, versions, expiry and code back, and an open visit stays open", async () => {
    const cafe = await linkedPreview(owner, { name: "Café Ünïcode", card: "jemrex", url: "https://cafe.example/v2" });
    const shop = await linkedPreview(owner, { name: "Bike Shop", card: "stockport-bike-works", url: "https://bikes.example/" });
    await expectJson(owner.api.crm.clients[":id"].preview.revoke.$post({ param: { id: shop.clientId } }), 200);
    const before = { cafe: await previewSeenBy(owner, cafe), shop: await previewSeenBy(owner, shop), rows: await snapshot() };
    expect(before.cafe).toMatchObject({
      url: "https://cafe.example/v2",
      hasCode: true,
      revoked: false,
      codeWorks: true,
      cookieWorks: true,
    });
    expect(before.cafe.versions).toHaveLength(2);

    const { backup } = await expectJson(deleteAll(), 200);
    // Deleting everything closes every card at once: the code and the open visit are refused.
    expect(await previewSeenBy(owner, cafe)).toMatchObject({ codeWorks: false, cookieWorks: false });

    const result = await expectJson(restore(backup.id), 200);
    expect(result.previews).toEqual({ restored: 2, need_code: [], failed: [] });
    expect(await snapshot()).toEqual(before.rows);
    expect(await previewSeenBy(owner, cafe)).toEqual(before.cafe);
    // A card the studio had revoked comes back revoked, its code kept for when it is reopened.
    expect(await previewSeenBy(owner, shop)).toEqual(before.shop);
    expect(before.shop).toMatchObject({ revoked: true, hasCode: true, codeWorks: false });
  });

  it("proves the backup before deleting: a row that would not restore refuses delete-all with the problem, deleting nothing", async () => {
    await seedCrm(owner);
    // A value no API accepts, written behind the API's back (an old version, a hand edit).
    await env.DB.prepare("UPDATE leads SET email = 'not an address' WHERE name = 'Second Lead'").run();
    const [{ id }] = await rows<{ id: string }>("SELECT id FROM leads WHERE name = 'Second Lead'");
    const before = await snapshot();
    const refused = await errorOf(deleteAll(), 409);
    // Named as a person finds it: the table, the record's id, the field, and where the CRM opens it.
    const told = `Please enter a valid email address. Open it at /crm/leads?lead=${id}`;
    expect(refused.message).toBe(
      `The backup of this data would not restore (1 problem). Nothing was deleted. First: leads ${id}, email: ${told}`,
    );
    expect(refused.fields).toEqual({ [`leads.${id}.email`]: told });
    expect(await snapshot()).toEqual(before);
    expect(await countRows("backups")).toBe(0);
  });

  it("names a filed message that would not restore by its id, its field and the record it is filed on", async () => {
    await seedCrm(owner);
    const [mail] = await rows<{ id: string; related_type: string; related_id: string }>(
      "SELECT id, related_type, related_id FROM mail_messages WHERE related_id IS NOT NULL LIMIT 1",
    );
    await env.DB.prepare("UPDATE mail_messages SET dedupe_key = ? WHERE id = ?").bind("k".repeat(1000), mail.id).run();
    const refused = await errorOf(deleteAll(), 409);
    const href = mail.related_type === "lead" ? `/crm/leads?lead=${mail.related_id}` : `/crm/clients/${mail.related_id}`;
    expect(refused.message).toMatch(
      new RegExp(`First: mail_messages ${mail.id}, dedupe_key: Too big: .*\\. Open it at ${href.replace(/[?]/g, "\\?")}$`),
    );
    expect(Object.keys(refused.fields ?? {})).toEqual([`mail_messages.${mail.id}.dedupe_key`]);
  });

  it("names a row whose reference goes nowhere by the row it is in, and every table's rows by where they open", async () => {
    await seedCrm(owner);
    const doc = await exportAll(owner);
    const entry = doc.activities.find((a) => a.mail_id)!;
    entry.mail_id = "gone";
    const refusal = { what: "The backup of this data would not restore", outcome: "Nothing was deleted.", code: "conflict" as const };
    const read = (byRecord: boolean) =>
      readDocument(
        (async function* () {
          yield JSON.stringify(doc);
        })(),
        { refusal: { ...refusal, byRecord }, knownUsers: null },
      ).then(
        () => null,
        (e: unknown) => (e instanceof AppError ? e.message : String(e)),
      );
    const href = recordHref("activities", entry);
    expect(href).toMatch(/^\/crm\/(leads\?lead=|clients\/)/);
    expect(await read(true)).toBe(
      `The backup of this data would not restore (1 problem). Nothing was deleted. First: activities ${entry.id as string}, mail_id: No message with this id in the file. Open it at ${href}`,
    );
    // A file's problems are named by their place in it.
    expect(await read(false)).toMatch(/First: activities\.\d+\.mail_id: No message with this id in the file$/);

    // Every table's rows open somewhere in the CRM: the record, the one it belongs to, or its list.
    const sample = {
      id: "r1",
      lead_id: "l1",
      client_id: "c1",
      invoice_id: "i1",
      proposal_id: "p1",
      related_type: "client",
      related_id: "c2",
    };
    expect(Object.fromEntries(exportTables.map((t) => [t, recordHref(t, sample)]))).toEqual({
      clients: "/crm/clients/r1",
      leads: "/crm/leads?lead=r1",
      lead_activities: "/crm/leads?lead=l1",
      projects: "/crm/projects?project=r1",
      proposals: "/crm/proposals?proposal=r1",
      invoices: "/crm/invoices?invoice=r1",
      payments: "/crm/invoices?invoice=i1",
      payment_reminders: "/crm/invoices?invoice=i1",
      stripe_events: "/crm/invoices",
      instalments: "/crm/proposals?proposal=p1",
      recurring_invoices: "/crm/clients/c1",
      credit_notes: "/crm/invoices?invoice=i1",
      tasks: "/crm/clients/c2",
      calls: "/crm/leads?lead=l1",
      mail_messages: "/crm/clients/c2",
      activities: "/crm/clients/c2",
      preview_releases: "/crm/clients/c1",
      preview_comments: "/crm/clients/c1",
      preview_replies: "/crm/clients",
      preview_approvals: "/crm/clients/c1",
      proposal_links: "/crm/proposals?proposal=p1",
      proposal_responses: "/crm/proposals?proposal=p1",
      proposal_messages: "/crm/proposals?proposal=p1",
      invoice_links: "/crm/invoices?invoice=i1",
    });
    expect(recordHref("mail_messages", { id: "m1", related_type: null, related_id: null })).toBe("/crm/mail");
  });

  it("restores a backup taken before text was normalised: names stored empty come back as (no name)", async () => {
    await seedCrm(owner);
    const doc = await exportAll(owner);
    // What the old code stored for a name of control characters: "" (trimmed, counted, then stripped).
    doc.preview_comments[0].author_name = "";
    doc.preview_approvals[0].approver_name = "\u0001\u0001";
    const text = JSON.stringify(doc);
    const at = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare("DELETE FROM leads"),
      env.DB.prepare(
        "INSERT INTO backups (id, created_by, size, counts, chunk_count, created_at) VALUES ('before-0006', ?, ?, '{}', 1, ?)",
      ).bind(owner.id, text.length, at),
      env.DB.prepare("INSERT INTO backup_chunks (backup_id, seq, data) VALUES ('before-0006', 0, ?)").bind(text),
    ]);
    await expectJson(deleteAll(), 200);
    const result = await expectJson(restore("before-0006"), 200);
    expect(result.repaired_text).toBe(2);
    expect(await rows("SELECT author_name FROM preview_comments")).toEqual([{ author_name: "(no name)" }]);
    expect(await rows("SELECT approver_name FROM preview_approvals")).toEqual([{ approver_name: "(no name)" }]);
  });

  it("answers 404 for an unknown backup", async () => {
    expect((await restore("nope")).status).toBe(404);
  });
});

describe("splitUtf8", () => {
  it("never splits a character and keeps every piece within the byte limit", () => {
    const text = "a😀é€".repeat(50);
    for (const max of [4, 5, 7, 16]) {
      const pieces = splitUtf8(text, max);
      expect(pieces.join("")).toBe(text);
      for (const p of pieces) {
        expect(new TextEncoder().encode(p).byteLength).toBeLessThanOrEqual(max);
        expect(p).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      }
    }
    expect(splitUtf8("")).toEqual([""]);
  });
});
