/**
 * 'View Live Site' on case studies (docs/spec.md): shown only where the studio knows the finished
 * site's real address, as a link opened in a new tab without handing the site our window; a case
 * study without one (Amco Real Estate, the generic template pages, and every study until its address
 * is confirmed) simply has no button. No page of the public site links to a placeholder such as
 * example.com (tests/web/content-placeholders.test.ts reads the content modules themselves).
 */
import { expect, test } from "./fixtures";
import { caseStudies } from "../../web/src/content/case-studies";
import { h1s } from "./public-routes";

const liveSite = (page: import("@playwright/test").Page) => page.getByRole("link", { name: /View Live Site/ });
const hrefs = (html: string) => [...html.matchAll(/\bhref\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);
const PLACEHOLDER = /^(?:[a-z]+:)?\/\/(?:[^/]*\.)?example\.(?:com|org|net)(?:[:/?#]|$)/i;

test("no public page links to a placeholder address such as example.com", async ({ request }) => {
  const paths = Object.keys(h1s);
  expect(paths).toContain("/portfolio/dreamwell");
  for (const path of paths) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const links = hrefs(await res.text());
    expect(links.length, path).toBeGreaterThan(0);
    expect(
      links.filter((h) => PLACEHOLDER.test(h)),
      path,
    ).toEqual([]);
  }
});

test("each case study shows View Live Site exactly when it has a live address", async ({ request }) => {
  for (const study of caseStudies) {
    const html = await (await request.get(`/portfolio/${study.slug}`)).text();
    expect(html.includes("View Live Site"), study.slug).toBe(study.liveUrl !== undefined);
    if (study.liveUrl) expect(html, study.slug).toContain(`href="${study.liveUrl}" target="_blank" rel="noopener noreferrer"`);
  }
});

test("a case study without a live site has no button, in the browser too", async ({ page }) => {
  await page.goto("/portfolio/dreamwell");
  await expect(page.getByRole("heading", { level: 1, name: "Dreamwell" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Book a call/ })).toBeVisible();
  await expect(liveSite(page)).toHaveCount(0);

  await page.goto("/portfolio/saas-dashboard");
  await expect(page.getByRole("link", { name: "Get Similar Project" })).toBeVisible();
  await expect(liveSite(page)).toHaveCount(0);
});
