/**
 * The top bar's search: '/' focuses it, its hits list under the box as you type (three of a kind at
 * most), and Enter opens the page of the hits, leads or clients.
 */
import { expect, test } from "./fixtures";
import { api, createClient, createLead, expectStatus, tag } from "./support";

test("'/' focuses the search; a search navigates to the hits and toasts", async ({ salesTab: page }) => {
  const t = tag();
  const lead = await createLead(page.request, { name: `Findable ${t}`, company: "Search Co" });
  await page.goto("/crm");
  await expect(page.getByRole("heading", { name: "Sales Pipeline" })).toBeVisible();
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("/");
  const search = page.getByRole("combobox", { name: "Search leads, clients, projects and proposals" });
  await expect(search).toBeFocused();
  await search.fill(`findable ${t}`);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/crm\/leads\?q=findable/);
  await expect(page.getByText("Found 1 lead", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `View ${lead.name}` })).toBeVisible();

  // The lead's dialog opens from the hit.
  await page.getByRole("button", { name: `View ${lead.name}` }).click();
  await expect(page.getByRole("dialog", { name: lead.name })).toBeVisible();
  await page.keyboard.press("Escape");

  await search.fill(`zzz-nothing-${t}`);
  await search.press("Enter");
  await expect(page.getByText("No Results")).toBeVisible();
});

test("the search lists its hits under the box as you type, three of a kind at most; arrows choose, Enter opens", async ({
  salesTab: page,
}) => {
  const t = tag();
  const word = `Comboable${t}`;
  const leads = [];
  for (let i = 1; i <= 4; i++) leads.push(await createLead(page.request, { name: `${word} Lead ${i}`, company: `Lead Co ${i}` }));
  const { crm } = api(page.request);
  const client = await expectStatus(crm.clients.$post({ json: { name: `${word} Bakery` } }), 201);
  expect((await crm.projects.$post({ json: { title: `${word} Shop Site` } })).status).toBe(201);
  expect((await crm.proposals.$post({ json: { title: `${word} Retainer`, lead_id: leads[0].id } })).status).toBe(201);

  await page.goto("/crm/tasks");
  const search = page.getByRole("combobox", { name: "Search leads, clients, projects and proposals" });
  await search.fill(word.toLowerCase());
  const hits = page.getByRole("listbox", { name: "Search results" });
  await expect(search).toHaveAttribute("aria-expanded", "true");
  // At most three per kind (the spec's limit), under a heading per kind.
  await expect(hits.getByRole("group", { name: "Leads" }).getByRole("option")).toHaveCount(3);
  await expect(hits.getByRole("group", { name: "Clients" }).getByRole("option")).toHaveText([`${word} Bakery`]);
  await expect(hits.getByRole("group", { name: "Projects" }).getByRole("option")).toHaveCount(1);
  await expect(hits.getByRole("group", { name: "Proposals" }).getByRole("option")).toContainText([`${word} Retainer`]);
  await expect(page.getByRole("status").filter({ hasText: "6 results" })).toBeAttached();

  // Down moves through the hits, announced through aria-activedescendant; Enter opens the chosen one.
  for (let i = 0; i < 4; i++) await search.press("ArrowDown");
  const chosen = hits.getByRole("option", { name: `${word} Bakery` });
  await expect(chosen).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await chosen.getAttribute("id"))!);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/crm/clients/${client.client.id}$`));
  await expect(page.getByRole("heading", { name: `${word} Bakery` })).toBeVisible();
  await expect(search).toHaveValue("");

  // Up from the box wraps to the last hit; Escape closes the list and keeps what was typed.
  await search.fill(word);
  await expect(hits.getByRole("option")).toHaveCount(6);
  await search.press("ArrowUp");
  await expect(hits.getByRole("option", { name: `${word} Retainer` })).toHaveAttribute("aria-selected", "true");
  await search.press("Escape");
  await expect(hits).toBeHidden();
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await expect(search).toHaveValue(word);

  // A click opens a lead in its dialog.
  await search.fill(`${word} lead 2`);
  await hits.getByRole("option", { name: `${word} Lead 2` }).click();
  await expect(page.getByRole("dialog", { name: `${word} Lead 2` })).toBeVisible();

  // Nothing matches: the list says so, on screen and to a screen reader.
  await page.keyboard.press("Escape");
  await search.fill(`zzz-${t}`);
  await expect(page.getByRole("search").locator("p:not(.sr-only)", { hasText: "No Results" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No Results" })).toBeAttached();
});

test("a search whose first hits are clients opens Clients narrowed to them, until cleared", async ({ salesTab: page }) => {
  const t = tag();
  await createClient(page.request, { name: `Searchable Bakery ${t}` });
  await page.goto("/crm");
  const search = page.getByRole("combobox", { name: "Search leads, clients, projects and proposals" });
  await search.fill(`bakery ${t}`);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/crm\/clients\?q=/);
  await expect(page.getByText("Found 1 client", { exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Showing clients matching" })).toContainText(`bakery ${t}`);
  const rows = page.getByRole("row").filter({ has: page.getByRole("link") });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Searchable Bakery ${t}`);

  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/crm\/clients$/);
  await expect.poll(() => rows.count()).toBeGreaterThan(1);
});
