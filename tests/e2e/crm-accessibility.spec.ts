/**
 * Every CRM page, and the Add Lead dialog, has no axe-core violation (its default rules: WCAG 2.0–2.2
 * A and AA and best practices, label-in-name (WCAG 2.5.3) among them), checked once the page shows
 * its data, signed in as the Owner so Settings shows its Owner-only sections too. Kept to one load
 * and one scan per page, so the suite stays quick.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { animationsFinished, api, axe, CRM_PAGES, expectStatus } from "./support";

/** Its heading is in <main>, nothing is loading, and no transition is half-way (colours would be read mid-fade). */
async function settled(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [aria-label^="Loading"]')).toHaveCount(0);
  await animationsFinished(page);
}

/**
 * Results axe leaves for review because the element has text of its own, though the finding stands:
 * an aria-label on an element with no role is ignored by screen readers.
 */
const REVIEWED_AS_VIOLATIONS = ["aria-prohibited-attr"];

/**
 * The violations as short readable lines: rule, impact, and the first few offending elements.
 * `within`: only those parts of the page (CSS selectors); by default all of it.
 */
async function violations(page: Page, within: string[] = []) {
  const scan = axe(page);
  for (const part of within) scan.include(part);
  const { violations: found, incomplete } = await scan.analyze();
  return [...found, ...incomplete.filter((r) => REVIEWED_AS_VIOLATIONS.includes(r.id))].map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

// One scan reads every element's colours and names: a second or two a page here, more on a busy machine.
// The tests only read and scan: each loads its page in its worker's one Owner tab (ownerTab).
test.describe.configure({ mode: "parallel", timeout: 60_000 });

test.use({ viewport: { width: 1280, height: 900 } });

for (const path of CRM_PAGES) {
  test(`${path} has no accessibility violations`, async ({ ownerTab: page }) => {
    await page.goto(path);
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });
}

test("a client's page has no accessibility violations", async ({ ownerTab: page }) => {
  const { clients } = await expectStatus(api(page.request).crm.clients.$get(), 200);
  const client = clients.find((c) => c.name === "VM Fitness") ?? clients[0];
  await page.goto(`/crm/clients/${client.id}`);
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the Add Lead dialog has no accessibility violations", async ({ ownerTab: page }) => {
  await page.goto("/crm/leads");
  await settled(page);
  await page.getByRole("button", { name: "New Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Lead" });
  await expect(dialog).toBeVisible();
  await animationsFinished(page);
  expect(await violations(page)).toEqual([]);
});

test("the search's list of hits and a card's Move to… menu have no accessibility violations", async ({ ownerTab: page }) => {
  // Each scan reads only what opened: the board around it, which by now holds every lead the other
  // specs have added, is /crm's own test, and scanning it twice more here took most of this test's time.
  await page.goto("/crm");
  await settled(page);
  const search = page.getByRole("combobox", { name: "Search leads, clients, projects and proposals" });
  await search.fill("a");
  await expect(page.getByRole("listbox", { name: "Search results" }).getByRole("option").first()).toBeVisible();
  await search.press("ArrowDown");
  expect(await violations(page, ['form[role="search"]'])).toEqual([]);

  await search.press("Escape");
  await page
    .getByRole("button", { name: /^Move .* to…$/ })
    .first()
    .click();
  await expect(page.getByRole("menu")).toBeVisible();
  await animationsFinished(page);
  expect(await violations(page, ['[role="menu"]', '[aria-haspopup="menu"][aria-expanded="true"]'])).toEqual([]);
});
