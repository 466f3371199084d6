/**
 * Export, import, delete-all's backup and restore through their chunked paths (docs/decisions/0025-data-transfer-in-chunks.md),
 * at a few hundred rows with pages, pieces and batches made small, so every document spans many
 * of each: what the bench's scale section does at 50,000 leads (scripts/bench/scale.ts), here
 * with the failures part-way that must leave the data as it was.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { countRows, expectJson, rows, signInAs, type Staff } from "../support/helpers";
import { seedCrm, snapshot, totalRows } from "../support/crm-data";
import { createDb } from "../../../worker/platform/db";
import { ExportChanged, importDocument, openExport, tables } from "../../../worker/modules/data";
import { previewCardsOf } from "../../../worker/modules/previews";
import type { leads } from "../../../worker/db/schema";
import { deleteAll, restoreBackup } from "../../../worker/modules/data";
import { AppError } from "../../../worker/platform/errors";

/** Pages of 7 rows, staged pieces of 2 KB, sent 2 at a time. */
const SMALL = { pageRows: 7, chunkBytes: 2048, flushBytes: 4096 };
const source = { actorId: null, ipHash: "test", requestId: "test" };
const db = () => createDb(env.DB);

let owner: Staff;
beforeEach(async () => {
  owner = await signInAs("Owner", "Hannah Whitaker");
});

/** `text` handed over in pieces of `size` characters, as a request body arrives. */
async function* piecesOf(text: string, size = 97) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/** Every text of a generator, joined. */
async function joined(pieces: AsyncIterable<string>) {
  let text = "";
  for await (const piece of pieces) text += piece;
  return text;
}

/**
 * A log of every staged piece as it is written (a trigger in the database), with the number of
 * leads the CRM held at that moment: how many pieces a transfer wrote, and that none was visible.
 */
async function logStaging() {
  await env.DB.exec("CREATE TABLE staged_log (transfer_id TEXT, seq INTEGER, leads_then INTEGER)");
  await env.DB.exec(
    "CREATE TRIGGER log_staged AFTER INSERT ON staged_chunks BEGIN INSERT INTO staged_log VALUES (NEW.transfer_id, NEW.seq, (SELECT count(*) FROM leads)); END",
  );
  return () => rows<{ seq: number; leads_then: number }>("SELECT seq, leads_then FROM staged_log ORDER BY rowid");
}

/** The database refuses the staged piece numbered `seq` (of any transfer), as a failing write part-way would. */
const refuseStagedPiece = (seq: number) =>
  env.DB.exec(`CREATE TRIGGER refuse_piece BEFORE INSERT ON staged_chunks WHEN NEW.seq = ${seq} BEGIN SELECT RAISE(ABORT, 'refused'); END`);

/** A document of `n` leads, each with a timeline entry and a task, and a client the first one became. */
function leadsDocument(n: number) {
  const at = "2026-01-01T09:00:00.000Z";
  const stamp = (i: number) => new Date(Date.parse(at) + i * 1000).toISOString();
  const leads = Array.from({ length: n }, (_, i) => ({
    id: `lead-${String(i).padStart(4, "0")}`,
    name: `Lead ${i} Ünïcode 😀`,
    company: `Company ${i}`,
    email: `lead${i}@example.com`,
    phone: null,
    source: "Website",
    status: i % 5 === 0 ? "Won" : "New",
    notes: `Notes for lead ${i}: "quoted", \\ backslashed, line\nbreak`,
    value: i * 10.5,
    next_action: null,
    follow_up_date: null,
    added_by: null,
    stage_changed_by: null,
    converted_to_client_id: i === 0 ? "client-0" : null,
    created_at: stamp(i),
    updated_at: stamp(i),
  }));
  return {
    version: 1,
    exported_at: at,
    clients: [
      {
        id: "client-0",
        name: "Lead 0's company",
        website: null,
        emails: [],
        phones: [],
        services: [],
        notes: null,
        active: true,
        preview_id: null,
        created_at: at,
        updated_at: at,
      },
    ],
    leads,
    lead_activities: leads.map((l, i) => ({
      id: `la-${i}`,
      lead_id: l.id,
      activity_type: "note_added",
      description: `Called ${l.name}`,
      created_by: null,
      created_at: l.created_at,
      updated_at: l.created_at,
    })),
    projects: [],
    proposals: [],
    invoices: [],
    tasks: leads.map((l, i) => ({
      id: `task-${i}`,
      title: `Follow up ${l.name}`,
      assignee_username: null,
      priority: "Med",
      due_date: null,
      completed: false,
      notes: null,
      related_id: l.id,
      related_type: "lead",
      created_at: l.created_at,
      updated_at: l.created_at,
    })),
    activities: [],
    preview_cards: [],
  };
}

