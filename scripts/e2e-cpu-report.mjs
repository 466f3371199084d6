#!/usr/bin/env node
/** Sums a browser-suite CPU profile (tests/e2e/cpu-profile.ts) by spec, heaviest first, then lists the heaviest tests. */
import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("Usage: node scripts/e2e-cpu-report.mjs <file written with E2E_CPU_PROFILE=<file>>");
  process.exit(1);
}
const rows = readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const sum = (cpu) => Object.values(cpu).reduce((a, b) => a + b, 0);
const specs = new Map();
for (const r of rows) {
  const s = specs.get(r.spec) ?? { tests: 0, total: 0, kinds: {} };
  s.tests++;
  s.total += sum(r.cpu);
  for (const [kind, v] of Object.entries(r.cpu)) s.kinds[kind] = (s.kinds[kind] ?? 0) + v;
  specs.set(r.spec, s);
}
const all = [...specs.values()].reduce((a, s) => a + s.total, 0);
console.log(`${rows.length} tests, ${all.toFixed(0)} CPU-s in their own processes\n`);
console.log("CPU-s  tests  spec  (largest kinds)");
for (const [spec, s] of [...specs].sort((a, b) => b[1].total - a[1].total)) {
  const kinds = Object.entries(s.kinds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(", ");
  console.log(`${s.total.toFixed(1).padStart(5)}  ${String(s.tests).padStart(5)}  ${spec}  (${kinds})`);
}
console.log("\nHeaviest tests:");
for (const r of [...rows].sort((a, b) => sum(b.cpu) - sum(a.cpu)).slice(0, 15))
  console.log(`${sum(r.cpu).toFixed(1).padStart(5)}  ${r.spec} › ${r.title}${r.retry ? ` (retry ${r.retry})` : ""}`);
