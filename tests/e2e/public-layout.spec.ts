/**
 * No horizontal scroll at 320 or 1280 px on any public page, a client's proposal and invoice pages
 * included, and nothing on one blurs what is behind it (docs/decisions/0071-no-backdrop-blur.md);
 * reveal never hides content under reduced motion.
 */
import { demoLinkToken } from "../../scripts/lib/local";
import { expect, test } from "./fixtures";
import { backdropFiltered, demo } from "./support";

const paths = [
  "/",
  "/web-design",
  "/portfolio",
  "/portfolio/dreamwell",
  "/portfolio/test",
  "/client-previews",
  "/clients/vm-fitness",
  "/testimonials",
  "/contact",
  "/free-redesign",
  "/terms",
  "/book",
  // The demo's shared proposal and invoice: a client reads them on whatever phone they have.
  `/p/${demoLinkToken("proposal", demo.SESSION_SECRET)}`,
  `/i/${demoLinkToken("invoice", demo.SESSION_SECRET)}`,
];

// The narrowest phone (WCAG's reflow width) and a common laptop: desktop-only layouts (the header's
// full nav, 3-column grids) overflow differently.
for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    test("no page scrolls sideways or blurs what is behind it", async ({ page }) => {
      for (const path of paths) {
        await page.goto(path);
        // clientWidth, not the viewport's width: a classic scrollbar would otherwise hide up to 15 px of overflow.
        const { scrollWidth, clientWidth } = await page.evaluate(() => {
          const { scrollWidth, clientWidth } = document.documentElement;
          return { scrollWidth, clientWidth };
        });
        expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
        expect(await backdropFiltered(page), path).toEqual([]);
      }
    });
  });
}

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("below-the-fold sections are never hidden", async ({ page }) => {
    await page.goto("/");
    const card = page.locator("[data-reveal]").last();
    await expect(card).toHaveCSS("animation-name", "none");
    await expect(card).toHaveCSS("transform", "none");
  });
});

test("with motion, below-the-fold sections reveal as they scroll into view, with no script", async ({ page }) => {
  await page.goto("/");
  const card = page.locator("[data-reveal]").last();
  // Its rise is a scroll-driven animation (CSS only), tied to its own passage through the view;
  // it is never faded, so its text keeps its contrast.
  await expect(card).toHaveCSS("animation-name", "reveal");
  expect(await card.evaluate((el) => getComputedStyle(el).getPropertyValue("animation-timeline"))).toMatch(/view\(/);
  await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
  // At rest: no transform, or the animation's end, the identity.
  await expect(card).toHaveCSS("transform", /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  await expect(card).toHaveCSS("opacity", "1");
});

test("prerendered pages hydrate without errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});
