/**
 * The live channel between two people: Hannah (Owner) and Marcus (Sales), each in their own
 * browser context, or, where one of them only writes, a request context of their own. One writes
 * through the API; the other's screen changes without a reload. What the tests count (the studio's
 * open tasks, who is present) is the whole studio's, and other specs on the shared server add to it
 * while these run, so this spec has a server and state of its own.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  api,
  createLead,
  dropLive,
  expectStatus,
  leadCard,
  leadColumn,
  live,
  mouseDrag,
  readLead,
  signedIn,
  signIn,
  staff,
  useOwnServer,
  tag,
} from "./support";

const { owner, sales } = staff;

useOwnServer({ name: "live", offset: 5, portVariable: "E2E_LIVE_PORT" });

async function completeAllOpenTasks(request: APIRequestContext) {
  const { crm } = api(request);
  const { tasks } = await expectStatus(crm.tasks.$get(), 200);
  for (const t of tasks.filter((t) => !t.completed)) {
    const res = await crm.tasks[":id"].$patch({ param: { id: t.id }, json: { completed: true, updated_at: t.updated_at } });
    expect(res.ok).toBeTruthy();
  }
}

/** A fresh lead with a unique name, created by `request`'s user. */
async function newLead(request: APIRequestContext, data: Partial<Parameters<typeof createLead>[1]> = {}) {
  return createLead(request, { name: `Live ${tag()}`, company: "Live Co", ...data });
}

test("a task created and completed by one person shows and clears the other's red dot", async ({ browser, request: marcus }) => {
  const a = await signedIn(browser, owner);
  // The other person only writes, through the API.
  await signIn(marcus, sales);
  await live(a.page, "/crm");
  const dot = a.page.getByRole("complementary").locator("[data-open-tasks-dot]");

  await completeAllOpenTasks(marcus);
  await expect(dot).toHaveCount(0);

  const { crm } = api(marcus);
  const { task } = await expectStatus(crm.tasks.$post({ json: { title: "Call the printer back" } }), 201);
  await expect(dot).toBeVisible();
  await expect(a.page.getByRole("link", { name: /Tasks \(1 open\)/ })).toBeVisible();

  const done = await crm.tasks[":id"].$patch({ param: { id: task.id }, json: { completed: true, updated_at: task.updated_at } });
  expect(done.ok).toBeTruthy();
  await expect(dot).toHaveCount(0);

  await a.context.close();
});

