#!/usr/bin/env node
/**
 * `npm run typecheck`: the worker, the web app and the node side (scripts, tests, configs), each
 * its own program, checked by TypeScript 7's native compiler (the `typescript7` package). The
 * `typescript` package stays at 6 because typescript-eslint parses with its JavaScript API, which
 * TypeScript 7 no longer ships; both install side by side, and both name their command `tsc`, so
 * this runs 7 by its path rather than through whichever `tsc` npm linked last.
 *
 * One program at a time, each on one thread: `npm test` checks types beside the lint and the
 * build on two cores, where TypeScript 7's own threads would add CPU without finishing sooner
 * (docs/decisions/0073-typescript-7-checks-the-types.md).
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript7/package.json")), "bin", "tsc");
const PROGRAMS = ["tsconfig.worker.json", "tsconfig.web.json", "tsconfig.node.json"];

for (const project of PROGRAMS) {
  const { status } = spawnSync(process.execPath, [tsc, "-p", project, "--singleThreaded"], { stdio: "inherit" });
  if (status !== 0) {
    console.error(`✘ ${project}: type errors above.`);
    process.exit(status ?? 1);
  }
}
