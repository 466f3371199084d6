/**
 * Export, backup and import at scale: for each size (10,000 and 50,000 leads) a
 * database of its own is seeded and served by a `wrangler dev` of its own, and the four data
 * operations run one after another as the Owner, each on a freshly started server and timed with
 * the peak resident memory of the workerd process running the worker (scripts/bench/proc.ts):
 *
 *   export (GET /api/crm/export) → delete-all (its backup first) → restore that backup
 *   → delete-all again (not measured) → import the first export.
 *
 * After the restore and after the import the data is exported again and must be byte for byte
 * the first export (but for its exported_at): that is the round-trip proof at 50,000 leads,
 * reported as a problem when it fails.
 *
 * Two memory figures. The servers run with every isolate's V8 heap capped at 128 MB, a Worker's
 * limit (workerd's --max-heap-size, through MINIFLARE_WORKERD_V8_FLAGS): an operation that needed
 * more would crash the runtime and fail the section, so passing is the proof for the isolate. And
 * the workerd process's peak resident memory, which also holds local D1 (SQLite, its page cache
 * and the transaction's pages) and the runtime itself: an upper bound, reported with its idle
 * figure beside it.
 */
import { ensureDevVars, seedLocal, startLocalServer, type LocalServer } from "../lib/local";
import { signIn } from "./server";
import { findWorkerd, mb, measurePeak } from "./proc";
import type { BenchSection } from "./section";
import { seconds } from "./stats";

export const SCALE_SIZES = [10_000, 50_000] as const;
/** A Worker's memory limit, given to workerd as each isolate's V8 heap limit. */
export const HEAP_CAP_MB = 128;
export const SCALE_OPS = ["export", "delete-all", "restore", "import"] as const;
export type ScaleOp = (typeof SCALE_OPS)[number];

export interface ScaleMeasure {
  leads: number;
  op: ScaleOp;
  ms: number;
  cpuMs: number;
  startBytes: number;
  peakBytes: number;
  hwmReset: boolean;
  /** Bytes of the export, or of the backup as delete-all reports it. */
  bytes?: number;
}

export interface ScaleResult {
  measures: ScaleMeasure[];
  /** Per size: whether each re-export matched the first export. */
  roundTrips: { leads: number; restore: boolean; import: boolean }[];
  problems: string[];
}

export interface ScaleOptions {
  port: number;
  inspectorPort: number;
  owner: { email: string; password: string };
  /** Keep a state directory seeded by an earlier run instead of seeding it again. */
  reuseState: boolean;
  progress: (line: string) => void;
  sizes?: readonly number[];
}

const stateDirOf = (leads: number) => `.wrangler/bench-scale-${leads}`;
/** The exported document but for the moment it was made. */
const withoutExportedAt = (text: string) => text.replace(/^\{"version":1,"exported_at":"[^"]*"/, "");

async function call(base: string, cookie: string, method: string, path: string, body?: string): Promise<string> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: base, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text;
}

/**
 * Each measured operation gets a freshly started server, so its peak is what that operation needs
 * on top of an idle workerd, not what earlier ones left in the heap (freed memory is not given
 * back to the system at once).
 */
