/**
 * The cost of each kind of request: the CPU the `workerd` process spends on it,
 * which is what Workers bills and limits (10 ms per request on Free, 30 s by default on Paid).
 *
 * Each path runs N times in a row, and the process's CPU time (proc.ts's cpuTimeMs: every
 * thread's schedstat, in nanoseconds) is read before and after each: CPU ms per request = the
 * sum of the differences / N. It is an UPPER bound for the isolate's own CPU: local D1 (SQLite), KV and
 * the HTTP front end run in the same process, whereas on Cloudflare D1's queries run in the
 * database and do not count towards the worker's CPU time. Wall time is shown beside it.
 */
import { PREVIEW_CLIENTS } from "../seed/data/clients";
import type { DemoSettings } from "../lib/local";
import { apiClient, writeTargets, type LeadSample } from "./api-client";
import { staffMessage } from "./mail";
import { cpuTimeMs, findWorkerd } from "./proc";
import { type BenchSection } from "./section";
import { cookieHeaderOf } from "./server";
import { median, ms, round } from "./stats";

export interface CostRow {
  name: string;
  requests: number;
  cpuMsPerRequest: number;
  wallMsMedian: number;
  errors: number;
}

interface Path {
  name: string;
  runs: number;
  call: (i: number) => Promise<unknown>;
  /** Untimed work before each call (refilling or emptying the CRM around delete-all and import). */
  setup?: () => Promise<unknown>;
}

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

/** An address of its own for each public post, so the per-network limits (20 forms, 30 comments an hour) never refuse the bench. */
const addressFor = (i: number) => `10.${77 + Math.floor(i / 250)}.${i % 250}.${1 + (i % 200)}`;

export interface CostOptions {
  base: string;
  workerd: number;
  cookie: string;
  demo: DemoSettings;
  sample: LeadSample;
  /** Runs of each light path (the heavy ones run a twentieth as often, at least 3). */
  runs: number;
  progress: (line: string) => void;
}