describe("import in chunks", () => {
  it("stages a document read in small pieces over many staged pieces, the CRM empty throughout, then commits it whole", async () => {
    const staged = await logStaging();
    const doc = leadsDocument(300);
    const result = await importDocument(db(), env.PREVIEWS, piecesOf(JSON.stringify(doc)), SMALL);
    expect(result.imported).toMatchObject({ clients: 1, leads: 300, lead_activities: 300, tasks: 300 });
    const log = await staged();
    expect(log.length).toBeGreaterThan(50);
    expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => i));
    // Not one lead was in the CRM while its pieces were being written.
    expect(new Set(log.map((l) => l.leads_then))).toEqual(new Set([0]));
    expect(await countRows("staged_chunks")).toBe(0);
    const stored = await rows<{ id: string; name: string; notes: string; value: number; closed_at: string | null }>(
      "SELECT id, name, notes, value, closed_at FROM leads ORDER BY id",
    );
    expect(stored).toEqual(
      doc.leads.map((l) => ({
        id: l.id,
        name: l.name,
        notes: l.notes,
        value: l.value,
        closed_at: l.status === "Won" ? l.updated_at : null,
      })),
    );
    expect(await countRows("lead_activities")).toBe(300);
  });

  it("a failure writing a later piece leaves the CRM empty and nothing staged", async () => {
    const staged = await logStaging();
    await refuseStagedPiece(12);
    await expect(importDocument(db(), env.PREVIEWS, piecesOf(JSON.stringify(leadsDocument(300))), SMALL)).rejects.toThrow(/refused/);
    // Pieces before it had been written, and were taken away again.
    expect((await staged()).length).toBeGreaterThanOrEqual(10);
    expect(await totalRows()).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("a problem in the document's last rows refuses it after pieces were staged, leaving nothing", async () => {
    const staged = await logStaging();
    const doc = leadsDocument(300);
    (doc.tasks[299] as Record<string, unknown>).priority = "Urgent";
    const refused = await importDocument(db(), env.PREVIEWS, piecesOf(JSON.stringify(doc)), SMALL).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(422);
    expect(Object.keys((refused as AppError).fields!)).toEqual(["tasks.299.priority"]);
    expect((refused as AppError).message).toMatch(
      /^This file is not a valid CRM export \(1 problem\)\. Nothing was imported\. First: tasks\.299\.priority/,
    );
    expect((await staged()).length).toBeGreaterThan(50);
    expect(await totalRows()).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("a reference to a row later in the file is found; one to a row nowhere in it is refused", async () => {
    const doc = leadsDocument(20);
    // Children before their parents, as a hand-made file may have them.
    const { tasks, lead_activities, ...rest } = doc;
    const reordered = { tasks, lead_activities, ...rest };
    expect(Object.keys(reordered).slice(0, 2)).toEqual(["tasks", "lead_activities"]);
    (reordered.lead_activities[19] as Record<string, unknown>).lead_id = "lead-ghost";
    const refused = await importDocument(db(), env.PREVIEWS, piecesOf(JSON.stringify(reordered)), SMALL).catch((e: AppError) => e);
    expect((refused as AppError).fields).toEqual({ "lead_activities.19.lead_id": "No lead with this id in the file" });
    (reordered.lead_activities[19] as Record<string, unknown>).lead_id = "lead-0019";
    expect((await importDocument(db(), env.PREVIEWS, piecesOf(JSON.stringify(reordered)), SMALL)).imported.lead_activities).toBe(20);
  });

  it("a write to the CRM while the file is being staged: the commit refuses the file, keeping that write and none of the file", async () => {
    const text = JSON.stringify(leadsDocument(300));
    async function* withWriteHalfway() {
      let sent = 0;
      for await (const piece of piecesOf(text, 500)) {
        if ((sent += piece.length) > text.length / 2 && sent - piece.length <= text.length / 2)
          await env.DB.prepare("INSERT INTO leads (id, name, status) VALUES ('meanwhile', 'Added meanwhile', 'New')").run();
        yield piece;
      }
    }
    const refused = await importDocument(db(), env.PREVIEWS, withWriteHalfway(), SMALL).catch((e: AppError) => e);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).message).toMatch(/empty CRM/);
    expect(await rows("SELECT id FROM leads")).toEqual([{ id: "meanwhile" }]);
    expect(await totalRows()).toBe(1);
    expect(await countRows("staged_chunks")).toBe(0);
  });
});

