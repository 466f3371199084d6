/** The header's services dropdown (desktop) and the mobile menu, by mouse and by keyboard. */
import { expect, test } from "@playwright/test";
import { signIn } from "./support";

/** The header's popover menus: they work from the first paint, with or without JavaScript (docs/decisions/0012). */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test.describe("desktop services dropdown", () => {
      test.use({ viewport: { width: 1280, height: 800 } });

      test("opens on click, closes on a click outside, and navigates", async ({ page }) => {
        await page.goto("/", { waitUntil: "load" });
        const header = page.getByRole("banner");
        const services = header.getByRole("button", { name: "Services" });
        const menu = page.locator("#services-menu");
        await expect(menu).toBeHidden();
        await services.click();
        await expect(menu).toBeVisible();
        // It hangs under its button.
        const [button, panel] = [await services.boundingBox(), await menu.boundingBox()];
        expect(panel!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
        expect(Math.abs(panel!.x - button!.x)).toBeLessThan(24);
        await page.mouse.click(5, 700);
        await expect(menu).toBeHidden();
        await services.click();
        await menu.getByRole("link", { name: "SEO" }).click();
        await expect(page).toHaveURL(/\/seo$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("SEO for Manchester Businesses");
        await expect(page.locator("#services-menu")).toBeHidden();
      });

      test("works with the keyboard: Enter opens, Tab reaches its links, Escape closes and returns focus", async ({ page }) => {
        await page.goto("/contact", { waitUntil: "load" });
        const services = page.getByRole("banner").getByRole("button", { name: "Services" });
        const menu = page.locator("#services-menu");
        await services.focus();
        await page.keyboard.press("Enter");
        await expect(menu).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(menu.getByRole("link", { name: "Web Design" })).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(services).toBeFocused();
        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(menu.getByRole("link", { name: "Branding" })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/\/branding$/);
      });
    });

    test.describe("mobile menu", () => {
      test.use({ viewport: { width: 375, height: 740 } });

      test("opens with the menu button, expands Services, navigates", async ({ page }) => {
        await page.goto("/", { waitUntil: "load" });
        const menu = page.locator("#mobile-menu");
        await expect(menu).toBeHidden();
        await page.getByRole("button", { name: "Menu" }).click();
        await expect(menu).toBeVisible();
        await menu.getByText("Services").click();
        await menu.getByRole("link", { name: "Ecommerce" }).click();
        await expect(page).toHaveURL(/\/ecommerce$/);
        await expect(page.locator("#mobile-menu")).toBeHidden();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      });

      test("works with the keyboard, and Escape closes it", async ({ page }) => {
        await page.goto("/portfolio", { waitUntil: "load" });
        const toggle = page.getByRole("button", { name: "Menu" });
        const menu = page.locator("#mobile-menu");
        await toggle.focus();
        await page.keyboard.press("Enter");
        await expect(menu).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(toggle).toBeFocused();
        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab"); // Home
        await page.keyboard.press("Tab"); // Services
        await page.keyboard.press("Enter");
        await expect(menu.getByRole("link", { name: "SEO" })).toBeVisible();
        await menu.getByRole("link", { name: "Contact" }).focus();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/\/contact$/);
      });
    });
  });
}

test("a tap on the menu button before any script has arrived opens the menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 3_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/contact", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Contact" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
});

test("in the CRM, a page whose code is slow shows a progress bar, and one that fails to load shows the error page", async ({ page }) => {
  // Public pages are separate documents now (docs/decisions/0012); inside the app, pages are still chunks.
  await signIn(page.request);
  await page.goto("/crm");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A tab left open across a deploy: the next page's chunk is slow, then gone.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/clients-[^/]+\.js$/, async (route) => {
    await released;
    await route.abort();
  });
  await page
    .getByRole("link", { name: /^Clients/ })
    .first()
    .click();
  await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload page" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading page" })).toHaveCount(0);

  // Once the chunk can load again, the page's own button brings the page back.
  await page.unroute(/\/assets\/clients-[^/]+\.js$/);
  await page.getByRole("button", { name: "Reload page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
});
