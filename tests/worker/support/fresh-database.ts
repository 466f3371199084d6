/**
 * Empty, freshly migrated tables, as every worker test starts from (setup.ts), and as the round-trip
 * property test needs for each studio it generates.
 */
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";

/** Makes the database freshly migrated and empty, in one batch; call it on an emptied database (reset()). */
export async function migrateFresh(): Promise<void> {
  const statements = (await migratedDatabase()).map((sql) => env.DB.prepare(sql));
  try {
    await env.DB.batch(statements);
  } catch (error) {
    // The tables are there already: the last test's reset() did not empty the database (seen once in
    // a full run under load, after a test that left a query in flight). The migrations, which skip
    // what is applied, used to hide that; this empties it again rather than start from its leftovers.
    if (!/already exists/.test(String(error))) throw error;
    await reset();
    await env.DB.batch(statements);
  }
}

/*
 * Applying the migrations one by one before every test was about a third of the suite's CPU: 25 batches, some of
 * which rebuild tables. What they leave is the same every time, so it is read once, as SQL, and each test replays
 * that in one batch. The replay is checked once against a real migration run, entry by entry and row by row: a
 * migration it cannot reproduce (one that runs ANALYZE, say) fails every test rather than leaving them on a schema
 * the migrations never made.
 */

/** D1's own tables, which it makes itself and does not let a query read. */
const D1_INTERNAL = `name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`;

/** The database as SQL text: sqlite_master in creation order, then each table's rows as SQL literals. */
interface Dump {
  schema: { type: string; name: string; tbl_name: string; sql: string | null }[];
  tables: { name: string; kind: string; columns: string[]; rows: string[] }[];
}

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function dump(): Promise<Dump> {
  const [schema, kinds, columns] = await env.DB.batch([
    env.DB.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE ${D1_INTERNAL} ORDER BY rowid`),
    env.DB.prepare("SELECT name, type AS kind, wr FROM pragma_table_list WHERE schema = 'main'"),
    env.DB.prepare(
      `SELECT m.name AS tbl, c.name AS col FROM sqlite_master AS m, pragma_table_info(m.name) AS c
       WHERE m.type = 'table' AND m.${D1_INTERNAL} ORDER BY m.rowid, c.cid`,
    ),
  ]);
  const kindOf = new Map((kinds.results as { name: string; kind: string; wr: number }[]).map((t) => [t.name, t]));
  const tables = (schema.results as Dump["schema"])
    .filter((e) => e.type === "table")
    .map((e) => {
      const t = kindOf.get(e.name);
      // The rowid too, where there is one: it decides the next rowid the table hands out, and is a column of its own
      // only when an INTEGER PRIMARY KEY names it.
      const hasRowid = t?.wr === 0;
      const cols = (columns.results as { tbl: string; col: string }[]).filter((c) => c.tbl === e.name).map((c) => id(c.col));
      return { name: e.name, kind: t?.kind ?? "table", columns: hasRowid ? ["rowid", ...cols] : cols, rows: [] as string[] };
    });
  // quote() gives each value as the literal that stores it back exactly: integer or real, text or blob.
  const rows = await env.DB.batch(
    tables.map((t) =>
      env.DB.prepare(
        `SELECT ${t.columns.map((c) => `quote(${c})`).join(" || ',' || ")} AS v FROM ${id(t.name)}${t.columns[0] === "rowid" ? " ORDER BY rowid" : ""}`,
      ),
    ),
  );
  tables.forEach((t, i) => (t.rows = (rows[i].results as { v: string }[]).map((r) => r.v)));
  return { schema: schema.results as Dump["schema"], tables };
}

/** The statements that make `d` again on an empty database, in one batch. */
function replay(d: Dump): string[] {
  const kind = new Map(d.tables.map((t) => [t.name, t.kind]));
  // Foreign keys are checked at the batch's commit, so rows go in whatever order the dump has them.
  const sql = ["PRAGMA defer_foreign_keys = on"];
  // In creation order, as the migrations left it: each index and trigger after its table, and each table's indexes in
  // the order the query planner saw them. SQLite makes its own tables and indexes (sql null, sqlite_*) itself, and a
  // virtual table its shadow tables.
  for (const e of d.schema) if (e.sql !== null && !e.name.startsWith("sqlite_") && kind.get(e.name) !== "shadow") sql.push(e.sql);
  // sqlite_sequence last: the inserts above have written to it, with the highest id rather than what AUTOINCREMENT last gave.
  const tables = [...d.tables.filter((t) => t.name !== "sqlite_sequence"), ...d.tables.filter((t) => t.name === "sqlite_sequence")];
  for (const t of tables) {
    if (t.kind === "shadow" || t.rows.length === 0) continue;
    if (t.name === "sqlite_sequence") sql.push("DELETE FROM sqlite_sequence");
    for (let i = 0; i < t.rows.length; i += 100)
      sql.push(
        `INSERT INTO ${id(t.name)} (${t.columns.join(", ")}) VALUES ${t.rows
          .slice(i, i + 100)
          .map((r) => `(${r})`)
          .join(", ")}`,
      );
  }
  return sql;
}

function lines(d: Dump): string[] {
  return [...d.schema.map((e) => `schema: ${JSON.stringify(e)}`), ...d.tables.flatMap((t) => t.rows.map((r) => `${t.name}: ${r}`))];
}

const SNAPSHOT = Symbol.for("redbrick.tests.migratedDatabase");
type WithSnapshot = typeof globalThis & { [SNAPSHOT]?: string[] };

/**
 * The SQL that makes a freshly migrated database, read and checked on the first test of the run. Kept on globalThis:
 * with `isolate: false` every test file shares this workerd, and the migrations cannot change during a run.
 */
async function migratedDatabase(): Promise<string[]> {
  const store = globalThis as WithSnapshot;
  if (store[SNAPSHOT]) return store[SNAPSHOT];
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const migrated = await dump();
  const statements = replay(migrated);
  await reset();
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  const expected = lines(migrated);
  const actual = lines(await dump());
  const at = expected.findIndex((line, i) => line !== actual[i]);
  if (at !== -1 || actual.length !== expected.length) {
    const i = at === -1 ? expected.length : at;
    throw new Error(
      "tests/worker/support/fresh-database.ts: replaying the migrated database's schema and rows does not give what the migrations give.\n" +
        `  migrations: ${expected[i] ?? "(nothing more)"}\n  replay:     ${actual[i] ?? "(nothing more)"}\n` +
        "Teach replay() in tests/worker/support/fresh-database.ts to make it.",
    );
  }
  await reset();
  store[SNAPSHOT] = statements;
  return statements;
}