test("a task created and ticked on one person's Tasks page moves between the other's columns, counts included", async ({ browser }) => {
  const a = await signedIn(browser, owner);
  const b = await signedIn(browser, sales);
  await live(a.page, "/crm/tasks");
  await live(b.page, "/crm/tasks");
  // Set once; a reload would lose it, so it proves the list changed in place.
  await a.page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
  const heading = (page: Page, column: "To Do" | "Completed") => page.getByRole("heading", { name: new RegExp(`^${column} \\(\\d+\\)$`) });
  const count = async (page: Page, column: "To Do" | "Completed") =>
    Number((await heading(page, column).textContent())!.match(/\((\d+)\)/)![1]);
  const todo = await count(a.page, "To Do");
  const done = await count(a.page, "Completed");

  const title = `Send the brand pack ${Date.now().toString(36)}`;
  const created = await api(b.context.request).crm.tasks.$post({ json: { title, priority: "Low" } });
  expect(created.status).toBe(201);
  const inColumn = (column: "To Do" | "Completed") => a.page.getByRole("region", { name: new RegExp(`^${column} `) }).getByText(title);
  await expect(inColumn("To Do")).toBeVisible();
  await expect(a.page.getByRole("heading", { name: `To Do (${todo + 1})` })).toBeVisible();

  // Marcus ticks it on his own Tasks page.
  const box = b.page.getByRole("checkbox", { name: `Completed: ${title}` });
  await box.click();
  await expect(box).toBeChecked();

  await expect(inColumn("Completed")).toBeVisible();
  await expect(inColumn("To Do")).toHaveCount(0);
  await expect(a.page.getByRole("heading", { name: `To Do (${todo})` })).toBeVisible();
  await expect(a.page.getByRole("heading", { name: `Completed (${done + 1})` })).toBeVisible();
  await expect(a.page.getByRole("checkbox", { name: `Completed: ${title}` })).toBeChecked();
  expect(await a.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await a.context.close();
  await b.context.close();
});

test("a lead dragged on one person's pipeline moves on the other's, and each sees the other looking", async ({ browser }) => {
  const a = await signedIn(browser, owner);
  const b = await signedIn(browser, sales);
  for (const p of [a.page, b.page]) await p.setViewportSize({ width: 1440, height: 1000 });
  await live(a.page, "/crm");
  await expect(a.page.getByRole("heading", { name: "Sales Pipeline" })).toBeVisible();

  // Created by Marcus while Hannah watches: it appears on her board without a reload.
  const lead = await newLead(b.context.request, { status: "Qualified" });
  await expect(leadColumn(a.page, "Qualified").getByText(lead.name)).toBeVisible();

  await live(b.page, "/crm");
  // Presence on the pipeline itself: each sees the other looking at it.
  await expect(a.page.getByRole("group", { name: /^Also looking: Marcus Reid \(viewing the Pipeline\)/ })).toBeVisible();
  await expect(b.page.getByRole("group", { name: /^Also looking: Hannah Whitaker \(viewing the Pipeline\)/ })).toBeVisible();

  const events = Number(await a.page.locator("[data-live-events]").getAttribute("data-live-events"));
  await mouseDrag(b.page, leadCard(b.page, lead.id), leadColumn(b.page, "Negotiation"));
  await expect(b.page.getByText("Lead moved to Negotiation")).toBeVisible();
  await expect(leadColumn(a.page, "Negotiation").getByText(lead.name)).toBeVisible();
  await expect(leadColumn(a.page, "Qualified").getByText(lead.name)).toHaveCount(0);
  await expect
    .poll(async () => Number(await a.page.locator("[data-live-events]").getAttribute("data-live-events")))
    .toBeGreaterThan(events);

  // Both open the same lead: its dialog shows the other person there too.
  for (const p of [a.page, b.page]) await leadCard(p, lead.id).getByRole("button").filter({ hasText: lead.name }).click();
  await expect(
    a.page.getByRole("dialog", { name: lead.name }).getByRole("group", { name: /^Also looking: Marcus Reid \(viewing a lead\)/ }),
  ).toBeVisible();

  await a.context.close();
  await b.context.close();
});

test("presence shows who else is in the CRM, and goes when they leave", async ({ browser }) => {
  const a = await signedIn(browser, owner);
  const b = await signedIn(browser, sales);
  await live(a.page, "/crm");
  await live(b.page, "/crm/leads");

  const others = a.page.getByRole("group", { name: /Also here: Marcus Reid/ });
  await expect(others).toBeVisible();
  await expect(others).toContainText("MR");
  // Hannah sees Marcus, not herself; Marcus sees Hannah.
  await expect(a.page.getByRole("group", { name: /Hannah Whitaker/ })).toHaveCount(0);
  await expect(b.page.getByRole("group", { name: /Also here: Hannah Whitaker/ })).toContainText("HW");

  await b.context.close();
  await expect(others).toHaveCount(0);
  await a.context.close();
});

test("after a dropped connection the notice shows, and a change made meanwhile appears on reconnect", async ({
  browser,
  request: marcus,
}) => {
  const a = await signedIn(browser, owner, { testHook: true });
  await signIn(marcus, sales);
  await a.page.setViewportSize({ width: 1440, height: 1000 });
  const lead = await newLead(marcus);
  await live(a.page, "/crm");
  await expect(leadColumn(a.page, "New").getByText(lead.name)).toBeVisible();

  // Drop the socket and stay away for 3 s; the change happens while this tab cannot hear it.
  await dropLive(a.page, 3_000);
  const notice = a.page.getByRole("status").filter({ hasText: "Offline, reconnecting…" });
  await expect(notice).toBeVisible();
  const res = await api(marcus).crm.leads[":id"].$patch({
    param: { id: lead.id },
    json: { status: "Qualified", updated_at: lead.updated_at },
  });
  expect(res.ok).toBeTruthy();
  // Still offline: the change waits.
  await expect(leadColumn(a.page, "New").getByText(lead.name)).toBeVisible();

  await expect(notice).toHaveCount(0);
  await expect(leadColumn(a.page, "Qualified").getByText(lead.name)).toBeVisible();

  await a.context.close();
});

/**
 * docs/decisions/0049-no-silent-lost-updates.md: a tab's own writes come back to it over the socket (`by` is the tab's user). While one of
 * its moves is still saving, refetching the board for that echo would bring back the server's copy,
 * where the unsaved card still sits in its old column. Marcus drags one lead (its save held in the
 * network) and then another (saved at once, so its echo arrives while the first is pending): the
 * first card must never flip back, and the board must not refetch until both have settled, even
 * when Hannah's change arrives meanwhile.
 * Fails if lib/live.ts refetches on its own echo mid-flight, or if a settled move refetches the
 * leads while another is still saving (features/leads/api/leads.ts).
 */
test("neither the tab's own echo nor another person's change undoes a move it is still saving", async ({ browser, request: hannah }) => {
  // Hannah only writes, through the API.
  await signIn(hannah, owner);
  const b = await signedIn(browser, sales);
  const page = b.page;
  await page.setViewportSize({ width: 1440, height: 1000 });
  // Both start in the active row of columns, so every drag stays on screen.
  const first = await newLead(b.context.request, { status: "Qualified" });
  const second = await newLead(b.context.request, { status: "Proposal Sent" });
  await live(page, "/crm");
  await expect(leadColumn(page, "Qualified").getByText(first.name)).toBeVisible();
  await expect(leadColumn(page, "Proposal Sent").getByText(second.name)).toBeVisible();

  // Every column each card is rendered in, in order, straight from the DOM.
  await page.evaluate(
    (ids) => {
      const w = window as unknown as { __columns: Record<string, string[]> };
      w.__columns = Object.fromEntries(ids.map((id) => [id, []]));
      const record = () => {
        for (const id of ids) {
          const status =
            document.querySelector(`li[data-lead-id="${id}"]`)?.closest("section[data-status]")?.getAttribute("data-status") ?? "none";
          const seen = w.__columns[id];
          if (seen.at(-1) !== status) seen.push(status);
        }
      };
      record();
      new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
    },
    [first.id, second.id],
  );
  const columnsOf = (id: string) => page.evaluate((id) => (window as unknown as { __columns: Record<string, string[]> }).__columns[id], id);

  // Hold the first lead's save in the network until released: its PATCH has not reached the server.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const isHeld = new Promise<void>((r) => (held = r));
  // Counted from the moment the save leaves: other specs' changes may refetch the board during the drag itself.
  let saving = false;
  await page.route(`**/api/crm/leads/${first.id}`, async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    saving = true;
    held();
    await released;
    await route.continue();
  });
  let boardFetches = 0;
  page.on("request", (r) => {
    if (saving && r.method() === "GET" && new URL(r.url()).pathname === "/api/crm/leads/board") boardFetches++;
  });

  await mouseDrag(page, leadCard(page, first.id), leadColumn(page, "Negotiation"));
  await isHeld;
  await expect(leadColumn(page, "Negotiation").getByText(first.name)).toBeVisible();
  const events = Number(await page.locator("[data-live-events]").getAttribute("data-live-events"));

  // The second move saves normally; its echo reaches this tab while the first is still in flight.
  await mouseDrag(page, leadCard(page, second.id), leadColumn(page, "New"));
  await expect(page.getByText("Lead moved to New")).toBeVisible();
  await expect.poll(async () => Number(await page.locator("[data-live-events]").getAttribute("data-live-events"))).toBeGreaterThan(events);
  // Hannah adds a lead meanwhile: her change must wait for Marcus's unsaved move too.
  const before = Number(await page.locator("[data-live-events]").getAttribute("data-live-events"));
  await newLead(hannah);
  await expect.poll(async () => Number(await page.locator("[data-live-events]").getAttribute("data-live-events"))).toBeGreaterThan(before);
  // An observation window, not a wait for something: a refetch set off by that echo lands within
  // milliseconds locally, and the observer above records any flip it causes.
  await page.waitForTimeout(1_500);
  expect(await columnsOf(first.id)).toEqual(["Qualified", "Negotiation"]);
  expect(boardFetches, "no board refetch while a move is still saving").toBe(0);

  const firstSaved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/api/crm/leads/${first.id}`));
  release();
  expect((await firstSaved).ok()).toBeTruthy();
  // Each of the two overlapping moves gets its own toast, not only the latest.
  await expect(page.getByText("Lead moved to Negotiation")).toBeVisible();
  // Once everything settled the deferred refresh runs, and agrees with what the user saw.
  await expect.poll(() => boardFetches).toBeGreaterThan(0);
  await expect(leadColumn(page, "Negotiation").getByText(first.name)).toBeVisible();
  expect(await columnsOf(first.id)).toEqual(["Qualified", "Negotiation"]);
  // New fills with other specs' newer leads, which can page this one past the column's first 50
  // ("none"): what matters is that it never went back.
  const secondWent = await columnsOf(second.id);
  expect(secondWent.slice(0, 2)).toEqual(["Proposal Sent", "New"]);
  expect(secondWent.slice(2)).not.toContain("Proposal Sent");
  for (const [lead, status] of [
    [first, "Negotiation"],
    [second, "New"],
  ] as const) {
    expect((await readLead(b.context.request, lead.id)).status).toBe(status);
  }

  await b.context.close();
});