export async function measureCost(o: CostOptions): Promise<CostRow[]> {
  const { base, cookie, demo } = o;
  const json = apiClient(base, cookie);
  const heavy = Math.max(3, Math.round(o.runs / 20));
  const preview = PREVIEW_CLIENTS[0].id;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, ...headers },
      body: JSON.stringify(body),
    });

  // A preview session for the comments, and the export the imports send back.
  const unlocked = await ok(await post(`/api/previews/${preview}/verify`, { password: demo.DEMO_PREVIEW_CODE }), "preview unlock");
  const previewCookie = cookieHeaderOf(unlocked);
  const exportDoc = async () => (await ok(await fetch(`${base}/api/crm/export`, { headers: { Cookie: cookie } }), "export")).text();
  const exported = await exportDoc();
  const importDoc = async () =>
    ok(
      await fetch(`${base}/api/crm/import`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
        body: exported,
      }),
      "import",
    );
  const deleteAll = async () => json("POST", "/api/crm/delete-all", { confirm: "DELETE ALL" });
  const { patchTarget, workflowLead } = writeTargets(o.sample);
  // As it is now: earlier sections (API latency) edit the same lead, and a stale version is refused (409).
  let patched = (await json<{ lead: typeof patchTarget }>("GET", `/api/crm/leads/${patchTarget.id}`)).lead;
  const stamp = Date.now().toString(36);

  const paths: Path[] = [
    { name: "GET /api/health (the floor)", runs: o.runs, call: async () => ok(await fetch(`${base}/api/health`), "health") },
    {
      name: "public form post (POST /api/contact, stored and e-mailed)",
      runs: o.runs,
      call: async (i) =>
        ok(
          await post(
            "/api/contact",
            {
              name: "Bench Enquirer",
              email: `bench.${stamp}.${i}@example.co.uk`,
              subject: "A bench enquiry",
              message: "Measuring what a form post costs.",
            },
            { "CF-Connecting-IP": addressFor(i) },
          ),
          "contact",
        ),
    },
    {
      name: "sign-in (POST /api/auth/login, PBKDF2)",
      runs: o.runs,
      call: async () => ok(await post("/api/auth/login", { email: demo.DEMO_OWNER_EMAIL, password: demo.DEMO_OWNER_PASSWORD }), "sign-in"),
    },
    {
      name: "preview unlock (POST /api/previews/:id/verify)",
      runs: o.runs,
      call: async () => ok(await post(`/api/previews/${preview}/verify`, { password: demo.DEMO_PREVIEW_CODE }), "preview unlock"),
    },
    {
      name: "preview comment (POST /api/previews/:id/comments)",
      runs: o.runs,
      call: async (i) =>
        ok(
          await post(
            `/api/previews/${preview}/comments`,
            { body: `Bench comment ${i}: the header looks great.`, author_name: "Bench Client" },
            { Cookie: previewCookie, "CF-Connecting-IP": addressFor(i) },
          ),
          "comment",
        ),
    },
    { name: "leads list (GET /api/crm/leads)", runs: o.runs, call: () => json("GET", "/api/crm/leads") },
    {
      name: "search (GET /api/crm/search?q=…)",
      runs: o.runs,
      call: (i) => json("GET", `/api/crm/search?q=${encodeURIComponent(o.sample.terms[i % o.sample.terms.length])}`),
    },
    {
      name: "lead PATCH (PATCH /api/crm/leads/:id)",
      runs: o.runs,
      call: async (i) => {
        ({ lead: patched } = await json<{ lead: typeof patched }>("PATCH", `/api/crm/leads/${patched.id}`, {
          value: 1000 + (i % 50) * 100,
          updated_at: patched.updated_at,
        }));
      },
    },
    {
      name: "workflow action (POST /api/crm/leads/:id/actions)",
      runs: o.runs,
      call: () => json("POST", `/api/crm/leads/${workflowLead.id}/actions`, { action: "follow_up_task" }),
    },
    { name: "dashboard data (GET /api/crm/dashboard)", runs: o.runs, call: () => json("GET", "/api/crm/dashboard") },
    {
      name: "cron run (the hourly job: reminders, overdue invoices, housekeeping)",
      runs: heavy,
      call: async (i) => {
        const time = Date.UTC(2032, 0, 5, 9) + i * 86_400_000;
        return ok(await fetch(`${base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 * * * *")}&time=${time}`), "cron");
      },
    },
    {
      name: "filing a 1 MB e-mail (email handler)",
      runs: heavy,
      call: async (i) =>
        ok(
          await fetch(
            `${base}/cdn-cgi/handler/email?from=${encodeURIComponent(demo.DEMO_OWNER_EMAIL)}&to=${encodeURIComponent("crm@redbrickstudio.co.uk")}`,
            {
              method: "POST",
              body: staffMessage(`bench-cost-${stamp}-${i}`, 1024 * 1024),
            },
          ),
          "inbound mail",
        ),
    },
    // Last, since they replace every row (the lead ids survive, as import keeps them).
    { name: "export, 10,000 leads (GET /api/crm/export)", runs: heavy, call: exportDoc },
    // The first (untimed) call empties the CRM; each timed one is preceded by an import that fills it again.
    { name: "delete-all with its backup, 10,000 leads", runs: heavy, setup: importDoc, call: deleteAll },
    { name: "import, 10,000 leads (POST /api/crm/import)", runs: heavy, setup: deleteAll, call: importDoc },
  ];

  const rows: CostRow[] = [];
  for (const path of paths) {
    // One untimed call first: the first of a kind compiles its code and warms SQLite's cache. Its
    // index is one past the timed runs, so it takes an address, a day and a message id of its own.
    try {
      await path.call(path.runs);
    } catch (error) {
      o.progress(`✘ ${path.name}: ${(error as Error).message}`);
      rows.push({ name: path.name, requests: 0, cpuMsPerRequest: NaN, wallMsMedian: NaN, errors: 1 });
      continue;
    }
    const wall: number[] = [];
    let cpu = 0;
    let errors = 0;
    for (let i = 0; i < path.runs; i++) {
      await path.setup?.();
      const cpuBefore = cpuTimeMs(o.workerd);
      const started = performance.now();
      try {
        await path.call(i);
      } catch (error) {
        if (errors++ === 0) o.progress(`✘ ${path.name}: ${(error as Error).message}`);
      }
      wall.push(performance.now() - started);
      cpu += cpuTimeMs(o.workerd) - cpuBefore;
    }
    rows.push({ name: path.name, requests: path.runs, cpuMsPerRequest: cpu / path.runs, wallMsMedian: median(wall), errors });
    o.progress(`cost: ${path.name}: ${(cpu / path.runs).toFixed(2)} ms CPU per request over ${path.runs}`);
  }
  return rows;
}

export const costSection: BenchSection = {
  name: "cost",
  async run({ quick, demo, server, cookie, sample, progress }) {
    const runs = quick ? 20 : 50;
    const session = await cookie();
    const leads = await sample();
    progress(`cost per request: ${runs} of each light path, ${Math.max(3, Math.round(runs / 20))} of each heavy one…`);
    const cost: CostRow[] = await measureCost({
      base: server().base,
      workerd: findWorkerd(server().child.pid!),
      cookie: session,
      demo,
      sample: leads,
      runs,
      progress,
    });
    // health does nothing, so its CPU is what the local runtime spends on any request (routing through
    // wrangler's proxy, the inspector, logging): the part above it is the path's own.
    const floor = cost[0].cpuMsPerRequest;
    const problems: string[] = [];
    const rows = cost.map((r) => {
      const own = r.cpuMsPerRequest - floor;
      if (r.errors) problems.push(`cost: ${r.name} failed ${r.errors} time(s)`);
      return {
        section: "Cost per request (CPU of workerd, an upper bound)",
        measure: `${r.name}, ×${r.requests}`,
        result:
          r === cost[0]
            ? `${round(r.cpuMsPerRequest, 1)} ms CPU · wall p50 ${ms(r.wallMsMedian)}`
            : `${round(r.cpuMsPerRequest, 1)} ms CPU, ${round(own, 1)} above the floor · wall p50 ${ms(r.wallMsMedian)}${r.errors ? ` · ${r.errors} errors` : ""}`,
        goal:
          r === cost[0] ? "the floor" : own <= 10 ? "fits Free (≤ 10 ms)" : own <= 30_000 ? "needs Paid (≤ 30 s)" : "over Paid's default ✘",
      };
    });
    return { rows, results: { cost }, problems };
  },
};
