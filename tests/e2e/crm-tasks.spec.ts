/**
 * Tasks: a tick moves a task from To Do to Completed with both counts, two quick ticks both hold,
 * Overdue and Today are marked, Mine shows only mine, a lead's task links to the lead, and a timed
 * task shows its time.
 */
import { expect, test } from "./fixtures";
import type { TaskInput } from "../../contract/task";
import { api, createLead, expectFits, expectStatus, LONG_WORDS, signIn, tag } from "./support";

test("ticking a task moves it from To Do to Completed and both counts change", async ({ ownerTab: page }) => {
  const title = `Toggle Task ${Date.now()}`;
  await expectStatus(
    api(page.request).crm.tasks.$post({ json: { title, priority: "High", due_date: "2020-01-01", notes: "Call back" } }),
    201,
  );
  await page.goto("/crm/tasks");
  const todoHeading = page.getByRole("heading", { name: /^To Do \(\d+\)$/ });
  const doneHeading = page.getByRole("heading", { name: /^Completed \(\d+\)$/ });
  const count = async (h: typeof todoHeading) => Number((await h.textContent())!.match(/\((\d+)\)/)![1]);
  await expect(page.getByRole("region", { name: /^To Do/ }).getByText(title)).toBeVisible();
  const todo = await count(todoHeading);
  const done = await count(doneHeading);
  // click, not check(): the box is controlled by the task list, which updates a tick after the click
  // (and a live refetch may be in flight), so wait for the state rather than demand it at once.
  const box = page.getByRole("checkbox", { name: `Completed: ${title}` });
  await box.click();
  await expect(box).toBeChecked();
  await expect(page.getByRole("heading", { name: `To Do (${todo - 1})` })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Completed (${done + 1})` })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Completed/ }).getByText(title)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: `Completed (${done + 1})` })).toBeVisible();
});

test("tasks mark Overdue and Today, Mine shows only mine, and a task for a lead links to it", async ({ ownerTab: page }) => {
  const { auth, crm } = api(page.request);
  const me = (await expectStatus(auth.me.$get(), 200)).user.id;
  const t = tag();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const lead = await createLead(page.request, { name: `Task Lead ${t}` });
  const add = async (data: TaskInput) => expect((await crm.tasks.$post({ json: data })).status).toBe(201);
  await add({ title: `Late ${t}`, due_date: "2020-01-01", assignee_username: me, related_type: "lead", related_id: lead.id });
  await add({ title: `Now ${t}`, due_date: today, assignee_username: me });
  await add({ title: `Someone else's ${t}`, due_date: "2099-01-01" });
  await page.goto("/crm/tasks");
  const item = (title: string) => page.getByTestId("task-item").filter({ hasText: title });
  await expect(item(`Late ${t}`)).toContainText("Overdue");
  await expect(item(`Now ${t}`)).toContainText("Today");
  await expect(item(`Someone else's ${t}`)).not.toContainText(/Overdue|Today/);

  await page.getByRole("checkbox", { name: "Mine" }).check();
  await expect(page).toHaveURL(/[?&]mine=1/);
  await expect(item(`Now ${t}`)).toBeVisible();
  await expect(item(`Someone else's ${t}`)).toHaveCount(0);

  await item(`Late ${t}`).getByRole("link", { name: lead.name }).click();
  await expect(page.getByRole("dialog", { name: lead.name })).toBeVisible();
});

test("a task given a time shows it with its length, and a time without a due date is refused", async ({ ownerTab: page }) => {
  const title = `Workshop ${tag()}`;
  await page.goto("/crm/tasks");
  await page.getByRole("button", { name: "Add Task" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Time").fill("14:30");
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog.getByText("Choose a due date for a task with a time")).toBeVisible();
  await dialog.getByLabel("Due Date").fill("2099-01-05");
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("task-item").filter({ hasText: title })).toContainText("Due 5 Jan 2099 at 14:30 (30 min)");
});

test("two quick ticks both stay ticked while the first is still saving", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const titles = [`Quick Tick A ${stamp}`, `Quick Tick B ${stamp}`];
  const ids: string[] = [];
  for (const title of titles) {
    ids.push((await expectStatus(api(page.request).crm.tasks.$post({ json: { title } }), 201)).task.id);
  }
  // Hold the first tick's save in the network: the second saves and settles while it is pending.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(`**/api/crm/tasks/${ids[0]}`, async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    await released;
    await route.continue();
  });
  await page.goto("/crm/tasks");
  const [first, second] = titles.map((t) => page.getByRole("checkbox", { name: `Completed: ${t}` }));
  await first.click();
  await expect(first).toBeChecked();
  const secondSaved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/api/crm/tasks/${ids[1]}`));
  await second.click();
  expect((await secondSaved).ok()).toBeTruthy();
  // The second tick's refresh must not bring back the server's copy, where the first is unticked.
  await page.waitForTimeout(1_000);
  await expect(first).toBeChecked();
  await expect(second).toBeChecked();
  release();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: `Completed: ${titles[0]}` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Completed: ${titles[1]}` })).toBeChecked();
});

test("a task whose title and notes hold a long address or link fits a 320 px phone", async ({ page }) => {
  await signIn(page.request);
  const { crm } = api(page.request);
  const title = `Write to ${LONG_WORDS.email} ${tag()}`;
  const { task } = await expectStatus(crm.tasks.$post({ json: { title, priority: "Low", notes: `Brief: ${LONG_WORDS.url}` } }), 201);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/crm/tasks");
  await expect(page.getByText(title)).toBeVisible();
  await expectFits(page, 320);
  // Not left open: the other specs' task counts and red dot are the studio's whole list.
  expect((await crm.tasks[":id"].$delete({ param: { id: task.id } })).ok).toBe(true);
});
