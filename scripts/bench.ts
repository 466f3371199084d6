/**
 * `npm run bench`: builds, seeds a throwaway database with 10,000 leads (.wrangler/bench, wiped
 * each run), serves it with `wrangler dev` on 127.0.0.1:8790 exactly as production serves the
 * site, runs the chosen sections (scripts/bench/<section>.ts) in order, prints one Markdown table
 * and writes bench/results.json. A full run (no --only, --quick or --busy) also writes the table
 * into docs/performance.md, between its bench:table markers.
 *
 *   npm run bench [-- --only lighthouse,shared,js,input,board,api,live,jobs,mail,load,cost,size,scale] [--quick] [--no-build] [--reuse-state] [--busy N]
 *
 * Every timing is a median (or a percentile) of several runs, and each ratio's two sides are
 * measured in the same run, so a busy shared machine moves both alike. Timings never fail the
 * run; the exit code is 1 only for correctness problems: load errors, a public page loading CRM
 * code, a lost live message or a failed API call.
 */
import { cpus } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "playwright";
import { readDemoSettings, ROOT, seedLocal } from "./lib/local";
import { build, removeStaticPage, signIn, startServer, STATIC_PAGE_PATH, writeStaticPage, type BenchServer } from "./bench/server";
import { sampleLeads, type LeadSample } from "./bench/api-client";
import { launchBrowser } from "./bench/browser";
import { startBusyLoad, type BusyLoad } from "./bench/busy";
import { goal, SECTIONS, type BenchContext, type BenchSection, type Row, type SectionName } from "./bench/section";
import { markdown, writePerformanceTable } from "./bench/report";
import { round } from "./bench/stats";
import { apiSection } from "./bench/api";
import { boardSection } from "./bench/board";
import { costSection } from "./bench/cost";
import { inputSection } from "./bench/input";
import { jobsSection } from "./bench/jobs";
import { jsSection } from "./bench/js";
import { lighthouseSection } from "./bench/lighthouse";
import { liveSection } from "./bench/live";
import { loadSection } from "./bench/load";
import { mailSection } from "./bench/mail";
import { scaleSection } from "./bench/scale";
import { sharedSection } from "./bench/shared";
import { sizeSection } from "./bench/size";

// The bench's ports (8790–8799 are this bench's range on shared machines): the server, Chromium's
// DevTools port for Lighthouse, and wrangler's inspector, which would otherwise take 9229. On a
// machine shared with others' e2e servers, BENCH_PORT and BENCH_INSPECTOR_PORT move them.
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const LIGHTHOUSE_PORT = PORT + 1;
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 8799);
const STATE_DIR = ".wrangler/bench";
const LEADS = 10_000;
/** Clients, each with a project, a proposal, an invoice and a task: about what 10,000 leads bring a studio (the CRM reads those lists whole). */
const LISTS = 1_000;
// scale seeds and serves two databases of its own (10,000 and 50,000 leads), about 4 minutes: only on request.
const DEFAULT_SECTIONS = SECTIONS.filter((s) => s !== "scale");
/**
 * Every section, in the order it runs: size measures the build before the server starts, then
 * the rest in SECTIONS' order; cost comes late because its export, delete-all and import rows
 * replace every row of the CRM.
 */
const RUN_ORDER: BenchSection[] = [
  sizeSection,
  lighthouseSection,
  sharedSection,
  jsSection,
  inputSection,
  boardSection,
  apiSection,
  liveSection,
  jobsSection,
  mailSection,
  loadSection,
  costSection,
  scaleSection,
];
const PERFORMANCE_DOC = join(ROOT, "docs", "performance.md");

const USAGE = `Usage: npm run bench [-- options]
  --only LIST     comma-separated sections to run: ${SECTIONS.join(",")} (default: all but scale)
  --quick         shorter runs for iterating (1 Lighthouse run, 50 API requests, 10 s load); not for docs/performance.md
  --no-build      serve the existing dist/ instead of running npm run build
  --reuse-state   keep ${STATE_DIR} from an earlier run instead of wiping and re-seeding it
  --busy N        keep N extra processes spinning on the CPU while measuring (a busy machine, on demand)`;

