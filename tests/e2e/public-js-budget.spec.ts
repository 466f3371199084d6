/**
 * What a visitor's browser downloads before any interaction: nothing on the home page, at most
 * 60 KB (gzip) on any public page, whose only scripts are its islands (docs/decisions/0012), at
 * most 30 KB for the booking page's picker, and never CRM code (docs/decisions/0041-prerendered-public-pages.md).
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

/** Each script's gzip size, by URL: a name carries its content's hash, so one is measured once however many pages load it. */
const gzipped = new Map<string, Promise<number>>();
async function gzipOf(page: Page, urls: string[]) {
  const sizeOf = (url: string) => page.request.get(url).then(async (res) => gzipSync(await res.body(), { level: 9 }).length);
  for (const url of urls) if (!gzipped.has(url)) gzipped.set(url, sizeOf(url));
  let total = 0;
  for (const url of urls) total += await gzipped.get(url)!;
  return total;
}

test("the home page requests no JavaScript before any interaction: nothing on it needs any", async ({ page }) => {
  const scripts = await scriptsRequestedBy(page, "/");
  console.log(`/ requests ${scripts.length} JS files, ${((await gzipOf(page, scripts)) / 1000).toFixed(1)} KB gzip`);
  expect(scripts).toEqual([]);
});

/** Pages open at once: each waits half a second of quiet network, so one at a time is mostly waiting. */
const AT_ONCE = 4;

test("every public page stays within 60 KB of JavaScript (gzip) and requests no CRM chunk", async ({ context }) => {
  test.setTimeout(180_000); // every public route, each until its network is idle
  expect(crmChunks).toContain("crm-root");
  const paths = Object.keys(h1s);
  const pages = await Promise.all(Array.from({ length: AT_ONCE }, () => context.newPage()));
  await Promise.all(
    pages.map(async (page, lane) => {
      for (const path of paths.filter((_, i) => i % AT_ONCE === lane)) {
        const scripts = await scriptsRequestedBy(page, path);
        const names = scripts.map((u) => new URL(u).pathname.split("/").pop()!);
        const crm = names.filter((n) => crmChunks.some((c) => n.startsWith(`${c}-`)));
        expect(crm, path).toEqual([]);
        expect(await gzipOf(page, scripts), path).toBeLessThanOrEqual(60 * 1024);
      }
    }),
  );
});

test("public pages with forms load no Lucide icon code: their fields and selects draw plain SVG icons", async ({ page }) => {
  for (const path of ["/contact", "/free-redesign", "/clients/vm-fitness"]) {
    for (const url of await scriptsRequestedBy(page, path)) {
      // Lucide's icon factory stamps every icon it makes with the class "lucide".
      expect(await (await page.request.get(url)).text(), `${path} ${url}`).not.toMatch(/[`"']lucide[`"']/);
    }
  }
});

test("an enquiry page loads zod only when its form is first used; if it cannot, the server's messages are shown", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  // Every download of the resolver and schema chunks fails, as on a dropped connection.
  await page.route(/\/assets\/(zod|schemas|form-submission)-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/contact", { waitUntil: "networkidle" });
  const zod = () => requested.filter((p) => /\/(zod|schemas)-[\w-]+\.js$/.test(p));
  expect(zod()).toEqual([]);
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).focus();
  await expect.poll(() => zod().length).toBeGreaterThan(0);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name must be at least 2 characters");
  await expect(form.getByLabel("Message", { exact: true })).toHaveAccessibleDescription("Message must be at least 10 characters");
  expect(page.url()).toMatch(/\/contact$/);
});

test("the booking page's picker, with all it loads, is at most 30 KB of JavaScript (gzip)", async ({ page }) => {
  const scripts = await scriptsRequestedBy(page, "/book");
  await expect(page.locator("[data-book-picker]")).toBeVisible();
  const size = await gzipOf(page, scripts);
  console.log(`/book requests ${scripts.length} JS files, ${(size / 1000).toFixed(1)} KB gzip`);
  expect(scripts.some((u) => /\/book-picker-[\w-]+\.js$/.test(u))).toBe(true);
  expect(size).toBeLessThanOrEqual(30 * 1024);
});
