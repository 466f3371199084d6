/** The header's services dropdown (desktop) and the mobile menu, by mouse and by keyboard. */
import { expect, test } from "./fixtures";

test.describe("desktop services dropdown", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("opens on hover and click, and navigates", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const services = header.getByRole("button", { name: "Services" });
    await services.hover();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(5, 700);
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await header.getByRole("link", { name: "SEO" }).click();
    await expect(page).toHaveURL(/\/seo$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("SEO for Manchester Businesses");
    await expect(header.getByRole("button", { name: "Services" })).toHaveAttribute("aria-expanded", "false");
  });

  test("works with the keyboard: ArrowDown opens and focuses the first link, Escape closes", async ({ page }) => {
    await page.goto("/contact");
    const services = page.getByRole("banner").getByRole("button", { name: "Services" });
    await services.focus();
    await page.keyboard.press("ArrowDown");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("banner").getByRole("link", { name: "Web Design" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(services).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/branding$/);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens with the hamburger, expands Services, navigates and closes", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    const services = menu.getByRole("button", { name: "Services" });
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Ecommerce" }).click();
    await expect(page).toHaveURL(/\/ecommerce$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("works with the keyboard", async ({ page }) => {
    await page.goto("/portfolio");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab"); // Home
    await page.keyboard.press("Tab"); // Services
    await page.keyboard.press("Enter");
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("button", { name: "Services" })).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Contact" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
  });
});

test("a page whose code is slow shows a progress bar, and one that fails to load shows the error page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A tab left open across a deploy: the next page's chunk is slow, then gone.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/portfolio-[^/]+\.js$/, async (route) => {
    await released;
    await route.abort();
  });
  await page.getByRole("main").getByRole("link", { name: "See Our Work" }).click();
  await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload page" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Loading page" })).toHaveCount(0);

  // Back to where the visitor was, then the same link again once the chunk can load: it works.
  await page.unroute(/\/assets\/portfolio-[^/]+\.js$/);
  await page.goBack();
  await page.getByRole("main").getByRole("link", { name: "See Our Work" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Our Work" })).toBeVisible();
});