describe("export in pages", () => {
  it("reads page by page into exactly the document JSON.stringify makes of every row read at once", async () => {
    await seedCrm(owner);
    const insert = env.DB.prepare("INSERT INTO leads (id, name, status, created_at, updated_at) VALUES (?, ?, 'New', ?, ?)");
    // Twenty leads created in the same millisecond: the pages must go by id within it.
    await env.DB.batch(
      Array.from({ length: 20 }, (_, i) =>
        insert.bind(`same-${19 - i}`, `Same ${i}`, "2026-02-02T10:00:00.000Z", "2026-02-02T10:00:00.000Z"),
      ),
    );
    const exp = await openExport(db(), env.PREVIEWS, { pageRows: 3 });
    const text = await joined(exp.text);
    const d = db();
    const whole: Record<string, unknown> = { version: 1, exported_at: exp.exported_at };
    for (const [name, t] of Object.entries(tables)) {
      const table = t as unknown as typeof leads;
      whole[name] = await d.select().from(table).orderBy(table.created_at, table.id);
    }
    whole.preview_cards = await previewCardsOf(env.PREVIEWS, whole.clients as { id: string; preview_id: string | null }[]);
    expect(text).toBe(JSON.stringify(whole));
    expect(exp.counts.leads).toBe((whole.leads as unknown[]).length);
  });

  it("fails, rather than mixing two moments, when the CRM changes while it is read", async () => {
    await seedCrm(owner);
    const exp = await openExport(db(), env.PREVIEWS, { pageRows: 1 });
    const read: string[] = [];
    const finish = (async () => {
      for await (const piece of exp.text) {
        read.push(piece);
        if (read.length === 5)
          await env.DB.prepare("INSERT INTO leads (id, name, status) VALUES ('meanwhile', 'Added meanwhile', 'New')").run();
      }
    })();
    await expect(finish).rejects.toThrow(ExportChanged);
    // The document's last brace is never written.
    expect(read.join("").endsWith("}")).toBe(false);
  });

  /** Reads a download's export with `during` run once five pieces are out, and the text it then gives. */
  async function downloadWhile(during: () => Promise<unknown>) {
    const exp = await openExport(db(), env.PREVIEWS, { pageRows: 1, leaveOutNewRows: true });
    const read: string[] = [];
    for await (const piece of exp.text) {
      read.push(piece);
      if (read.length === 5) await during();
    }
    return { exp, text: read.join("") };
  }

  it("as a download, is the CRM as it began: rows added meanwhile wait for the next export", async () => {
    await seedCrm(owner);
    const before = await openExport(db(), env.PREVIEWS);
    const expected = await joined(before.text);
    const { exp, text } = await downloadWhile(() =>
      env.DB.batch([
        env.DB.prepare("INSERT INTO leads (id, name, status) VALUES ('meanwhile', 'Added meanwhile', 'New')"),
        env.DB.prepare("INSERT INTO tasks (id, title) VALUES ('meanwhile-task', 'Added meanwhile')"),
      ]),
    );
    const body = (t: string) => t.replace(/"exported_at":"[^"]+"/, "");
    expect(body(text)).toBe(body(expected));
    expect(exp.counts).toEqual(before.counts);
    // The next export has them.
    expect(await joined((await openExport(db(), env.PREVIEWS)).text)).toContain("Added meanwhile");
  });

  it("as a download, still fails when a row it began with changes or goes", async () => {
    await seedCrm(owner);
    const changed = downloadWhile(() => env.DB.prepare("UPDATE leads SET name = 'Renamed', updated_at = '2099-01-01T00:00:00.000Z'").run());
    await expect(changed).rejects.toThrow(ExportChanged);
    const gone = downloadWhile(() => env.DB.prepare("DELETE FROM tasks WHERE rowid = (SELECT min(rowid) FROM tasks)").run());
    await expect(gone).rejects.toThrow(ExportChanged);
  });
});

