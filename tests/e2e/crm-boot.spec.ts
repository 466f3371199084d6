/**
 * No request waterfall on a CRM page's first load (docs/decisions/0010-crm-first-data-inline.md): the session and the page's first
 * data come inline with the shell (docs/decisions/0010), so the browser never asks for them after
 * its code has run, and the first render already shows the data, never its loading placeholder.
 * Read from the browser's own resource timing. Once the live socket opens it refreshes what came
 * inline and has changed since (and the board, which comes short), so those requests may follow,
 * but only after the content is on screen.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { MISSED_MARGIN_MS } from "../../contract/live";
import { api, backdropFiltered, createLead, demo, expectStatus, holdLive, live, signIn, staff, tag } from "./support";

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

/**
 * Records, from before any script runs, when `ready` first matched and whether the page's loading
 * placeholder ever appeared.
 */
async function watch(page: Page, placeholder: string, ready: string) {
  await page.addInitScript(
    ([label, selector]) => {
      const w = window as unknown as { __placeholderSeen?: boolean; __readyAt?: number };
      w.__placeholderSeen = false;
      new MutationObserver(() => {
        if (document.querySelector(`[aria-label="${label}"]`)) w.__placeholderSeen = true;
        if (w.__readyAt === undefined && document.querySelector(selector)) w.__readyAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    },
    [placeholder, ready],
  );
}
const seen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __placeholderSeen: boolean; __readyAt: number };
    return { placeholderSeen: w.__placeholderSeen, readyAt: w.__readyAt };
  });

/**
 * The page's first data must not be asked for before it shows: none of these requests, or (once
 * the live socket opens it refreshes what came inline and changed since, docs/decisions/0010) only
 * after the content was on screen.
 */
function expectNotWaitedFor(entries: Timing[], path: RegExp, readyAt: number) {
  for (const e of apiCalls(entries, path))
    expect(e.startTime, `${e.name} was requested before the content showed`).toBeGreaterThan(readyAt);
}

test("/crm signed in: the board comes with the page, no session or board request", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page.request, staff.owner);
  const lead = await createLead(page.request, { name: `Inline ${tag()}` });
  await watch(page, "Loading pipeline", '[aria-label^="Pick up "]');
  await page.goto("/crm");
  await expect(page.locator(`li[data-lead-id="${lead.id}"]`)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pick up / }).first()).toBeVisible();
  const entries = await timings(page);
  const { placeholderSeen, readyAt } = await seen(page);
  expect(readyAt).toBeGreaterThan(0);
  expect(placeholderSeen).toBe(false);
  expect(apiCalls(entries, /^\/api\/auth\/me/)).toEqual([]);
  expectNotWaitedFor(entries, /^\/api\/crm\/leads\/board/, readyAt);
  expectNotWaitedFor(entries, /^\/api\/crm\/tasks\/open-count/, readyAt);
});

test("/crm/leads signed in: the first page of leads comes with the page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page.request, staff.sales);
  await watch(page, "Loading leads", "main tbody tr");
  await page.goto("/crm/leads");
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  await expect(page.locator("main tbody tr").nth(1)).toBeVisible();
  const entries = await timings(page);
  const { placeholderSeen, readyAt } = await seen(page);
  expect(readyAt).toBeGreaterThan(0);
  expect(placeholderSeen).toBe(false);
  expect(apiCalls(entries, /^\/api\/auth\/me/)).toEqual([]);
  expectNotWaitedFor(entries, /^\/api\/crm\/leads\?.*offset=0/, readyAt);
  expectNotWaitedFor(entries, /^\/api\/crm\/users$/, readyAt);
});

