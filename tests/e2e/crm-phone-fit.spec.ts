/**
 * Every CRM page on a phone as Chrome for Android lays it out (touch, a phone's pixel ratio), at
 * 320 px, the narrowest phones and the width WCAG's reflow asks a page to fit without scrolling
 * sideways: nothing reaches past the screen. Content that does, even invisible text, makes the
 * phone's layout viewport wider than the screen, and whatever is fixed across it (the "Offline,
 * reconnecting…" notice, toasts) is then centred off to the side, out of sight.
 */
import { PHONE_CONTEXT } from "../../scripts/lib/phone";
import { expect, test } from "./fixtures";
import { CRM_PAGES, signIn, staff } from "./support";

const NARROWEST = { width: 320, height: 640 };
test.use({ ...PHONE_CONTEXT, viewport: NARROWEST, screen: NARROWEST });

test("every CRM page fits a 320 px phone: nothing widens its layout viewport", async ({ page }) => {
  await signIn(page.request);
  for (const path of CRM_PAGES) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    // Every card and row in, not only the first screen's.
    await page.waitForLoadState("networkidle");
    const fit = await page.evaluate(() => ({
      layoutViewport: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      // What sticks out, to say which element to fix. A scroller clips what is inside it, but not an
      // absolutely placed element whose containing block is outside it.
      past: [...document.querySelectorAll("body *")]
        .filter(
          (e) => getComputedStyle(e).position !== "fixed" && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
        )
        .filter((e) => {
          const block = getComputedStyle(e).position === "absolute" ? (e as HTMLElement).offsetParent : e.parentElement;
          for (let p = e.parentElement; p; p = p.parentElement)
            if (getComputedStyle(p).overflowX !== "visible" && (!block || p === block || p.contains(block))) return false;
          return true;
        })
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} "${(e.textContent ?? "").trim().slice(0, 30)}"`),
    }));
    expect(fit, path).toEqual({ layoutViewport: NARROWEST.width, scrollWidth: NARROWEST.width, past: [] });
  }
});

test("the sidebar is built only where it shows: a phone has the menu's drawer, widening the window brings the sidebar", async ({
  page,
}) => {
  await signIn(page.request, staff.owner);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/crm");
  await expect(page.getByRole("button", { name: /^Pick up / }).first()).toBeVisible();
  await expect(page.locator("aside")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("complementary").getByRole("link", { name: "Settings" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator("aside")).toHaveCount(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Settings" })).toBeVisible();
});
