/**
 * The live channel between two people: Hannah (Owner) and Marcus (Sales), each in their own
 * browser context. One writes through the API; the other's screen changes without a reload.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";

const owner = { email: "hannah@redbrickstudio.co.uk", password: "owner-demo-pass-2026", name: "Hannah Whitaker" };
const sales = { email: "marcus@redbrickstudio.co.uk", password: "sales-demo-pass-2026", name: "Marcus Reid" };

/** The hook web/src/lib/live.ts exposes only when the page set __LIVE_TEST__ before loading. */
type LiveTestWindow = { __LIVE_TEST__?: boolean; __liveTest?: { drop: (holdMs: number) => void } };

interface Task {
  id: string;
  completed: boolean;
  updated_at: string;
}
interface Lead {
  id: string;
  name: string;
  status: string;
  updated_at: string;
}

async function signedIn(
  browser: Browser,
  who: typeof owner,
  opts: { testHook?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  if (opts.testHook) await context.addInitScript(() => ((window as unknown as LiveTestWindow).__LIVE_TEST__ = true));
  const res = await context.request.post("/api/auth/login", { data: { email: who.email, password: who.password } });
  expect(res.ok(), `sign in as ${who.email}`).toBeTruthy();
  return { context, page: await context.newPage() };
}

/** Waits until the page's live socket is open (the provider marks its status on the notice region). */
async function live(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("[data-live-status]")).toHaveAttribute("data-live-status", "open");
}

async function completeAllOpenTasks(context: BrowserContext) {
  const { tasks } = (await (await context.request.get("/api/crm/tasks")).json()) as { tasks: Task[] };
  for (const t of tasks.filter((t) => !t.completed)) {
    const res = await context.request.patch(`/api/crm/tasks/${t.id}`, { data: { completed: true, updated_at: t.updated_at } });
    expect(res.ok()).toBeTruthy();
  }
}

/** A fresh lead with a unique name, created by `context`'s user. */
async function newLead(context: BrowserContext): Promise<Lead> {
  const name = `Live ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const res = await context.request.post("/api/crm/leads", { data: { name, company: "Live Co" } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { lead: Lead }).lead;
}

const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);

test("a task created and completed by one person shows and clears the other's red dot", async ({ browser }) => {
  const a = await signedIn(browser, owner);
  const b = await signedIn(browser, sales);
  await live(a.page, "/crm");
  const dot = a.page.getByRole("complementary").locator("[data-open-tasks-dot]");

  await completeAllOpenTasks(b.context);
  await expect(dot).toHaveCount(0);

  const created = await b.context.request.post("/api/crm/tasks", { data: { title: "Call the printer back" } });
  expect(created.status()).toBe(201);
  const { task } = (await created.json()) as { task: Task };
  await expect(dot).toBeVisible();
  await expect(a.page.getByRole("link", { name: /Tasks \(1 open\)/ })).toBeVisible();

  const done = await b.context.request.patch(`/api/crm/tasks/${task.id}`, { data: { completed: true, updated_at: task.updated_at } });
  expect(done.ok()).toBeTruthy();
  await expect(dot).toHaveCount(0);

  await a.context.close();
  await b.context.close();
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
  const created = await b.context.request.post("/api/crm/tasks", { data: { title, priority: "Low" } });
  expect(created.status()).toBe(201);
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

test("a lead added and moved by one person appears and moves on the other's pipeline", async ({ browser }) => {
  const a = await signedIn(browser, owner);
  const b = await signedIn(browser, sales);
  await a.page.setViewportSize({ width: 1440, height: 1000 });
  await live(a.page, "/crm");
  await expect(a.page.getByRole("heading", { name: "Sales Pipeline" })).toBeVisible();
  const events = Number(await a.page.locator("[data-live-events]").getAttribute("data-live-events"));

  const lead = await newLead(b.context);
  await expect(column(a.page, "New").getByText(lead.name)).toBeVisible();

  const res = await b.context.request.patch(`/api/crm/leads/${lead.id}`, { data: { status: "Negotiation", updated_at: lead.updated_at } });
  expect(res.ok()).toBeTruthy();
  await expect(column(a.page, "Negotiation").getByText(lead.name)).toBeVisible();
  await expect(column(a.page, "New").getByText(lead.name)).toHaveCount(0);
  await expect
    .poll(async () => Number(await a.page.locator("[data-live-events]").getAttribute("data-live-events")))
    .toBeGreaterThanOrEqual(events + 2);

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

test("after a dropped connection the notice shows, and a change made meanwhile appears on reconnect", async ({ browser }) => {
  const a = await signedIn(browser, owner, { testHook: true });
  const b = await signedIn(browser, sales);
  await a.page.setViewportSize({ width: 1440, height: 1000 });
  const lead = await newLead(b.context);
  await live(a.page, "/crm");
  await expect(column(a.page, "New").getByText(lead.name)).toBeVisible();

  // Drop the socket and stay away for 3 s; the change happens while this tab cannot hear it.
  await a.page.evaluate(() => (window as unknown as LiveTestWindow).__liveTest!.drop(3_000));
  const notice = a.page.getByRole("status").filter({ hasText: "Offline, reconnecting…" });
  await expect(notice).toBeVisible();
  const res = await b.context.request.patch(`/api/crm/leads/${lead.id}`, { data: { status: "Qualified", updated_at: lead.updated_at } });
  expect(res.ok()).toBeTruthy();
  // Still offline: the change waits.
  await expect(column(a.page, "New").getByText(lead.name)).toBeVisible();

  await expect(notice).toHaveCount(0);
  await expect(column(a.page, "Qualified").getByText(lead.name)).toBeVisible();

  await a.context.close();
  await b.context.close();
});