test("/crm/settings as the Owner: the digest switch, refused digests, refused mail, calendar feed and audit trail come with the page", async ({
  page,
}) => {
  await signIn(page.request, staff.owner);
  await page.addInitScript(() => {
    const w = window as unknown as { __auditLoadingSeen?: boolean };
    w.__auditLoadingSeen = false;
    new MutationObserver(() => {
      if ([...document.querySelectorAll('[role="status"]')].some((e) => e.textContent?.includes("Loading the audit trail")))
        w.__auditLoadingSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  // Ready with the first render, which draws Your account (the switch); the panels below the first
  // screen, refused mail and the audit trail among them, follow in a transition with their data.
  await watch(page, "no placeholder to watch", '[role="switch"]');
  await page.goto("/crm/settings");
  await expect(page.getByRole("switch", { name: "E-mail me a daily digest" })).toBeVisible();
  await expect(page.getByTestId("mail-refusal-count")).toBeVisible();
  await expect(page.getByRole("group", { name: "Calendar feed" }).getByRole("button").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Audit trail" }).getByRole("row").nth(1)).toBeVisible();
  const entries = await timings(page);
  const { readyAt } = await seen(page);
  expect(readyAt).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __auditLoadingSeen: boolean }).__auditLoadingSeen)).toBe(false);
  expectNotWaitedFor(entries, /^\/api\/crm\/calendar-feed$/, readyAt);
  expectNotWaitedFor(entries, /^\/api\/crm\/audit$/, readyAt);
  expectNotWaitedFor(entries, /^\/api\/crm\/digests\/preference$/, readyAt);
  expectNotWaitedFor(entries, /^\/api\/crm\/digests\/failed$/, readyAt);
  expectNotWaitedFor(entries, /^\/api\/crm\/mail\/refusals$/, readyAt);
});

test("a lead added while the page loads, before its live socket listens, shows once the socket opens", async ({ page, ownerTab }) => {
  await signIn(page.request, staff.sales);
  const name = `Meanwhile ${tag()}`;
  const search = `/crm/leads?q=${encodeURIComponent(name)}`;
  const row = (tab: Page) => tab.locator("main tbody tr").filter({ hasText: name });
  // A colleague's open list, whose socket shows when the hub has told everyone of the new lead. The
  // hub has been up since it opened; a log younger than the page's read would answer "all".
  await live(ownerTab, search);
  await page.waitForTimeout(MISSED_MARGIN_MS + 100);
  // This tab's socket reaches the hub only after that: the page's inline data was read before it.
  const { letThrough, missed } = await holdLive(page);
  await page.goto(search);
  await expect(page.getByText("No leads match your filters")).toBeVisible();
  await createLead(page.request, { name });
  await expect(row(ownerTab)).toBeVisible();
  letThrough();
  // The hub names what changed since the page's read (other tests' changes too), and the page refreshes that.
  const entities = await missed;
  expect(entities).toContain("leads");
  expect(entities).not.toContain("all");
  await expect(row(page)).toBeVisible();
});

test("signed in at the gate, a lead added before the live socket opens shows once it does", async ({ page }) => {
  const name = `Meanwhile ${tag()}`;
  // Signed out, the page comes with no data inline: the screens fetch theirs after Access CRM, and
  // the socket, held here, reaches the hub only after a colleague has added the lead.
  const { letThrough } = await holdLive(page);
  await page.goto(`/crm/leads?q=${encodeURIComponent(name)}`);
  await page.getByLabel("CRM Access Password", { exact: true }).fill(demo.DEMO_TEAM_PASSWORD);
  await page.getByRole("button", { name: "Access CRM" }).click();
  await expect(page.getByText("No leads match your filters")).toBeVisible();
  await createLead(page.request, { name });
  letThrough();
  await expect(page.locator("main tbody tr").filter({ hasText: name })).toBeVisible();
});

test("/crm/activity with filters in its URL: their first page comes with the page", async ({ page }) => {
  await signIn(page.request, staff.sales);
  const summary = `Inline call ${tag()}`;
  const { activity } = await expectStatus(api(page.request).crm.activities.$post({ json: { summary, type: "Call" } }), 201);
  await watch(page, "Loading activity", "main ul[aria-label='Activity entries'] li");
  await page.goto(`/crm/activity?type=Call&who=${activity.who_username}`);
  await expect(page.getByRole("listitem").filter({ hasText: summary })).toBeVisible();
  const entries = await timings(page);
  const { placeholderSeen, readyAt } = await seen(page);
  expect(readyAt).toBeGreaterThan(0);
  expect(placeholderSeen).toBe(false);
  expectNotWaitedFor(entries, /^\/api\/crm\/activities\?/, readyAt);
  expectNotWaitedFor(entries, /^\/api\/crm\/users$/, readyAt);
});

test("signed out, the gate shows without asking who is signed in; after Access CRM the board does not wait for code", async ({ page }) => {
  await page.goto("/crm");
  const password = page.getByLabel("CRM Access Password", { exact: true });
  await expect(password).toBeVisible();
  expect(apiCalls(await timings(page), /^\/api\/auth\/me/)).toEqual([]);

  await password.fill(demo.DEMO_TEAM_PASSWORD);
  await page.getByRole("button", { name: "Access CRM" }).click();
  await expect(page.getByRole("heading", { name: "Sales Pipeline" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pick up / }).first()).toBeVisible();
  const entries = await timings(page);
  const [signInCall] = apiCalls(entries, /^\/api\/auth\/team/);
  const [board] = apiCalls(entries, /^\/api\/crm\/leads\/board/);
  expect(signInCall).toBeDefined();
  expect(board).toBeDefined();
  // The board is asked for as soon as the session exists: the pipeline's code (the one crm chunk,
  // vite.config.ts) had arrived behind the gate, before "Access CRM" was pressed. Whatever loads
  // after the sign-in (the toaster for its toast) is nothing the board imports.
  const crmChunks = entries.filter((e) => /\/assets\/crm-[\w-]+\.js$/.test(e.name));
  expect(crmChunks).toHaveLength(1);
  expect(crmChunks[0].responseEnd).toBeLessThan(signInCall.startTime);
  expect(board.startTime).toBeGreaterThan(signInCall.responseEnd);
});

/** The shell's own scripts, and the page's chunks it preloads beside them, from a CRM page's HTML. */
async function scriptsOf(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  return [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  );
}

test("the scripts every CRM load runs carry V8's compile hint; a page's own chunks do not", async ({ page }) => {
  await signIn(page.request, staff.owner);
  const shell = await scriptsOf(page, "/crm");
  expect(shell.length).toBeGreaterThanOrEqual(3);
  // V8 compiles a file that starts with this on a background thread as it arrives (vite.config.ts).
  for (const file of shell)
    expect((await (await page.request.get(file)).text()).startsWith("//# allFunctionsCalledOnLoad\n"), file).toBe(true);
  const settingsOnly = (await scriptsOf(page, "/crm/settings")).filter((f) => !shell.includes(f));
  expect(settingsOnly.length).toBeGreaterThan(0);
  for (const file of settingsOnly) expect((await (await page.request.get(file)).text()).startsWith("//#"), file).toBe(false);
});

test("nothing in the CRM blurs what is behind it, so a dialog or a scroll repaints no blur", async ({ ownerTab: page }) => {
  // The sticky header under a scroll, and the full-screen overlay through a dialog's whole opening.
  await page.goto("/crm/leads");
  await expect(page.getByRole("banner")).toBeVisible();
  expect(await backdropFiltered(page)).toEqual([]);
  await page.getByRole("button", { name: "New Lead" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Lead" })).toBeVisible();
  expect(await backdropFiltered(page)).toEqual([]);
});
