#!/usr/bin/env node
/**
 * The server Playwright starts: a fresh, isolated state directory (.wrangler/e2e: wiped,
 * migrated, seeded) and `wrangler dev` on port 8788 serving the already-built dist/. The dev
 * database on 8787 is never touched, so tests can run while `npm run dev` is up. Stripe is
 * "configured" with test secrets and the stand-in of scripts/stripe-stand-in on E2E_PORT + 1000,
 * so a browser test pays an invoice as a client would.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";
import { startStripeStandIn } from "./stripe-stand-in/server.mjs";

const local = await tsImport("./lib/local.ts", import.meta.url);
const { ROOT, E2E_PORT, E2E_STATE_DIR, E2E_OWN_SEED_DIR } = local;

if (!existsSync(join(ROOT, "dist", "index.html"))) {
  console.error("✘ dist/ is not built: run `npm run build` first (`npm test` does it for you).");
  process.exit(1);
}
if (local.ensureDevVars()) console.log("Created .dev.vars from .dev.vars.example.");

// The last run's seed for the specs' own servers (tests/e2e/support.ts, ownSeededState): this run makes its own.
rmSync(join(ROOT, E2E_OWN_SEED_DIR), { recursive: true, force: true });

try {
  local.seedLocal(E2E_STATE_DIR);
} catch (error) {
  // The seed has printed why; exit as it did.
  process.exit(error.exitCode ?? 1);
}

// Playwright waits for /api/health itself (playwright.config.ts), so this returns once wrangler is spawned.
const STRIPE_PORT = E2E_PORT + 1000;
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_stand_in_0123456789abcdef";
const standIn = startStripeStandIn({
  port: STRIPE_PORT,
  webhookUrl: `http://127.0.0.1:${E2E_PORT}/api/payments/stripe`,
  webhookSecret: STRIPE_WEBHOOK_SECRET,
});
const { child: wrangler } = await local.startLocalServer({
  port: E2E_PORT,
  stateDir: E2E_STATE_DIR,
  readyTimeoutMs: false,
  // Playwright drops the server's standard output; warnings and errors still show.
  logLevel: "warn",
  vars: { STRIPE_SECRET_KEY: "sk_test_e2e_stand_in", STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}` },
});
wrangler.on("exit", (code, signal) => {
  standIn.close();
  process.exit(code ?? (signal ? 0 : 1));
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => wrangler.kill(signal));
}
