/**
 * What the local scripts (seed, dev, e2e server) share: the demo settings in .dev.vars, where
 * wrangler keeps local state, and running wrangler under the same Node as the caller.
 */
import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Where `wrangler dev` keeps D1, KV and Durable Object storage when no --persist-to is given. */
export const DEFAULT_STATE_DIR = ".wrangler/state";
/** The end-to-end tests' own state, wiped on every run, so they never touch the dev database. */
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? ".wrangler/e2e";
export const DEV_PORT = 8787;

/** Debian's Chromium (`npx playwright install` cannot download browsers on these machines). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * How every tool here starts Chromium: no sandbox (root in CI), no GPU, and none of its own
 * network traffic, which this machine's closed network refuses (TOOLING.md).
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);

export interface DemoSettings {
  SESSION_SECRET: string;
  DEMO_OWNER_EMAIL: string;
  DEMO_OWNER_PASSWORD: string;
  DEMO_SALES_EMAIL: string;
  DEMO_SALES_PASSWORD: string;
  DEMO_TEAM_PASSWORD: string;
  DEMO_PREVIEW_CODE: string;
}
const REQUIRED: (keyof DemoSettings)[] = [
  "SESSION_SECRET",
  "DEMO_OWNER_EMAIL",
  "DEMO_OWNER_PASSWORD",
  "DEMO_SALES_EMAIL",
  "DEMO_SALES_PASSWORD",
  "DEMO_TEAM_PASSWORD",
  "DEMO_PREVIEW_CODE",
];

/** The dotenv subset wrangler accepts in .dev.vars: KEY=value, optional quotes, # comments. */
export function parseDevVars(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2].trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, "\n").replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, "");
    }
    out[m[1]] = value;
  }
  return out;
}

/** Copies .dev.vars.example to .dev.vars when there is none; true when it did. */
export function ensureDevVars(): boolean {
  const target = join(ROOT, ".dev.vars");
  if (existsSync(target)) return false;
  copyFileSync(join(ROOT, ".dev.vars.example"), target);
  return true;
}

/** The demo settings from .dev.vars, or from .dev.vars.example when .dev.vars does not exist yet. */
export function readDemoSettings(): DemoSettings {
  const file = [".dev.vars", ".dev.vars.example"].map((f) => join(ROOT, f)).find((f) => existsSync(f));
  if (!file) throw new Error("Neither .dev.vars nor .dev.vars.example exists");
  const vars = parseDevVars(readFileSync(file, "utf8"));
  const missing = REQUIRED.filter((k) => !vars[k]);
  if (missing.length) throw new Error(`${file} lacks ${missing.join(", ")} (see .dev.vars.example)`);
  return vars as unknown as DemoSettings;
}

/** wrangler's CLI entry, run with this very Node (wrangler refuses Node older than 22.12). */
export const WRANGLER_JS = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");

const quietEnv = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

export function spawnWrangler(args: string[], options: SpawnOptions = {}) {
  return spawn(process.execPath, [WRANGLER_JS, ...args], {
    cwd: ROOT,
    stdio: "inherit",
    ...options,
    env: { ...process.env, ...quietEnv, ...options.env },
  });
}

/** `--persist-to DIR` when a directory other than wrangler's default is in use. */
export const persistArgs = (persistTo: string | undefined) => (persistTo ? ["--persist-to", persistTo] : []);

/** Applies every pending migration to the local D1 database (idempotent); throws on failure. */
export function applyLocalMigrations(persistTo?: string): void {
  const result = spawnSync(process.execPath, [WRANGLER_JS, "d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], {
    cwd: ROOT,
    // No stdin: wrangler then answers its "continue?" prompt itself instead of waiting for a key.
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...quietEnv },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 migrations apply failed (exit ${result.status ?? result.signal})`);
}

/** Resolves once GET url answers 2xx, or rejects after timeoutMs. */
export async function waitForHttp(url: string, timeoutMs = 60_000, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the server exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}
