/**
 * The `test` every spec uses: Playwright's, with a `page` whose goto and reload also wait until
 * a prerendered page has hydrated. Such a page is on screen before its scripts even start
 * (worker/http/page-boot.ts), and its "load" event no longer waits for them, so a click that
 * comes too early would land on markup with no handlers yet. Other pages (the CRM) are untouched,
 * and so is a goto that asks for `waitUntil: "commit"`.
 */
import { test as base, type Page } from "@playwright/test";

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

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
});
