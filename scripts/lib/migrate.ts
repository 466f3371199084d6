/**
 * The project's D1 migrations applied through an open D1 binding (the seed's platform proxy), as
 * `wrangler d1 migrations apply --local` applies them: the same files in name order, split by
 * wrangler's own splitter, each in one batch with its row in d1_migrations. wrangler therefore
 * finds them applied afterwards (`npm run db:migrate` still works on the same state). wrangler
 * starts a new local runtime for every migration, a second or more each, so thirty migrations
 * took half a minute of every seed; one open binding applies them all in well under a second.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unstable_splitSqlQuery } from "wrangler";
import type { D1Database } from "@cloudflare/workers-types";
import { ROOT } from "./local";

/** wrangler.toml's D1 binding keeps wrangler's defaults: this folder and this table. */
const MIGRATIONS_DIR = join(ROOT, "migrations");
const MIGRATIONS_TABLE = "d1_migrations";

/** The migration files, in the order they apply (wrangler's: by name). */
export const migrationFiles = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort();

/** Applies every migration not yet recorded in d1_migrations; answers the names it applied. */
export async function applyMigrations(db: D1Database): Promise<string[]> {
  // The table exactly as wrangler creates it, so either can apply the next migration.
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
    )
    .run();
  const applied = new Set((await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>()).results.map((r) => r.name));
  const pending = migrationFiles().filter((name) => !applied.has(name));
  for (const name of pending) {
    const queries = unstable_splitSqlQuery(readFileSync(join(MIGRATIONS_DIR, name), "utf8"));
    await db.batch([
      ...queries.map((query) => db.prepare(query)),
      db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(name),
    ]);
  }
  return pending;
}
