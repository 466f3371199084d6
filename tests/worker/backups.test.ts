import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { countRows, expectJson, rows, signInAs, type Staff } from "./helpers";
import { seedCrm, snapshot, totalRows } from "./crm-data";
import { splitUtf8 } from "../../worker/services/backups";
import type { BackupSummary } from "../../contract/export";
import type { ServerMessage } from "../../contract/live";

let owner: Staff;
type Refused = { error: { code: string; message: string; fields: Record<string, string> } };
type DeleteAnswer = { backup: BackupSummary; deleted: Record<string, number> };

const deleteAll = (confirm: unknown = "DELETE ALL", who = owner) => who.call("POST", "/api/crm/delete-all", { confirm });
const list = async () => (await expectJson<{ backups: BackupSummary[] }>(owner.call("GET", "/api/crm/backups"), 200)).backups;
const restore = (id: string, who = owner) => who.call("POST", `/api/crm/backups/${id}/restore`);

beforeEach(async () => {
  owner = await signInAs("Owner", "Hannah Whitaker");
});

describe("delete-all", () => {
  it("needs exactly DELETE ALL typed, and changes nothing otherwise", async () => {
    await seedCrm(owner);
    const before = await snapshot();
    for (const confirm of ["delete all", "DELETE ALL ", "", null, true]) {
      const refused = await expectJson<Refused>(deleteAll(confirm), 422);
      expect(refused.error.fields.confirm).toBe("Type DELETE ALL to confirm");
    }
    expect((await owner.call("POST", "/api/crm/delete-all", {})).status).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect(await countRows("backups")).toBe(0);
  });

  it("stores a full backup first, then deletes every CRM row but keeps staff, settings and the preview log", async () => {
    await seedCrm(owner);
    await expectJson(owner.call("PUT", "/api/crm/settings", { studio_name: "Redbrick", address: "Manchester", updated_at: null }), 200);
    await env.DB.prepare(
      "INSERT INTO preview_access_log (preview_id, success, browser, ip_hash) VALUES ('jemrex', 1, 'Chrome (desktop)', 'h')",
    ).run();
    const before = await snapshot();
    const users = await countRows("users");
    const attempts = await countRows("preview_access_log");
    const answer = await expectJson<DeleteAnswer>(deleteAll(), 200);
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
    const { backup } = await expectJson<DeleteAnswer>(deleteAll(), 200);
    const sales = await signInAs("Sales");
    expect((await expectJson<Refused>(deleteAll("DELETE ALL", sales), 403)).error.code).toBe("forbidden");
    expect((await sales.call("GET", "/api/crm/backups")).status).toBe(403);
    expect((await restore(backup.id, sales)).status).toBe(403);
    expect(await totalRows()).toBe(0);
  });
});

describe("backups", () => {
  it("restores a backup to identical rows, only into an empty CRM", async () => {
    await seedCrm(owner);
    const before = await snapshot();
    const { backup } = await expectJson<DeleteAnswer>(deleteAll(), 200);
    await expectJson(owner.call("POST", "/api/crm/leads", { name: "Added since" }), 201);
    const refused = await expectJson<Refused>(restore(backup.id), 409);
    expect(refused.error.message).toMatch(/empty CRM/);
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
    const { backup } = await expectJson<DeleteAnswer>(deleteAll(), 200);
    const [meta] = await rows<{ chunk_count: number }>("SELECT chunk_count FROM backups");
    expect(meta.chunk_count).toBeGreaterThan(2);
    expect(await countRows("backup_chunks")).toBe(meta.chunk_count);
    await expectJson(restore(backup.id), 200);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps backups for 30 days: older ones are purged from the list, their chunks too, and cannot be restored", async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO backups (id, created_by, size, counts, chunk_count, created_at) VALUES ('old', NULL, 2, '{}', 1, ?)",
      ).bind(old),
      env.DB.prepare("INSERT INTO backup_chunks (backup_id, seq, data) VALUES ('old', 0, '{}')"),
    ]);
    expect((await restore("old")).status).toBe(404);
    await seedCrm(owner);
    const { backup } = await expectJson<DeleteAnswer>(deleteAll(), 200);
    expect((await list()).map((b) => b.id)).toEqual([backup.id]);
    expect(await rows("SELECT * FROM backups WHERE id = 'old'")).toEqual([]);
    expect(await rows("SELECT * FROM backup_chunks WHERE backup_id = 'old'")).toEqual([]);
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
