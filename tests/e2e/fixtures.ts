/**
 * The `test` every spec uses: Playwright's, with a `page` whose goto and reload also wait until
 * a prerendered page has hydrated. Such a page is on screen before its scripts even start
 * (worker/http/page-boot.ts), and its "load" event no longer waits for them, so a click that
 * comes too early would land on markup with no handlers yet. Other pages (the CRM) are untouched,
 * and so is a goto that asks for `waitUntil: "commit"`.
 */
import { devices, test as base, type Page } from "@playwright/test";
import { signIn } from "./support";

export { expect } from "@playwright/test";

export async function hydrated(page: Page) {
  await page.waitForFunction(() => !document.getElementById("page-boot") || document.documentElement.hasAttribute("data-hydrated"));
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

export const test = base.extend<{ ownerTab: Page }, { workerOwnerTab: Page }>({
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
  /**
   * A tab signed in as the Owner that the tests of one worker share, each loading its own page in
   * it, for tests that only read what is on screen. A tab per test starts a renderer and fetches
   * and compiles the CRM's scripts again; in a shared one they come from its cache, about a second
   * of CPU less per test. Each test gets it at the default size.
   */
  ownerTab: async ({ workerOwnerTab }, use) => {
    await workerOwnerTab.setViewportSize(viewport);
    await use(workerOwnerTab);
    // Off the CRM between its tests: an idle CRM page would refetch on every other test's change.
    await workerOwnerTab.goto("about:blank");
  },
  workerOwnerTab: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      await signIn(context.request);
      await use(waitingForHydration(await context.newPage()));
      await context.close();
    },
    { scope: "worker" },
  ],
});
