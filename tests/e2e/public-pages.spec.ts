/**
 * Every public route answers 200 with its h1 already in the HTML (before any script runs), the
 * legal pages carry the sections and terms they promise, and the footer's year is today's.
 */
import { expect, test } from "./fixtures";
import { h1s } from "./public-routes";

/** Markup as a crawler reads it: tags and React's text separators removed, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The text of the page's only h1. */
function h1Of(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]));
}

test("every public route answers 200 with its one h1 in the raw HTML", async ({ request }) => {
  expect(Object.keys(h1s)).toHaveLength(1 + 5 + 1 + 14 + 1 + 8 + 6);
  for (const [path, h1] of Object.entries(h1s)) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(h1Of(await res.text()), path).toEqual([h1]);
  }
});

test("SEO: canonical, Open Graph and JSON-LD are in the HTML; sitemap and robots list the routes", async ({ request }) => {
  const home = await (await request.get("/")).text();
  expect(home).toContain('<link rel="canonical" href="https://redbrickstudio.co.uk/"');
  expect(home).toContain('property="og:title"');
  expect(home).toContain('"@type":"ProfessionalService"');
  expect(home).toContain('"areaServed":["Manchester"');
  const study = await (await request.get("/portfolio/dreamwell")).text();
  expect(study).toContain('"@type":"CreativeWork"');

  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of [
    "/",
    "/web-design",
    "/portfolio",
    "/portfolio/amco-real-estate",
    "/contact",
    "/free-redesign",
    "/terms",
    "/clients/vm-fitness",
  ]) {
    expect(sitemap).toContain(`<loc>https://redbrickstudio.co.uk${path}</loc>`);
  }
  expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap: https://redbrickstudio.co.uk/sitemap.xml");
});

test("portfolio views switch with the keyboard and with JavaScript off; Branding and Apparel are coming soon", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/portfolio");
    const types = page.getByRole("group", { name: "Project types" });
    const web = types.getByRole("radio", { name: "Web Design" });
    await expect(web).toBeChecked();
    await expect(page.getByRole("link", { name: /Dreamwell/ }).first()).toBeVisible();
    await web.focus();
    await page.keyboard.press("ArrowRight");
    await expect(types.getByRole("radio", { name: "Branding" })).toBeChecked();
    await expect(page.getByText("Branding case studies are coming soon.")).toBeVisible();
    await expect(page.getByRole("link", { name: /Dreamwell/ }).first()).toBeHidden();
    await types.getByText("Apparel").click();
    await expect(page.getByText("Apparel projects are coming soon.")).toBeVisible();
    await expect(page.getByText("Branding case studies are coming soon.")).toBeHidden();
    await context.close();
  }
});

test("legal pages carry their sections and the terms they promise in the raw HTML", async ({ request }) => {
  const expected = { "/terms": 7, "/privacy": 7, "/cookies": 6 };
  const texts: Record<string, string> = {};
  for (const [path, count] of Object.entries(expected)) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    // Only the page's own content: the footer has section headings of its own.
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(await res.text())?.[1] ?? "";
    const headings = [...main.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => textOf(m[1]));
    expect(headings, path).toHaveLength(count);
    // Numbered 1..n in order, so a dropped or duplicated section shows.
    const oneToN = Array.from({ length: count }, (_, i) => String(i + 1));
    expect(
      headings.map((h) => h.split(".")[0]),
      path,
    ).toEqual(oneToN);
    texts[path] = textOf(main);
  }
  expect(texts["/terms"]).toContain("50% deposit up front");
  expect(texts["/terms"]).toContain("remaining 50% is due on completion");
  expect(texts["/terms"]).toContain("14 days' written notice");
  expect(texts["/terms"]).toContain("transfer to you upon full payment");
});

test("the footer shows the visitor's current year, not the year the page was built", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.clock.setFixedTime(new Date("2031-06-01T12:00:00Z"));
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toContainText("© 2031 Redbrick Studio. All rights reserved.");
  await page.waitForLoadState("networkidle");
  // A year that differs between the HTML and the first client render is a hydration error.
  expect(errors).toEqual([]);
});
