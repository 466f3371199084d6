/**
 * What a visitor's browser downloads: the home page stays within its 100 KB (gzip) JavaScript
 * budget before any interaction, and no public page requests CRM code (DECISIONS 10).
 */
import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { h1s } from "./public-routes";

/** Chunk-name prefixes of the CRM's route modules (Vite names a chunk after its module). */
const crmChunks = readdirSync("web/src/app/crm")
  .filter((f) => f.endsWith(".tsx") && f !== "not-found.tsx")
  .map((f) => f.replace(/\.tsx$/, ""));

async function scriptsRequestedBy(page: Page, path: string) {
  const urls = new Set<string>();
  const listener = (r: { resourceType(): string; url(): string }) => {
    if (r.resourceType() === "script") urls.add(r.url());
  };
  page.on("request", listener);
  await page.goto(path, { waitUntil: "networkidle" });
  page.off("request", listener);
  return [...urls];
}

test("the home page requests at most 100 KB of JavaScript (gzip) before any interaction", async ({ page }) => {
  const scripts = await scriptsRequestedBy(page, "/");
  let gzip = 0;
  for (const url of scripts) gzip += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;
  console.log(`/ requests ${scripts.length} JS files, ${(gzip / 1000).toFixed(1)} KB gzip`);
  expect(gzip).toBeLessThanOrEqual(100_000);
});

test("no public page requests a CRM chunk", async ({ page }) => {
  test.setTimeout(180_000); // every public route, each until its network is idle
  expect(crmChunks).toContain("crm-root");
  for (const path of Object.keys(h1s)) {
    const names = (await scriptsRequestedBy(page, path)).map((u) => new URL(u).pathname.split("/").pop()!);
    const crm = names.filter((n) => crmChunks.some((c) => n.startsWith(`${c}-`)));
    expect(crm, path).toEqual([]);
  }
});

test("public pages with forms load no Lucide icon code: their fields and selects draw plain SVG icons", async ({ page }) => {
  for (const path of ["/contact", "/free-redesign", "/clients/vm-fitness"]) {
    for (const url of await scriptsRequestedBy(page, path)) {
      // Lucide's icon factory stamps every icon it makes with the class "lucide".
      expect(await (await page.request.get(url)).text(), `${path} ${url}`).not.toMatch(/[`"']lucide[`"']/);
    }
  }
});

test("an enquiry page loads zod only when its form is first used, and tries again after a failed download", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  let aborted = 0;
  await page.route(/\/assets\/zod-[\w-]+\.js$/, async (route) => {
    // The first download fails, as on a dropped connection.
    if (aborted++ === 0) await route.abort();
    else await route.continue();
  });
  await page.goto("/contact", { waitUntil: "networkidle" });
  const zod = () => requested.filter((p) => /\/zod-[\w-]+\.js$/.test(p));
  expect(zod()).toEqual([]);
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).focus();
  await expect.poll(() => zod().length).toBe(1);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name must be at least 2 characters");
  expect(zod()).toHaveLength(2);
});
