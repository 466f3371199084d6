/** Runs scripts/bench-live.mjs (live write → event latency and 50-socket fan-out) against the bench server and reads its JSON. */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, type DemoSettings } from "../lib/local";

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