describe("delete-all and restore in chunks", () => {
  const by = () => ({ id: owner.id, full_name: "Hannah Whitaker" });
  async function crmWithLeads(n: number) {
    await seedCrm(owner);
    const insert = env.DB.prepare("INSERT INTO leads (id, name, notes, status) VALUES (?, ?, ?, 'New')");
    await env.DB.batch(Array.from({ length: n }, (_, i) => insert.bind(`bulk-${i}`, `Bulk ${i}`, "é😀".repeat(50))));
  }

  it("writes the backup over many chunks, and restores it read back a few at a time, to identical rows", async () => {
    await crmWithLeads(200);
    const before = await snapshot();
    const { backup } = await deleteAll(db(), env.PREVIEWS, by(), source, { ...SMALL, chunkBytes: 1024 });
    const [meta] = await rows<{ chunk_count: number }>("SELECT chunk_count FROM backups");
    expect(meta.chunk_count).toBeGreaterThan(40);
    expect(await countRows("backup_chunks")).toBe(meta.chunk_count);
    // No chunk is over its size, and together they are the document whose size the backup gives.
    const chunks = await rows<{ data: string }>("SELECT data FROM backup_chunks ORDER BY seq");
    for (const c of chunks) expect(new TextEncoder().encode(c.data).byteLength).toBeLessThanOrEqual(1024);
    expect(new TextEncoder().encode(chunks.map((c) => c.data).join("")).byteLength).toBe(backup.size);
    expect(await totalRows()).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
    await restoreBackup(db(), env.PREVIEWS, backup.id, source, SMALL);
    expect(await snapshot()).toEqual(before);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("a failure part-way through writing the backup deletes nothing and keeps no backup", async () => {
    await crmWithLeads(200);
    const before = await snapshot();
    const staged = await logStaging();
    await refuseStagedPiece(20);
    await expect(deleteAll(db(), env.PREVIEWS, by(), source, { ...SMALL, chunkBytes: 1024 })).rejects.toThrow(/refused/);
    expect((await staged()).length).toBeGreaterThanOrEqual(10);
    expect(await snapshot()).toEqual(before);
    expect(await countRows("backups")).toBe(0);
    expect(await countRows("backup_chunks")).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("a write while the backup is being written refuses delete-all, deleting nothing", async () => {
    await crmWithLeads(200);
    const before = await snapshot();
    // Another request's task, landing while the tenth piece of the backup is written.
    await env.DB.exec(
      "CREATE TRIGGER meanwhile AFTER INSERT ON staged_chunks WHEN NEW.seq = 10 BEGIN INSERT INTO tasks (id, title, priority, completed) VALUES ('meanwhile', 'Added meanwhile', 'Med', 0); END",
    );
    const refused = await deleteAll(db(), env.PREVIEWS, by(), source, { ...SMALL, chunkBytes: 1024 }).catch((e: AppError) => e);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).message).toMatch(/changed while the backup was being taken/);
    const after = await snapshot();
    expect(after.tasks.map((t) => t.id)).toContain("meanwhile");
    expect({ ...after, tasks: after.tasks.filter((t) => t.id !== "meanwhile") }).toEqual(before);
    expect(await countRows("backups")).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("a backup whose later chunk would not load restores nothing", async () => {
    await crmWithLeads(200);
    const { backup } = await deleteAll(db(), env.PREVIEWS, by(), source, { ...SMALL, chunkBytes: 1024 });
    // The last chunk holding a whole lead row: its leads' status made up.
    const [late] = await rows<{ seq: number }>(
      'SELECT max(seq) AS seq FROM backup_chunks WHERE backup_id = ? AND data LIKE \'%"status":"New"%\'',
      backup.id,
    );
    expect(late.seq).toBeGreaterThan(20);
    await env.DB.prepare(
      `UPDATE backup_chunks SET data = replace(data, '"status":"New"', '"status":"Nope"') WHERE backup_id = ? AND seq = ?`,
    )
      .bind(backup.id, late.seq)
      .run();
    const staged = await logStaging();
    const refused = await restoreBackup(db(), env.PREVIEWS, backup.id, source, SMALL).catch((e: AppError) => e);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).message).toMatch(
      /^This backup could not be read \(\d+ problems?\)\. Nothing was restored\. First: leads\.\d+\.status/,
    );
    expect((await staged()).length).toBeGreaterThan(10);
    expect(await totalRows()).toBe(0);
    expect(await countRows("staged_chunks")).toBe(0);
  });

  it("the Owner's restore through the API answers what it wrote from a backup of many chunks", async () => {
    await crmWithLeads(50);
    const before = await snapshot();
    const { backup } = await deleteAll(db(), env.PREVIEWS, by(), source, { ...SMALL, chunkBytes: 1024 });
    const result = await expectJson(owner.api.crm.backups[":id"].restore.$post({ param: { id: backup.id } }), 200);
    expect(result.imported).toEqual(Object.fromEntries(Object.entries(before).map(([t, r]) => [t, r.length])));
    expect(await snapshot()).toEqual(before);
  });
});
