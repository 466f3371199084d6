/**
 * The local state every command starts from (`npm run dev`, this suite's server, the bench): the
 * seed applies the migrations through its own binding (scripts/lib/migrate.ts) and records them
 * as wrangler does, so wrangler, asked afterwards, finds every migration applied.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ROOT, WRANGLER_JS, quietEnv } from "../../scripts/lib/local";
import { ownSeededState } from "./support";
import { migrationFiles } from "../../scripts/lib/migrate";

const STATE_DIR = ".wrangler/e2e-seeded-state";

test.afterAll(() => rmSync(join(ROOT, STATE_DIR), { recursive: true, force: true }));

test("a seeded state has every migration applied as wrangler records them: wrangler finds none to apply", async () => {
  // A copy of this run's seeded state, as the specs with servers of their own start from.
  await ownSeededState(STATE_DIR);

  const wrangler = (...args: string[]) =>
    spawnSync(process.execPath, [WRANGLER_JS, "d1", ...args, "--local", "--persist-to", STATE_DIR], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...quietEnv, NO_COLOR: "1" },
    });
  const list = wrangler("migrations", "list", "DB");
  expect(list.status, list.stderr).toBe(0);
  expect(list.stdout).toContain("No migrations to apply");

  const recorded = wrangler("execute", "DB", "--json", "--command", "SELECT name FROM d1_migrations ORDER BY id");
  expect(recorded.status, recorded.stderr).toBe(0);
  const names = (JSON.parse(recorded.stdout) as { results: { name: string }[] }[])[0].results.map((r) => r.name);
  expect(names).toEqual(migrationFiles());
});
