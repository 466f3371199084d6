/** The database every worker test starts from (fresh-database.ts), when the last test's reset() did not empty it. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { migrateFresh } from "./fresh-database";

describe("a fresh database", () => {
  it("starts from empty, migrated tables even when the last test's tables and rows are still there", async () => {
    // setup.ts has already made this test's tables: as if reset() had left them, with a row.
    await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('leftover', 'x')").run();
    await migrateFresh();
    expect((await env.DB.prepare("SELECT count(*) AS n FROM settings WHERE key = 'leftover'").first())?.n).toBe(0);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM d1_migrations").first())?.n).toBeGreaterThan(0);
  });
});
