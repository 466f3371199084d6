/**
 * The `test` every spec uses: Playwright's, with a `page` whose goto and reload also wait until
 * a prerendered page has hydrated. Such a page is on screen before its scripts even start
 * (worker/http/page-boot.ts), and its "load" event no longer waits for them, so a click that
 * comes too early would land on markup with no handlers yet. Other pages (the CRM) are untouched,
 * and so is a goto that asks for `waitUntil: "commit"`.
 */
import { devices, test as base, type Browser, type Page, type ViewportSize } from "@playwright/test";
import { signIn, staff, until, type StaffLogin } from "./support";
import { appendCpu, CPU_PROFILE, treeCpu } from "./cpu-profile";

export { expect } from "@playwright/test";

/**
 * A prerendered page (it has #page-boot, at the end of its body) is ready once it has hydrated; any
 * other page once it is parsed. Parsed first: right after a goto that waits only for the response
 * ("commit"), the document can still be empty, and an empty one has no #page-boot either.
 */
const isReady = () =>
  document.readyState !== "loading" && (!document.getElementById("page-boot") || document.documentElement.hasAttribute("data-hydrated"));

export async function hydrated(page: Page) {
  await until(page, isReady);
}

function waitingForHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // A test that asks for the bare response wants the page before it is ready.
    if (options?.waitUntil !== "commit") await hydrated(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated(page);
    return response;
  };
  return page;
}

const viewport = devices["Desktop Chrome"].viewport;

/** One tab of a worker's own, signed in as `who`, that its tests share (ownerTab, salesTab). */
const workerTab =
  (who: StaffLogin) =>
  async ({ browser }: { browser: Browser }, use: (tab: Page) => Promise<void>) => {
    const context = await browser.newContext();
    await signIn(context.request, who);
    await use(waitingForHydration(await context.newPage()));
    await context.close();
  };

/**
 * The shared tab at the test's size, as `page` would be (its `viewport` option, so `test.use({ viewport })`
 * sizes both), and off the CRM after it.
 */
const testTab = async (tab: Page, size: ViewportSize | null, use: (tab: Page) => Promise<void>) => {
  await tab.setViewportSize(size ?? viewport);
  await use(tab);
  // Off the CRM between its tests: an idle CRM page would refetch on every other test's change.
  await tab.goto("about:blank");
};

export const test = base.extend<{ ownerTab: Page; salesTab: Page; cpuProfile: void }, { workerOwnerTab: Page; workerSalesTab: Page }>({
  /** With E2E_CPU_PROFILE set, each test's CPU goes to that file (tests/e2e/cpu-profile.ts); otherwise nothing. */
  cpuProfile: [
    // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern, and this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, info) => {
      const before = CPU_PROFILE ? treeCpu() : null;
      await use();
      if (CPU_PROFILE && before) appendCpu(CPU_PROFILE, info, before);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
  /**
   * A tab signed in as the Owner (salesTab: as Sales) that the tests of one worker share, each
   * loading its own page in it, for tests that need no browser state of their own: no routes, init
   * scripts, clock or listeners on the page, no cold first visit. A tab per test starts a renderer
   * and fetches and compiles the CRM's scripts again; in a shared one they come from its cache,
   * about a second of CPU less per test. Each test gets it at its own size, the `viewport` option.
   */
  ownerTab: async ({ workerOwnerTab, viewport: size }, use) => testTab(workerOwnerTab, size, use),
  salesTab: async ({ workerSalesTab, viewport: size }, use) => testTab(workerSalesTab, size, use),
  workerOwnerTab: [workerTab(staff.owner), { scope: "worker" }],
  workerSalesTab: [workerTab(staff.sales), { scope: "worker" }],
});
