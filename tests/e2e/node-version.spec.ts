/**
 * A newcomer on an older Node: `npm run dev` stops at once with one line saying what to install
 * (scripts/lib/require-node.mjs), before wrangler or the build start. Node's reported version is
 * made old for the child process only, so the check itself is what runs.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

const pretend = (version: string) =>
  `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(version)}})`;

function dev(version: string) {
  return spawnSync(process.execPath, ["--import", pretend(version), "scripts/dev.mjs", "--no-build"], {
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: "1" },
  });
}

test("npm run dev on Node 20 stops at once with one line naming Node 24 and how to get it", () => {
  expect(JSON.parse(readFileSync("package.json", "utf8")).scripts.dev).toBe("node scripts/dev.mjs");
  for (const file of [".nvmrc", ".node-version"]) expect(readFileSync(file, "utf8").trim()).toBe("24");

  const old = dev("20.11.1");
  expect(old.status).toBe(1);
  expect(old.stdout).toBe("");
  const lines = old.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("Node 20.11.1 is too old: this project needs Node 24");
  expect(lines[0]).toContain("nvm install");
  expect(lines[0]).toContain("https://nodejs.org");
});

test("the check lets a supported Node through", () => {
  // 22.12 is the oldest Node wrangler runs on.
  const ok = spawnSync(
    process.execPath,
    ["--import", pretend("22.12.0"), "--input-type=module", "-e", 'await import("./scripts/lib/require-node.mjs"); console.log("passed")'],
    {
      encoding: "utf8",
    },
  );
  expect(ok.stderr).not.toContain("too old");
  expect(ok.stdout.trim()).toBe("passed");
});