async function measureSize(leads: number, options: ScaleOptions, result: ScaleResult): Promise<void> {
  const { progress } = options;
  const stateDir = stateDirOf(leads);
  if (!options.reuseState) {
    progress(`scale: seeding ${leads} leads into ${stateDir} (wiped first)…`);
    const seeded = performance.now();
    seedLocal(stateDir, { leads, stdio: "ignore" });
    progress(`scale: seeded in ${seconds(performance.now() - seeded)}`);
  }
  let server: LocalServer | undefined;
  let cookie = "";
  /** Starts a fresh server (stopping the last) and answers a signed-in caller and its workerd's pid. */
  const fresh = async () => {
    await server?.stop();
    // As the bench's own server (scripts/bench/server.ts), with the heap capped.
    ensureDevVars();
    server = await startLocalServer({
      port: options.port,
      inspectorPort: options.inspectorPort,
      stateDir,
      env: { WRANGLER_LOG: "warn", MINIFLARE_WORKERD_V8_FLAGS: `--max-heap-size=${HEAP_CAP_MB}` },
      log: { file: `${stateDir}/wrangler.log` },
    });
    const { base } = server;
    // Sessions live in D1, so one sign-in serves every restart.
    cookie ||= await signIn(base, options.owner.email, options.owner.password);
    const api = (method: string, path: string, body?: string) => call(base, cookie, method, path, body);
    // A first signed-in request, so the measured one does not pay for loading the worker.
    await api("GET", "/api/crm/backups");
    return { api, pid: findWorkerd(server.child.pid!) };
  };
  const measure = async <T>(op: ScaleOp, run: (api: Awaited<ReturnType<typeof fresh>>["api"]) => Promise<T>, bytes?: (r: T) => number) => {
    const { api, pid } = await fresh();
    const m = await measurePeak(pid, () => run(api));
    result.measures.push({
      leads,
      op,
      ms: m.ms,
      cpuMs: m.cpuMs,
      startBytes: m.startBytes,
      peakBytes: m.peakBytes,
      hwmReset: m.hwmReset,
      bytes: bytes?.(m.result),
    });
    progress(`scale ${leads}: ${op} ${seconds(m.ms)}, workerd peak ${mb(m.peakBytes)} (idle ${mb(m.startBytes)})`);
    return { api, result: m.result };
  };
  const deleteAll = (api: (method: string, path: string, body?: string) => Promise<string>) =>
    api("POST", "/api/crm/delete-all", JSON.stringify({ confirm: "DELETE ALL" }));
  try {
    const { result: exported } = await measure(
      "export",
      (api) => api("GET", "/api/crm/export"),
      (text) => Buffer.byteLength(text),
    );
    const first = withoutExportedAt(exported);
    // A state kept by --reuse-state from a run that stopped part-way may have lost its leads.
    const exportedLeads = (JSON.parse(exported) as { leads: unknown[] }).leads.length;
    if (exportedLeads !== leads)
      throw new Error(`${stateDir} holds ${exportedLeads} leads, not ${leads}: run without --reuse-state to seed it again`);
    const { result: deleted } = await measure(
      "delete-all",
      deleteAll,
      (text) => (JSON.parse(text) as { backup: { size: number } }).backup.size,
    );
    const backupId = (JSON.parse(deleted) as { backup: { id: string } }).backup.id;
    const restored = await measure("restore", (api) => api("POST", `/api/crm/backups/${backupId}/restore`));
    const afterRestore = withoutExportedAt(await restored.api("GET", "/api/crm/export")) === first;
    await deleteAll(restored.api);
    const imported = await measure("import", (api) => api("POST", "/api/crm/import", exported));
    const afterImport = withoutExportedAt(await imported.api("GET", "/api/crm/export")) === first;

    result.roundTrips.push({ leads, restore: afterRestore, import: afterImport });
    if (!afterRestore) result.problems.push(`scale ${leads}: the export after restore differs from the first export`);
    if (!afterImport) result.problems.push(`scale ${leads}: the export after import differs from the first export`);
  } catch (error) {
    result.problems.push(`scale ${leads}: ${(error as Error).message}`);
  } finally {
    await server?.stop();
  }
}

/** Every size in turn, each on its own seeded state and server (started and stopped here). */
export async function measureScale(options: ScaleOptions): Promise<ScaleResult> {
  const result: ScaleResult = { measures: [], roundTrips: [], problems: [] };
  for (const leads of options.sizes ?? SCALE_SIZES) await measureSize(leads, options, result);
  return result;
}

/** The bench table's rows: one per operation and size, then the round-trip proof. */
export function scaleRows(result: ScaleResult) {
  const labels: Record<ScaleOp, string> = {
    export: "Export (GET /api/crm/export)",
    "delete-all": "Delete all, its backup first",
    restore: "Restore that backup",
    import: "Import the export",
  };
  const section = (leads: number) => `Scale (${leads.toLocaleString("en-GB")} leads)`;
  // Only an operation that finished is measured: one that needed more heap than the cap crashed the runtime, a problem.
  const rows = result.measures.map((m) => ({
    section: section(m.leads),
    measure: `${labels[m.op]}${m.bytes ? `, ${(m.bytes / 1024 / 1024).toFixed(1)} MB` : ""}`,
    result: `${seconds(m.ms)} · CPU ${seconds(m.cpuMs)} · workerd peak RSS ${mb(m.peakBytes)} (idle ${mb(m.startBytes)}, +${mb(m.peakBytes - m.startBytes)}; D1 included)`,
    goal: `works with the heap capped at ${HEAP_CAP_MB} MB ✔`,
  }));
  for (const r of result.roundTrips)
    rows.push({
      section: section(r.leads),
      measure: "Re-export after the restore, and after the import, equals the first export",
      result: `restore ${r.restore ? "identical" : "DIFFERENT"} · import ${r.import ? "identical" : "DIFFERENT"}`,
      goal: `identical ${r.restore && r.import ? "✔" : "✘"}`,
    });
  return rows;
}

export const scaleSection: BenchSection = {
  name: "scale",
  async run({ port, inspectorPort, demo, reuseState, progress }) {
    progress("scale: export, delete-all, restore and import at 10,000 and 50,000 leads, each on a fresh server…");
    const scale = await measureScale({
      port: port + 2,
      inspectorPort: inspectorPort - 1,
      owner: { email: demo.DEMO_OWNER_EMAIL, password: demo.DEMO_OWNER_PASSWORD },
      reuseState,
      progress,
    });
    return { rows: scaleRows(scale), results: { scale }, problems: scale.problems };
  },
};
