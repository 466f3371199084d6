/** Runs scripts/bench-live.mjs (live write → event latency and 50-socket fan-out) against the bench server and reads its JSON. */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, type DemoSettings } from "../lib/local";
import { goal, type BenchSection } from "./section";
import { ms } from "./stats";

export interface LiveResult {
  latency: { write_sent_to_event_ms: { p50: number; p95: number; max: number }; write_answered_to_event_ms: { p50: number; p95: number } };
  fanout: {
    sockets: number;
    writes: number;
    failed_writes: number;
    broadcasts_per_second: number;
    messages_delivered_per_second: number;
    messages_lost: number;
  };
}

export async function runLive(base: string, stateDir: string, demo: DemoSettings): Promise<LiveResult> {
  const out = join(ROOT, stateDir, "live.json");
  rmSync(out, { force: true });
  const child = spawn(process.execPath, [join(ROOT, "scripts/bench-live.mjs"), base], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      BENCH_LIVE_OUT: out,
      DEMO_OWNER_EMAIL: demo.DEMO_OWNER_EMAIL,
      DEMO_OWNER_PASSWORD: demo.DEMO_OWNER_PASSWORD,
      DEMO_SALES_EMAIL: demo.DEMO_SALES_EMAIL,
      DEMO_SALES_PASSWORD: demo.DEMO_SALES_PASSWORD,
    },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  // It exits 1 when a message was lost or a write failed, after writing its results: those are reported, not thrown.
  if (!existsSync(out)) throw new Error(`scripts/bench-live.mjs failed (exit ${code}):\n${output.trim()}`);
  return JSON.parse(readFileSync(out, "utf8")) as LiveResult;
}

export const liveSection: BenchSection = {
  name: "live",
  async run({ server, stateDir, demo, progress }) {
    progress("live hub: write → event latency and 50-socket fan-out (scripts/bench-live.mjs)…");
    const live: LiveResult = await runLive(server().base, stateDir, demo);
    const l = live.latency.write_sent_to_event_ms;
    const f = live.fanout;
    const problems: string[] = [];
    if (f.messages_lost || f.failed_writes)
      problems.push(`live fan-out lost ${f.messages_lost} messages, ${f.failed_writes} writes failed`);
    return {
      rows: [
        {
          section: "Live updates",
          measure: "Write → event on another user's socket",
          result: `p50 ${ms(l.p50)} · p95 ${ms(l.p95)}`,
          goal: "reported",
        },
        {
          section: "Live updates",
          measure: `Fan-out to ${f.sockets} sockets`,
          result: `${f.broadcasts_per_second} broadcasts/s · ${f.messages_delivered_per_second} messages/s · ${f.messages_lost} lost · ${f.failed_writes} failed writes`,
          goal: goal(f.messages_lost === 0 && f.failed_writes === 0, "0 lost"),
        },
      ],
      results: { live },
      problems,
    };
  },
};
