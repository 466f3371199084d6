/**
 * 'View Live Site' on case studies (docs/spec.md): a real external link, opened in a new tab without
 * handing the site our window, where the project has a live URL; absent where it has none (Amco
 * Real Estate, and the generic template pages).
 */
import { expect, test } from "./fixtures";
import { caseStudies } from "../../web/src/content/case-studies";

const liveSite = (page: import("@playwright/test").Page) => page.getByRole("link", { name: /View Live Site/ });

test("a case study with a live site links to it in a new tab, safely", async ({ page }) => {
  await page.goto("/portfolio/dreamwell");
  await expect(page.getByRole("heading", { level: 1, name: "Dreamwell" })).toBeVisible();
  const link = liveSite(page);
  await expect(link).toHaveAttribute("href", "https://dreamwell.example.com/");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAccessibleName("View Live Site (opens in a new tab)");
});

test("Amco Real Estate and the template pages show no View Live Site", async ({ page }) => {
  await page.goto("/portfolio/amco-real-estate");
  await expect(page.getByRole("heading", { level: 1, name: "Amco Real Estate" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Book a call" }).or(page.getByRole("link", { name: /Book a call/ }))).toBeVisible();
  await expect(liveSite(page)).toHaveCount(0);

  await page.goto("/portfolio/saas-dashboard");
  await expect(page.getByRole("link", { name: "Get Similar Project" })).toBeVisible();
  await expect(liveSite(page)).toHaveCount(0);
});

test("every featured project but Amco has a live URL, and each is in the page's HTML", async ({ page }) => {
  const featured = caseStudies.filter((c) => c.featured);
  expect(featured).toHaveLength(7);
  expect(featured.filter((c) => !c.liveUrl).map((c) => c.slug)).toEqual(["amco-real-estate"]);
  for (const study of featured.filter((c) => c.liveUrl)) {
    const html = await (await page.request.get(`/portfolio/${study.slug}`)).text();
    expect(html, study.slug).toContain(`href="${study.liveUrl}" target="_blank" rel="noopener noreferrer"`);
  }
});
