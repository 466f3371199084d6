/**
 * The sign-in page is prerendered and hydrated after its first paint: a visitor on a small screen
 * can scroll it before the script has run, and hydration must leave them where they are.
 */
import { expect, hydrated, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 360 } });

test("a visitor who scrolled the sign-in page before it hydrated stays where they scrolled", async ({ page }) => {
  // The entry script is held back until the visitor has scrolled.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/auth", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Staff sign in" })).toBeVisible();
  await page.mouse.move(200, 200);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  release();
  await hydrated(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});
