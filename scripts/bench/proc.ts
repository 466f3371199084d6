/**
 * What the bench reads about a server's processes from Linux's /proc: which workerd serves a
 * `wrangler dev` (wrangler is a Node process that starts workerd as a child), how much CPU time it
 * has used, and its peak resident memory over an operation. Local D1 (SQLite) and KV run inside
 * that same workerd process, so its figures are an upper bound for the worker's own isolate.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function statFields(pid: number): string[] {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

const commandName = (pid: number) => readFileSync(`/proc/${pid}/comm`, "utf8").trim();

/** Every process below `root` (children, grandchildren…), found by walking /proc's parent ids. */
export function descendantsOf(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      // Field 4 of stat is the parent pid; index 1 once the pid and name are cut off.
      parentOf.set(pid, Number(statFields(pid)[1]));
    } catch {
      // The process ended while /proc was read.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parentOf) {
      if (ppid !== parent) continue;
      found.push(pid);
      queue.push(pid);
    }
  }
  return found;
}

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");

/**
 * The workerd process that runs the worker of the `wrangler dev` started as `wranglerPid`; throws
 * when there is none. wrangler starts two: its own proxy, which owns the public port and forwards
 * each request, and the runtime that runs the worker with its D1, KV and Durable Objects. Only
 * the runtime has a debugging inspector, which is how it is told apart.
 */
export function findWorkerd(wranglerPid: number): number {
  const workerd = descendantsOf(wranglerPid).filter((pid) => {
    try {
      return commandName(pid) === "workerd";
    } catch {
      return false;
    }
  });
  const runtime = workerd.length === 1 ? workerd : workerd.filter((pid) => commandLine(pid).some((a) => a.startsWith("--inspector-addr")));
  if (runtime.length !== 1) throw new Error(`expected one workerd running the worker under pid ${wranglerPid}, found ${workerd.length}`);
  return runtime[0];
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU time the process has used so far, in milliseconds: the sum of its threads' time on a CPU
 * from /proc/<pid>/task/<tid>/schedstat (nanoseconds), or, where the kernel has no schedstat,
 * user plus system time from stat (10 ms resolution on most kernels).
 */
export function cpuTimeMs(pid: number): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // A thread that ended between the listing and the read.
      }
    }
    if (ns > 0) return ns / 1e6;
  } catch {
    // No task directory to read: fall back to stat.
  }
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of stat: indexes 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** A `kB` line of /proc/<pid>/status (VmRSS, VmHWM…) in bytes. */
function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  if (!line) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(/(\d+)\s*kB/.exec(line)![1]) * 1024;
}

export const rssBytes = (pid: number) => statusBytes(pid, "VmRSS");
/** The resident-memory high-water mark since the process started, or since resetPeakRss. */
export const peakRssBytes = (pid: number) => statusBytes(pid, "VmHWM");

/**
 * Sets the process's high-water mark back to its current RSS (`echo 5 > /proc/<pid>/clear_refs`).
 * Answers false where the kernel refuses it; the sampled peak of measurePeak still holds then.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

export interface Measured<T> {
  result: T;
  /** Wall time of `operation`. */
  ms: number;
  /** CPU time the process used meanwhile. */
  cpuMs: number;
  /** Resident memory before the operation. */
  startBytes: number;
  /** Peak resident memory during it: VmHWM after a reset, and VmRSS sampled every 10 ms, whichever is higher. */
  peakBytes: number;
  /** Whether VmHWM could be reset (otherwise only the samples count). */
  hwmReset: boolean;
}

/** Runs `operation` and reports the process's time, CPU and peak resident memory over it. */
export async function measurePeak<T>(pid: number, operation: () => Promise<T>, sampleEveryMs = 10): Promise<Measured<T>> {
  const hwmReset = resetPeakRss(pid);
  const startBytes = rssBytes(pid);
  let sampled = startBytes;
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, rssBytes(pid));
    } catch {
      // The process ended: the operation will say so.
    }
  }, sampleEveryMs);
  const cpuBefore = cpuTimeMs(pid);
  const started = performance.now();
  try {
    const result = await operation();
    const ms = performance.now() - started;
    const cpuMs = cpuTimeMs(pid) - cpuBefore;
    const peakBytes = Math.max(sampled, rssBytes(pid), hwmReset ? peakRssBytes(pid) : 0);
    return { result, ms, cpuMs, startBytes, peakBytes, hwmReset };
  } finally {
    clearInterval(timer);
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
