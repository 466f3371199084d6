/**
 * The batch writer: the seed's rows into D1 in as few statements as D1 allows, and the preview
 * records into KV (and D1) through the worker's own store.
 */
import { getTableColumns, is, SQL, sql, type Table } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../worker/platform/db";
import * as schema from "../../worker/db/schema";
import { hashPassword } from "../../worker/platform/password";
import { writePreview, type PreviewRecord, type PreviewStores } from "../../worker/modules/previews/store";
import { PREVIEW_CLIENTS } from "./data/clients";
import { STUDIO } from "./data/studio";
import { DEFAULT_BOOKING_SETTINGS } from "../../contract/booking-settings";
import type { Row, SeedRows } from "./context";

/** Bytes of JSON rows bound to one INSERT (D1 takes a string of up to 2,000,000 bytes). */
const JSON_BYTES = 512 * 1024;
/** Statements per db.batch() call: about 5 MB a round trip. */
const MAX_STATEMENTS_PER_BATCH = 10;

/**
 * INSERTs that each bind ONE parameter, a JSON array of up to JSON_BYTES of rows, unpacked in SQL
 * as Import does (worker/modules/data/data-transfer.ts): `INSERT INTO leads (…) SELECT json_extract(value,
 * '$."id"'), … FROM json_each(?)`. 50,000 leads are then some 70 statements instead of 10,000
 * multi-row ones under D1's 100 bound parameters. Values are first turned into what drizzle
 * would store (booleans as 0/1, JSON columns as their text); rows are grouped by the columns they
 * give, so a column a row leaves out takes its default as before.
 */
function insertStatements<T extends Table>(db: Db, table: T, values: Row<T>[]): BatchItem<"sqlite">[] {
  const columns = getTableColumns(table);
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of values) {
    const stored: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
      if (value === undefined) continue;
      const column = columns[key];
      stored[column.name] = value === null ? null : column.mapToDriverValue(value);
    }
    const signature = Object.keys(stored).join(",");
    if (!groups.has(signature)) groups.set(signature, []);
    groups.get(signature)!.push(stored);
  }
  const out: BatchItem<"sqlite">[] = [];
  for (const [signature, rows] of groups) {
    const given = new Set(signature.split(","));
    // Every column, in the table's order: a column these rows leave out takes the database's default.
    const selected = Object.values(columns).map((column) =>
      given.has(column.name)
        ? sql.raw(`json_extract(value, '$."${column.name}"')`)
        : column.default === undefined
          ? sql`NULL`
          : is(column.default, SQL)
            ? column.default
            : sql`${column.mapToDriverValue(column.default)}`,
    );
    for (const chunk of jsonChunks(rows))
      out.push(
        db.insert(table).select(sql`SELECT ${sql.join(selected, sql`, `)} FROM json_each(${chunk})`) as unknown as BatchItem<"sqlite">,
      );
  }
  return out;
}

/** Rows as JSON arrays of at most JSON_BYTES (well under D1's 2,000,000-byte string). */
function jsonChunks(rows: Record<string, unknown>[]): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const row of rows) {
    const json = JSON.stringify(row);
    const bytes = Buffer.byteLength(json) + 1;
    if (parts.length > 0 && size + bytes > JSON_BYTES) {
      chunks.push(`[${parts.join(",")}]`);
      parts = [];
      size = 2;
    }
    parts.push(json);
    size += bytes;
  }
  if (parts.length > 0) chunks.push(`[${parts.join(",")}]`);
  return chunks;
}

export async function writeSeed(db: Db, rows: SeedRows): Promise<number> {
  // In SeedRows' order: parents before children, so every foreign key already has its row.
  const statements = [
    ...(Object.keys(rows) as (keyof SeedRows)[]).flatMap((table) =>
      insertStatements<Table>(db, schema[table], rows[table] as Row<Table>[]),
    ),
    // Studio details, so the demo prints a complete invoice.
    db.insert(schema.settings).values({
      key: "studio",
      value: JSON.stringify(STUDIO),
      created_at: rows.users[0].created_at,
      updated_at: rows.users[0].created_at,
    }) as unknown as BatchItem<"sqlite">,
    // The Owner takes the calls booked on /book, in the default hours, so the demo can book one.
    db.insert(schema.settings).values({
      key: "bookings",
      value: JSON.stringify({ ...DEFAULT_BOOKING_SETTINGS, host_id: rows.users.find((u) => u.role === "Owner")?.id ?? null }),
      created_at: rows.users[0].created_at,
      updated_at: rows.users[0].created_at,
    }) as unknown as BatchItem<"sqlite">,
  ];
  // The default data fits one batch, so it lands all at once or not at all.
  for (let i = 0; i < statements.length; i += MAX_STATEMENTS_PER_BATCH) {
    const chunk = statements.slice(i, i + MAX_STATEMENTS_PER_BATCH);
    await db.batch(chunk as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  return statements.length;
}

export async function writePreviews(stores: PreviewStores, code: string, now = new Date()): Promise<void> {
  const updatedAt = now.toISOString();
  await Promise.all(
    PREVIEW_CLIENTS.map(async (p) => {
      const record: PreviewRecord = {
        name: p.name,
        previewUrl: p.previewUrl,
        code: await hashPassword(code),
        expiresAt: null,
        revoked: false,
        updatedAt,
      };
      await writePreview(stores, p.id, null, record);
    }),
  );
}
