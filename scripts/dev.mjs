#!/usr/bin/env node
/**
 * `npm run dev`: the production-faithful local app in one command. Creates .dev.vars from the
 * example when missing, migrates and seeds the local database when it is empty, builds the site,
 * then serves the built files and the worker through `wrangler dev` on http://localhost:8787 and
 * prints the demo sign-ins once /api/health answers. Ctrl-C stops everything.
 *
 *   npm run dev [-- --no-build]   (--no-build reuses the existing dist/)
 */
import "./lib/require-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";

const local = await tsImport("./lib/local.ts", import.meta.url);
const { PREVIEW_CLIENTS } = await tsImport("./seed/data/clients.ts", import.meta.url);
const { ROOT, DEV_PORT } = local;
const skipBuild = process.argv.includes("--no-build");

function step(title) {
  console.log(`\n\x1b[1m▶ ${title}\x1b[0m`);
}

function runOrExit(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n✘ ${[command, ...args].join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

const base = `http://localhost:${DEV_PORT}`;
try {
  await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
  console.error(`✘ Something already answers on port ${DEV_PORT} (another \`npm run dev\`?). Stop it first.`);
  process.exit(1);
} catch {
  // The port is free.
}

if (local.ensureDevVars()) console.log("Created .dev.vars from .dev.vars.example (local demo values).");
const demo = local.readDemoSettings();

step("Database: apply migrations, seed if empty");
runOrExit(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "scripts/seed/cli.ts")]);

if (skipBuild && existsSync(join(ROOT, "dist"))) {
  step("Build: skipped (--no-build), serving the existing dist/");
} else {
  step("Build: npm run build");
  runOrExit(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"]);
}

step(`Serve: wrangler dev on port ${DEV_PORT}`);
// --test-scheduled: the Cron Trigger can be fired by hand (docs/guide/calendar-and-digest.md); the local values (LOCAL_VARS, SITE_URL).
const wrangler = local.spawnWrangler(["dev", "--port", String(DEV_PORT), "--test-scheduled", ...local.localVarArgs(base)]);
let exited = false;
wrangler.on("exit", (code, signal) => {
  exited = true;
  process.exit(code ?? (signal ? 0 : 1));
});

// Ctrl-C reaches wrangler directly (same terminal); a plain `kill` of this process is passed on.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (!exited) wrangler.kill(signal === "SIGINT" ? "SIGINT" : "SIGTERM");
    // wrangler stops workerd and exits; the exit handler above ends this process.
    setTimeout(() => process.exit(0), 5000).unref();
  });
}

try {
  await local.waitForHttp(`${base}/api/health`, 90_000, () => !exited);
} catch (err) {
  console.error(`\n✘ ${err.message}`);
  if (!exited) wrangler.kill("SIGTERM");
  process.exitCode = 1;
}
if (!exited && process.exitCode !== 1) {
  const w = 24;
  const row = (label, value) => `  ${label.padEnd(w)}${value}`;
  const lines = [
    "",
    "\x1b[1m\x1b[31m■ Redbrick Studio\x1b[0m is running (the built site and the worker, as in production)",
    "",
    row("Site", `${base}/`),
    row("CRM", `${base}/crm`),
    "",
    "\x1b[1mStaff sign-in\x1b[0m at " + `${base}/auth`,
    row("Owner", `${demo.DEMO_OWNER_EMAIL}  /  ${demo.DEMO_OWNER_PASSWORD}`),
    row("Head of Sales", `${demo.DEMO_SALES_EMAIL}  /  ${demo.DEMO_SALES_PASSWORD}`),
    "",
    "\x1b[1mCRM gate\x1b[0m at " + `${base}/crm`,
    row("CRM Access Password", demo.DEMO_TEAM_PASSWORD),
    "",
    "\x1b[1mClient previews\x1b[0m (access code for all eight: " + demo.DEMO_PREVIEW_CODE + ")",
    ...PREVIEW_CLIENTS.map((p) => row(p.name, `${base}/clients/${p.id}`)),
    "",
    "\x1b[1mShared with clients\x1b[0m (what the client opens from the studio's e-mail)",
    row("Proposal, Sophie Turner", `${base}/p/${local.demoLinkToken("proposal", demo.SESSION_SECRET)}`),
    row("Invoice, Brierley", `${base}/i/${local.demoLinkToken("invoice", demo.SESSION_SECRET)}`),
    "",
    "  Mail sent by the app: " + `${base}/cdn-cgi/explorer/api/local/email/sending`,
    "  Values come from .dev.vars; `npm run db:reset` restores the demo data. Ctrl-C to stop.",
    "",
  ];
  console.log(lines.join("\n"));
}
