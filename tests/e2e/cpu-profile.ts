/**
 * Where the browser suite's CPU goes, test by test: with `E2E_CPU_PROFILE=<file>`, each test
 * appends to <file> the CPU-seconds its worker's process tree spent while it ran (the Playwright
 * worker, which also drives the browser, and its Chromium: browser, renderers, GPU process), by
 * process kind. `node scripts/e2e-cpu-report.mjs <file>` sums it by spec. The shared server
 * (workerd) is not in any test's tree. Linux only: it reads /proc.
 */
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import type { TestInfo } from "@playwright/test";

export const CPU_PROFILE = process.env.E2E_CPU_PROFILE;
const TICKS = 100;

/** CPU-seconds of this process and its descendants by kind; an exited child's time is in its parent's (cutime). */
export function treeCpu(): Record<string, number> {
  const children = new Map<number, number[]>();
  const own = new Map<number, [number, string]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      const parent = Number(f[1]);
      const siblings = children.get(parent);
      if (siblings) siblings.push(pid);
      else children.set(parent, [pid]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const kind = /--type=([\w-]+)/.exec(cmd)?.[1] ?? (cmd.includes("chrom") ? "browser" : "node");
      own.set(pid, [(Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS, kind]);
    } catch {
      // The process ended while it was read.
    }
  }
  const total: Record<string, number> = {};
  const queue = [process.pid];
  while (queue.length) {
    const pid = queue.pop()!;
    const [cpu, kind] = own.get(pid) ?? [0, "node"];
    total[kind] = (total[kind] ?? 0) + cpu;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

export function appendCpu(file: string, info: TestInfo, before: Record<string, number>) {
  const after = treeCpu();
  const cpu = Object.fromEntries(Object.entries(after).map(([kind, s]) => [kind, +(s - (before[kind] ?? 0)).toFixed(2)]));
  appendFileSync(file, JSON.stringify({ spec: info.file.split("/").pop(), title: info.title, retry: info.retry, cpu }) + "\n");
}
