#!/usr/bin/env node
/**
 * The server Playwright starts: a fresh, isolated state directory (.wrangler/e2e: wiped,
 * migrated, seeded) and `wrangler dev` on port 8788 serving the already-built dist/. The dev
 * database on 8787 is never touched, so tests can run while `npm run dev` is up.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";

const local = await tsImport("./lib/local.ts", import.meta.url);
const { ROOT, E2E_PORT, E2E_STATE_DIR } = local;

if (!existsSync(join(ROOT, "dist", "index.html"))) {
  console.error("✘ dist/ is not built: run `npm run build` first (`npm test` does it for you).");
  process.exit(1);
}
if (local.ensureDevVars()) console.log("Created .dev.vars from .dev.vars.example.");

const seed = spawnSync(
  process.execPath,
  [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "scripts/seed.ts"), "--reset", "--persist-to", E2E_STATE_DIR],
  {
    cwd: ROOT,
    stdio: "inherit",
  },
);
if (seed.status !== 0) process.exit(seed.status || 1);

const wrangler = local.spawnWrangler(
  ["dev", "--port", String(E2E_PORT), "--ip", "127.0.0.1", "--persist-to", E2E_STATE_DIR, "--show-interactive-dev-session=false"],
  {
    stdio: ["ignore", "inherit", "inherit"],
  },
);
wrangler.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => wrangler.kill(signal));
}
