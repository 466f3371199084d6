/**
 * What the local scripts (seed, dev, e2e server, bench) share: the demo settings in .dev.vars, where
 * wrangler keeps local state, running wrangler under the same Node as the caller, and seeding and
 * serving a state directory of their own.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync, type WriteStream } from "node:fs";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Where `wrangler dev` keeps D1, KV and Durable Object storage when no --persist-to is given. */
export const DEFAULT_STATE_DIR = ".wrangler/state";
export const DEV_PORT = 8787;

/** Debian's Chromium (`npx playwright install` cannot download browsers on these machines). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The browser the end-to-end tests drive: Debian's build of Chromium's headless shell (the same
 * Blink and V8 as CHROMIUM_PATH, without the desktop browser's windows, tab strip and address bar),
 * as Playwright drives by default. The desktop browser's UI cost every new context about as much
 * CPU again as the page's own renderer, and the tests open hundreds. Without the package, the
 * full browser. The bench keeps the full browser: it times what a visitor's browser does.
 */
export const E2E_CHROMIUM_PATH =
  process.env.E2E_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : CHROMIUM_PATH);
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

/**
 * Playwright's own --disable-features list (playwright-core 1.65.1's). Chromium keeps only the last
 * --disable-features it is given, so a list of ours replaces Playwright's unless it carries it too;
 * tests/e2e/chromium-flags.spec.ts fails once Playwright's list has something this copy lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Chromium 156's desktop address bar draws its suggestions with two WebUI pages and starts a
 * renderer for them in every new window, so in every context Playwright opens: through each cold
 * load the bench times, that renderer took 40–80 % of one of the machine's two cores, and it was
 * timed as our page's. No visitor's page load has it (a phone's Chrome has no such popup, and a
 * desktop one starts it once per window, not per page).
 */
