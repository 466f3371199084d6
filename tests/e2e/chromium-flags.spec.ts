/**
 * The Chromium these tests and the bench drive runs with Playwright's disabled features and ours
 * (scripts/lib/local.ts). Chromium keeps only the last --disable-features on its command line, so
 * this reads the running browser's own command line: the list it keeps must carry every feature
 * an earlier one named (Playwright's, which changes with Playwright), and the per-window address-bar
 * WebUI must not start a renderer beside the page.
 */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { PLAYWRIGHT_DISABLED_FEATURES, WINDOW_UI_FEATURES } from "../../scripts/lib/local";

/** The command lines of this worker's child processes (Debian's wrapper execs Chromium in place). */
function childCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid) lines.push(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"));
    } catch {
      // The process ended while the list was read.
    }
  }
  return lines;
}

test("Chromium keeps Playwright's disabled features and ours, in its one kept list", async ({ browser }) => {
  const chromium = childCommandLines().find((args) => args.includes("--remote-debugging-pipe"));
  expect(chromium, `no Chromium started by this worker (${browser.version()})`).toBeDefined();
  const lists = chromium!.filter((a) => a.startsWith("--disable-features=")).map((a) => a.slice("--disable-features=".length).split(","));
  expect(lists.length).toBeGreaterThanOrEqual(2);
  const kept = lists.at(-1)!;
  for (const earlier of lists.slice(0, -1)) {
    const lost = earlier.filter((f) => !kept.includes(f));
    expect(lost, "Playwright disables these now: add them to PLAYWRIGHT_DISABLED_FEATURES").toEqual([]);
  }
  expect(kept).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...WINDOW_UI_FEATURES]));
});

test("a new context opens no address-bar WebUI beside its page", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/api/health");
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send("Target.getTargets");
    await cdp.detach();
    expect(targetInfos.filter((t) => t.url.startsWith("chrome://omnibox-popup")).map((t) => t.url)).toEqual([]);
    expect(targetInfos.some((t) => t.type === "page" && t.url.endsWith("/api/health"))).toBe(true);
  } finally {
    await context.close();
  }
});
