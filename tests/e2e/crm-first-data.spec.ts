/**
 * No request waterfall on a CRM page's first load (issue 13): the session and the page's first
 * data come inline with the shell (docs/decisions/0010), so the browser never asks for them after
 * its code has run, and the first render already shows the data, never its loading placeholder.
 * Read from the browser's own resource timing.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createLead, demo, signIn, staff, tag } from "./support";

interface Timing {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
}
const timings = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: r.name, initiatorType: r.initiatorType, startTime: r.startTime, responseEnd: r.responseEnd };
    }),
  );
const apiCalls = (entries: Timing[], path: RegExp) => entries.filter((e) => path.test(new URL(e.name).pathname + new URL(e.name).search));

/** Records, from before any script runs, whether the page's loading placeholder ever appeared. */
async function watchPlaceholder(page: Page, label: string) {
  await page.addInitScript((l) => {
    const w = window as unknown as { __placeholderSeen?: boolean };
    w.__placeholderSeen = false;
    new MutationObserver(() => {
      if (document.querySelector(`[aria-label="${l}"]`)) w.__placeholderSeen = true;
    }).observe(document, { childList: true, subtree: true });
  }, label);
}
const placeholderSeen = (page: Page) => page.evaluate(() => (window as unknown as { __placeholderSeen?: boolean }).__placeholderSeen);

test("/crm signed in: the board comes with the page, no session or board request", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page.request, staff.owner);
  const lead = await createLead(page.request, { name: `Inline ${tag()}` });
  await watchPlaceholder(page, "Loading pipeline");
  await page.goto("/crm");
  await expect(page.locator(`li[data-lead-id="${lead.id}"]`)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Move / }).first()).toBeVisible();
  const entries = await timings(page);
  expect(entries.filter((e) => e.initiatorType === "script" || e.name.endsWith(".js")).length).toBeGreaterThan(0);
  expect(apiCalls(entries, /^\/api\/auth\/me/)).toEqual([]);
  expect(apiCalls(entries, /^\/api\/crm\/leads\/board/)).toEqual([]);
  expect(apiCalls(entries, /^\/api\/crm\/tasks\/open-count/)).toEqual([]);
  expect(await placeholderSeen(page)).toBe(false);
});

test("/crm/leads signed in: the first page of leads comes with the page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page.request, staff.sales);
  await watchPlaceholder(page, "Loading leads");
  await page.goto("/crm/leads");
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  await expect(page.locator("tbody tr, [role=row]").nth(1)).toBeVisible();
  const entries = await timings(page);
  expect(apiCalls(entries, /^\/api\/auth\/me/)).toEqual([]);
  expect(apiCalls(entries, /^\/api\/crm\/leads\?.*offset=0/)).toEqual([]);
  expect(apiCalls(entries, /^\/api\/crm\/users$/)).toEqual([]);
  expect(await placeholderSeen(page)).toBe(false);
});

test("signed out, the gate shows without asking who is signed in; after Access CRM the board does not wait for code", async ({ page }) => {
  await page.goto("/crm");
  const password = page.getByLabel("CRM Access Password", { exact: true });
  await expect(password).toBeVisible();
  expect(apiCalls(await timings(page), /^\/api\/auth\/me/)).toEqual([]);

  await password.fill(demo.DEMO_TEAM_PASSWORD);
  await page.getByRole("button", { name: "Access CRM" }).click();
  await expect(page.getByRole("heading", { name: "Sales Pipeline" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Move / }).first()).toBeVisible();
  const entries = await timings(page);
  const [signInCall] = apiCalls(entries, /^\/api\/auth\/team/);
  const [board] = apiCalls(entries, /^\/api\/crm\/leads\/board/);
  expect(signInCall).toBeDefined();
  expect(board).toBeDefined();
  // The board is asked for as soon as the session exists: no script requested after the sign-in
  // had to arrive first (the pipeline's code was already loaded behind the gate).
  const laterScripts = entries.filter((e) => e.name.endsWith(".js") && e.startTime >= signInCall.startTime);
  for (const s of laterScripts) expect(board.startTime, `${s.name} held up the board`).toBeLessThan(s.responseEnd);
});