export const WINDOW_UI_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/** How Playwright starts Chromium here (the end-to-end tests, the bench's page loads). */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...WINDOW_UI_FEATURES].join(",")}`,
];
/**
 * What every local server changes of wrangler.toml's production values: links in scheduled mail
 * (the daily digest) point at the server itself (SITE_URL, per port), and nothing is fetched from
 * GOV.UK (the shipped bank holidays are enough, and runs stay the same with or without a network).
 */
export const LOCAL_VARS = { BANK_HOLIDAYS_URL: "" };
export const localVarArgs = (siteUrl: string) =>
  Object.entries({ ...LOCAL_VARS, SITE_URL: siteUrl }).flatMap(([name, value]) => ["--var", `${name}:${value}`]);

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
/**
 * The end-to-end tests' own state, wiped and seeded by every run, so they never touch the dev
 * database; one per port, so a run on another port (one spec beside the whole suite) never wipes
 * the database a running suite is reading.
 */
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? (E2E_PORT === 8788 ? ".wrangler/e2e" : `.wrangler/e2e-${E2E_PORT}`);
/**
 * A small seeded state (5 leads) made once per run, by the first spec that starts a server of its
 * own, and copied by each such spec: a seed is about 8 CPU-seconds, a copy a few milliseconds. The
 * directory holds the state, the lock its seeding takes and the mark that it is done; the suite's
 * server wipes the whole directory when it starts, so every run seeds its own.
 */
export const E2E_OWN_SEED_DIR = `${E2E_STATE_DIR}-own-seed`;

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

/**
 * The demo's shared links (/p/<token>, /i/<token>): made from the local session secret, so the
 * seed can store their hashes and `npm run dev` can print them without keeping them anywhere.
 */
export function demoLinkToken(kind: "proposal" | "invoice", secret: string): string {
  return createHash("sha256").update(`demo-${kind}-link:${secret}`).digest("base64url");
}
export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** wrangler's CLI entry, run with this very Node (wrangler refuses Node older than 22.12). */
export const WRANGLER_JS = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");

export const quietEnv = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

export function spawnWrangler(args: string[], options: SpawnOptions = {}) {
  return spawn(process.execPath, [WRANGLER_JS, ...args], {
    cwd: ROOT,
    stdio: "inherit",
    ...options,
    env: { ...process.env, ...quietEnv, ...options.env },
  });
}

/**
 * wrangler.toml with a change, written as `<dir>/wrangler.json` (its paths made absolute) for a
 * server that must differ from the project's in one binding, e.g. a send_email binding that reaches
 * only verified addresses. Answers the file's path for startLocalServer's `config`.
 */
export async function writeConfigVariant(
  dir: string,
  change: (config: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const { experimental_readRawConfig } = await import("wrangler");
  const { rawConfig } = experimental_readRawConfig({ config: join(ROOT, "wrangler.toml") });
  const raw = structuredClone(rawConfig) as Record<string, unknown> & {
    main: string;
    assets: { directory: string };
    d1_databases: { migrations_dir?: string }[];
  };
  raw.main = resolve(ROOT, raw.main);
  raw.assets.directory = resolve(ROOT, raw.assets.directory);
  for (const db of raw.d1_databases) if (db.migrations_dir) db.migrations_dir = resolve(ROOT, db.migrations_dir);
  const path = resolve(ROOT, dir, "wrangler.json");
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(change(raw), null, 2));
  return path;
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

/** A command run by these helpers that failed; `exitCode` is the one to exit with in its stead. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * `tsx scripts/seed/cli.ts --reset --persist-to stateDir [--leads N] [--lists N]`: wipes that state, applies the
 * migrations and seeds the demo data. Throws a CommandError when the seed fails.
 */
export function seedLocal(
  stateDir: string,
  { leads, lists, stdio = "inherit" }: { leads?: number; lists?: number; stdio?: "inherit" | "ignore" } = {},
): void {
  const args = [join(ROOT, "scripts/seed/cli.ts"), "--reset", "--persist-to", stateDir];
  if (leads !== undefined) args.push("--leads", String(leads));
  if (lists !== undefined) args.push("--lists", String(lists));
  const result = spawnSync(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), ...args], { cwd: ROOT, stdio });
  if (result.status !== 0) throw new CommandError(`seeding failed (exit ${result.status ?? result.signal})`, result.status || 1);
}

export interface LocalServerOptions {
  port: number;
  /** The --persist-to directory, relative to the project. */
  stateDir: string;
  /** wrangler's inspector port (on 127.0.0.1), so it does not take the default 9229. */
  inspectorPort?: number;
  /** `--var NAME:value` overrides of .dev.vars / wrangler.toml. */
  vars?: Record<string, string>;
  /** Another Wrangler configuration file (writeConfigVariant), with the project's .dev.vars loaded beside it. */
  config?: string;
  /** Extra environment for wrangler. */
  env?: NodeJS.ProcessEnv;
  /**
   * Where wrangler's output goes: "inherit" (the default), "ignore", or a log file path relative to
   * the project, whose last lines are added to the error when the server does not come up.
   */
  log?: "inherit" | "ignore" | { file: string };
  /**
   * Wrangler's --log-level. "warn" leaves out its line per request, which cost its Node process about
   * 1 ms of CPU a request: worth it where nobody reads them (the browser tests' servers).
   */
  logLevel?: "info" | "warn";
  /** How long to wait for /api/health (default 90 s); false returns at once, for callers that wait themselves. */
  readyTimeoutMs?: number | false;
  /** How long stop() waits after SIGTERM before sending SIGKILL (default 5 s). */
  killAfterMs?: number;
}

export interface LocalServer {
  /** http://localhost:port: the session cookie is Secure, which browsers accept over plain http only for localhost. */
  base: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after killAfterMs; resolves once wrangler has exited. */
  stop(): Promise<void>;
}

/**
 * `wrangler dev` on 127.0.0.1:port serving dist/ with the given state, and, unless
 * readyTimeoutMs is false, once /api/health answers. When it does not come up it is stopped and
 * the error names why (with the log's tail when it writes to a file).
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const {
    port,
    stateDir,
    inspectorPort,
    vars = {},
    config,
    env,
    log = "inherit",
    logLevel = "info",
    readyTimeoutMs = 90_000,
    killAfterMs = 5_000,
  } = options;
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1"];
  // Wrangler reads .dev.vars beside its configuration file: a variant elsewhere loads the project's.
  if (config) args.push("--config", config, "--env-file", join(ROOT, ".dev.vars"));
  if (inspectorPort !== undefined) args.push("--inspector-port", String(inspectorPort), "--inspector-ip", "127.0.0.1");
  args.push("--persist-to", stateDir, "--show-interactive-dev-session=false", "--log-level", logLevel);
  args.push(...localVarArgs(`http://localhost:${port}`));
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);

  let logPath: string | undefined;
  let logStream: WriteStream | undefined;
  if (typeof log === "object") {
    logPath = resolve(ROOT, log.file);
    mkdirSync(dirname(logPath), { recursive: true });
    logStream = createWriteStream(logPath);
  }
  const output = logStream ? "pipe" : (log as "inherit" | "ignore");
  // Wrangler's local observability, on by default, streams each request's spans and logs to a
  // trace store under the state directory: 2–4 ms more of workerd's CPU on every API request, for
  // a dashboard nobody opens on these servers, and no part of what production runs. `npm run dev`
  // keeps it.
  const child = spawnWrangler(args, { stdio: ["ignore", output, output], env: { X_LOCAL_OBSERVABILITY: "false", ...env } });
  if (logStream) {
    child.stdout?.pipe(logStream);
    child.stderr?.pipe(logStream);
  }
  let exited = false;
  const done = new Promise<void>((resolveDone) =>
    child.on("exit", () => {
      exited = true;
      resolveDone();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    await done;
    clearTimeout(timer);
    logStream?.end();
  };
  const server = { base: `http://localhost:${port}`, child, stop };
  if (readyTimeoutMs === false) return server;
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, readyTimeoutMs, () => !exited);
  } catch (error) {
    await stop();
    if (!logPath) throw error;
    const tail = existsSync(logPath) ? readFileSync(logPath, "utf8").split("\n").slice(-20).join("\n") : "";
    throw new Error(`${(error as Error).message}\n${tail}`, { cause: error });
  }
  return server;
}
