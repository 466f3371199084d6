/**
 * The CRM's lists are read whole, and a studio's grow by the thousand: each page draws a screenful
 * in its first render and the rest in a transition (web/src/lib/first-screen.ts). Each list here
 * gets 30 new records, more than any first render draws; the first render must draw fewer, and
 * every one of the 30 must then show.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, createClient, expectStatus, signIn, tag, watchFirstRender } from "./support";

const lists: {
  page: string;
  /** The items of the one list the 30 go into. */
  items: string;
  add: (request: APIRequestContext, name: string, client: string) => Promise<unknown>;
}[] = [
  {
    page: "/crm/clients",
    items: "main tbody tr:has(a[href^='/crm/clients/'])",
    add: (request, name) => createClient(request, { name }),
  },
  {
    page: "/crm/projects",
    items: 'section[data-stage="Discovery"] [data-testid="project-card"]',
    add: (request, name, client) =>
      expectStatus(api(request).crm.projects.$post({ json: { title: name, stage: "Discovery", client_id: client } }), 201),
  },
  {
    page: "/crm/proposals",
    items: '[data-testid="proposal-card"]',
    add: (request, name, client) =>
      expectStatus(api(request).crm.proposals.$post({ json: { title: name, value: 1200, status: "Draft", client_id: client } }), 201),
  },
  {
    page: "/crm/invoices",
    items: '[data-testid="invoice-card"]',
    add: (request, name, client) =>
      expectStatus(
        api(request).crm.invoices.$post({
          json: { number: name, client_id: client, total: 300, date: "2026-01-05", due_date: "2026-01-19" },
        }),
        201,
      ),
  },
];

for (const list of lists) {
  test(`${list.page}: a long list draws a screenful first, then every record`, async ({ page }) => {
    await signIn(page.request);
    const stamp = tag();
    const client = (await createClient(page.request, { name: `Long List Client ${stamp}` })).id;
    const names = Array.from({ length: 30 }, (_, i) => `LL-${i}-${stamp}`);
    for (const name of names) await list.add(page.request, name, client);
    await page.setViewportSize({ width: 1280, height: 900 });
    const firstRender = await watchFirstRender(page, list.items);
    await page.goto(list.page);
    const { count, lastBottom, screenBottom } = await firstRender();
    // Enough to fill the screen, and not all of the 30 (or more, with other tests' records) in that render.
    expect(lastBottom, `${count} on the first render`).toBeGreaterThan(screenBottom);
    expect(count).toBeLessThan(30);
    for (const name of names) await expect(page.locator(list.items).filter({ hasText: name })).toHaveCount(1);
  });
}

test("/crm/tasks: a long task list draws a screenful first, then every task", async ({ page }) => {
  await signIn(page.request);
  const stamp = tag();
  for (let i = 0; i < 30; i++)
    expect((await api(page.request).crm.tasks.$post({ json: { title: `Screenful ${i} ${stamp}` } })).status).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  const firstRender = await watchFirstRender(page, 'section[aria-label^="To Do"] [data-testid="task-item"]');
  await page.goto("/crm/tasks");
  const { count, lastBottom, screenBottom } = await firstRender();
  expect(lastBottom, `${count} tasks on the first render`).toBeGreaterThan(screenBottom);
  expect(count).toBeLessThan(30);
  const todo = page.getByRole("region", { name: /^To Do \(\d+\)$/ });
  const total = Number((await todo.getAttribute("aria-label"))!.match(/\d+/)![0]);
  await expect(todo.getByTestId("task-item")).toHaveCount(total);
  await expect(todo.getByText(`Screenful 29 ${stamp}`)).toBeVisible();
});
