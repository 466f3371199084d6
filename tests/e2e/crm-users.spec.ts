/**
 * The shared Studio Team account is a way in, not a person: User Management shows it apart, and no
 * people picker (a task's Assignee, Log Activity's Who) offers it, even to whoever signed in with it.
 */
import { expect, test } from "./fixtures";
import { api, demo, staff } from "./support";

const TEAM = "Studio Team";

test("the Studio Team account is shown apart in User Management and left out of people pickers", async ({ salesTab: page }) => {
  await page.goto("/crm/settings");
  const people = page.getByRole("list", { name: "People" });
  await expect(people).toContainText(staff.sales.name);
  await expect(people).not.toContainText(TEAM);
  const shared = page.getByRole("group", { name: "Shared team access" });
  await expect(shared).toContainText(TEAM);
  await expect(shared).toContainText("It is a way in, not a person");
  await expect(shared.getByRole("button")).toHaveCount(0);
  await expect(shared.getByText("Sales", { exact: true })).toHaveCount(0);

  await page.goto("/crm/tasks");
  await page.getByRole("button", { name: "Add Task" }).first().click();
  const task = page.getByRole("dialog", { name: "Add New Task" });
  const assignee = task.getByLabel("Assignee");
  await expect(assignee.locator("option", { hasText: staff.sales.name })).toHaveCount(1);
  await expect(assignee.locator("option", { hasText: TEAM })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto("/crm/activity");
  await page.getByRole("button", { name: "Log Activity" }).click();
  const who = page.getByRole("dialog", { name: "Log Activity" }).getByLabel("Who");
  await expect(who.locator("option", { hasText: staff.owner.name })).toHaveCount(1);
  await expect(who.locator("option", { hasText: TEAM })).toHaveCount(0);
});

test("signed in through the team gate, Log Activity's Who asks who it was instead of offering the shared account", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await api(page.request).auth.team.$post({ json: { password: demo.DEMO_TEAM_PASSWORD } });
  expect(res.status).toBe(200);
  await page.goto("/crm/activity");
  await page.getByRole("button", { name: "Log Activity" }).click();
  const who = page.getByRole("dialog", { name: "Log Activity" }).getByLabel("Who");
  await expect(who.locator("option:checked")).toHaveText("Choose who");
  await expect(who.locator("option", { hasText: staff.sales.name })).toHaveCount(1);
  await expect(who.locator("option", { hasText: TEAM })).toHaveCount(0);
  await context.close();
});