const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    quick: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    "reuse-state": { type: "boolean", default: false },
    busy: { type: "string", default: "0" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const only = new Set((flags.only ?? DEFAULT_SECTIONS.join(",")).split(",").map((s) => s.trim()));
for (const s of only) {
  if (!SECTIONS.includes(s as SectionName)) {
    console.error(`Unknown section "${s}".\n${USAGE}`);
    process.exit(2);
  }
}
const busy = Number(flags.busy);
if (!Number.isInteger(busy) || busy < 0 || busy > 16) {
  console.error(`--busy takes a whole number of processes from 0 to 16, not "${flags.busy}".\n${USAGE}`);
  process.exit(2);
}
const chosen = RUN_ORDER.filter((s) => only.has(s.name));
/** Every default section at full length on a machine left alone: the run docs/performance.md shows. */
const fullRun = flags.only === undefined && !flags.quick && busy === 0;

const started = performance.now();
const elapsed = () => {
  const s = Math.round((performance.now() - started) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
const progress = (line: string) => console.log(`[bench ${elapsed()}] ${line}`);

const rows: Row[] = [];
const problems: string[] = [];
const results: Record<string, unknown> = {
  at: new Date().toISOString(),
  leads: LEADS,
  lists: LISTS,
  quick: flags.quick,
  busy,
  sections: [...only],
};
let stoppedEarly = false;

let server: BenchServer | undefined;
let busyLoad: BusyLoad | undefined;
let browser: Promise<Browser> | undefined;
async function closeBrowser() {
  const open = browser;
  browser = undefined;
  await (await open)?.close();
}
async function cleanUp() {
  busyLoad?.stop();
  removeStaticPage();
  await closeBrowser().catch(() => {});
  await server?.stop();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the bench server and removing ${STATIC_PAGE_PATH}`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Runs once, on first use, and answers the same promise after. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

async function runSection(section: BenchSection, ctx: BenchContext) {
  const outcome = await section.run(ctx);
  rows.push(...outcome.rows);
  Object.assign(results, outcome.results);
  problems.push(...outcome.problems);
}

try {
  const demo = readDemoSettings();
  const ctx: BenchContext = {
    quick: flags.quick,
    reuseState: flags["reuse-state"],
    demo,
    port: PORT,
    inspectorPort: INSPECTOR_PORT,
    lighthousePort: LIGHTHOUSE_PORT,
    stateDir: STATE_DIR,
    server: () => {
      if (!server) throw new Error("the bench server has not started");
      return server;
    },
    // One owner session serves every signed-in section: the browser contexts get its cookie, the API calls send it.
    cookie: once(() => signIn(ctx.server().base, demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD)),
    sample: once(async (): Promise<LeadSample> => sampleLeads(ctx.server().base, await ctx.cookie())),
    browser: () => (browser ??= launchBrowser()),
    progress,
  };
  if (!flags["no-build"]) {
    progress("building (npm run build)…");
    build();
  }
  if (!flags["reuse-state"]) {
    progress(
      `seeding ${LEADS} leads and ${LISTS} clients with their projects, proposals, invoices and tasks into ${STATE_DIR} (wiped first)…`,
    );
    seedLocal(STATE_DIR, { leads: LEADS, lists: LISTS });
  }
  for (const section of chosen.filter((s) => s.beforeServer)) await runSection(section, ctx);
  // Written after the build (which empties dist/) and removed in `finally`.
  writeStaticPage();
  progress(`starting wrangler dev on 127.0.0.1:${PORT} (log: ${STATE_DIR}/wrangler.log)…`);
  server = await startServer(PORT, INSPECTOR_PORT, STATE_DIR);
  progress(`server up at ${server.base}`);
  // Only the measurements run on the busy machine: the build and the seeding are not measured.
  if (busy > 0) {
    progress(`${busy} busy process(es) spinning until the bench stops…`);
    busyLoad = startBusyLoad(busy);
  }
  const served = chosen.filter((s) => !s.beforeServer);
  for (const [i, section] of served.entries()) {
    await runSection(section, ctx);
    // Consecutive browser sections share one Chromium; the next section that is not one closes it.
    if (!served[i + 1]?.sharedBrowser) await closeBrowser();
  }
} catch (error) {
  stoppedEarly = true;
  problems.push(`the bench stopped early: ${(error as Error).stack ?? error}`);
} finally {
  progress("stopping the server…");
  await cleanUp();
}

const totalMs = performance.now() - started;
const totalTime = `${Math.floor(totalMs / 60_000)} min ${Math.round((totalMs % 60_000) / 1000)} s`;
/** The 10-minute goal is for the full run: every section, full length, on a machine left alone. */
function runGoal(): string {
  if (busy > 0) return `${busy} busy process(es)`;
  if (DEFAULT_SECTIONS.some((s) => !only.has(s)) || flags.quick) return "partial run";
  if (only.has("scale")) return "with scale";
  return goal(totalMs < 10 * 60_000, "< 10 min");
}
rows.push({ section: "Run", measure: "Whole bench, this machine", result: totalTime, goal: runGoal() });
results.totalSeconds = round(totalMs / 1000);
results.rows = rows;
results.problems = problems;

const out = join(ROOT, "bench", "results.json");
mkdirSync(join(ROOT, "bench"), { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
const table = markdown(rows);
console.log(`\n${table}\n`);
console.log(`Wrote ${out}`);
if (!fullRun) console.log("A partial run (--only, --quick or --busy): docs/performance.md is left as it is.");
else if (stoppedEarly) console.log("The bench stopped early: docs/performance.md is left as it is.");
else {
  const cpu = cpus();
  const machine = `${cpu.length} cores, ${cpu[0]?.model.trim() ?? "unknown CPU"}`;
  const why = writePerformanceTable(PERFORMANCE_DOC, table, { at: String(results.at), machine, totalTime });
  console.log(why ? `✘ Not written into docs/performance.md: ${why}.` : `Wrote the table into ${PERFORMANCE_DOC}`);
}
if (problems.length) {
  console.error(`\n✘ ${problems.length} problem(s):\n${problems.map((p) => `  ✘ ${p}`).join("\n")}`);
  process.exitCode = 1;
}
