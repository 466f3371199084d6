/**
 * The worker as `wrangler deploy` would upload it: bundled by `wrangler deploy
 * --dry-run --outdir`, which needs no account, then measured raw and gzipped. Workers Free
 * accepts 3 MB gzipped and Paid 10 MB; our own goal is far below, since a smaller worker starts faster.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../lib/local";
import { goal, type BenchSection } from "./section";
import { kb } from "./stats";

export const WORKER_GZIP_GOAL_KB = 250;

export interface WorkerSize {
  rawBytes: number;
  gzipBytes: number;
  files: string[];
}

export function measureWorkerSize(): WorkerSize {
  const outdir = mkdtempSync(join(tmpdir(), "bench-worker-"));
  try {
    const npx = process.platform === "win32" ? "npx.cmd" : "npx";
    const run = spawnSync(npx, ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG: "warn" },
    });
    if (run.status !== 0) throw new Error(`wrangler deploy --dry-run failed: ${run.stderr || run.stdout}`);
    // The bundle and any modules it splits out; not the source map.
    const files = readdirSync(outdir, { recursive: true, encoding: "utf8" }).filter(
      (f) => /\.(m?js|wasm)$/.test(f) && statSync(join(outdir, f)).isFile(),
    );
    const bytes = files.map((f) => readFileSync(join(outdir, f)));
    return {
      files,
      rawBytes: bytes.reduce((n, b) => n + b.length, 0),
      gzipBytes: bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export const sizeSection: BenchSection = {
  name: "size",
  beforeServer: true,
  async run({ progress }) {
    progress("worker size: wrangler deploy --dry-run --outdir…");
    const size = measureWorkerSize();
    return {
      rows: [
        {
          section: "Worker size",
          measure: "wrangler deploy --dry-run: the worker with its three doors (fetch, scheduled, email)",
          result: `${kb(size.rawBytes)} raw · ${kb(size.gzipBytes)} gzip`,
          goal: goal(size.gzipBytes <= WORKER_GZIP_GOAL_KB * 1024, `≤ ${WORKER_GZIP_GOAL_KB} KB gzip`),
        },
      ],
      results: { size },
      problems: [],
    };
  },
};
