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

async function signedIn(browser: Browser, who: typeof owner, opts: { testHook?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
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

async function someLead(context: BrowserContext): Promise<Lead> {
  const { leads } = (await (await context.request.get("/api/crm/leads")).json()) as { leads: Lead[] };
  const names = new Map<string, number>();
  for (const l of leads) names.set(l.name, (names.get(l.name) ?? 0) + 1);
  const lead = leads.find((l) => names.get(l.name) === 1 && l.status !== "Won");
  expect(lead).toBeTruthy();
  return lead!;
}

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

test("a lead moved by one person moves on the other's screen", async ({ browser }) => {
  const a = await signedIn(browser, owner);
  const b = await signedIn(browser, sales);
  await live(a.page, "/crm/leads");
  const lead = await someLead(b.context);
  const next = lead.status === "Negotiation" ? "Qualified" : "Negotiation";
  const row = a.page.getByRole("listitem").filter({ hasText: lead.name });
  await expect(row).toContainText(lead.status);
  const events = Number(await a.page.locator("[data-live-events]").getAttribute("data-live-events"));

  const res = await b.context.request.patch(`/api/crm/leads/${lead.id}`, { data: { status: next, updated_at: lead.updated_at } });
  expect(res.ok()).toBeTruthy();

  await expect(row).toContainText(next);
  await expect.poll(async () => Number(await a.page.locator("[data-live-events]").getAttribute("data-live-events"))).toBeGreaterThan(events);

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
  await live(a.page, "/crm/leads");
  const lead = await someLead(b.context);
  const next = lead.status === "Lost" ? "Qualified" : "Lost";
  const row = a.page.getByRole("listitem").filter({ hasText: lead.name });
  await expect(row).toContainText(lead.status);

  // Drop the socket and stay away for 3 s; the change happens while this tab cannot hear it.
  await a.page.evaluate(() => (window as unknown as LiveTestWindow).__liveTest!.drop(3_000));
  const notice = a.page.getByRole("status").filter({ hasText: "Offline, reconnecting…" });
  await expect(notice).toBeVisible();
  const res = await b.context.request.patch(`/api/crm/leads/${lead.id}`, { data: { status: next, updated_at: lead.updated_at } });
  expect(res.ok()).toBeTruthy();
  await expect(row).toContainText(lead.status);

  await expect(notice).toHaveCount(0);
  await expect(row).toContainText(next);

  await a.context.close();
  await b.context.close();
});
