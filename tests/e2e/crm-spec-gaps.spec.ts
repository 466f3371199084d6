/**
 * The gaps against the specification (docs/spec.md), as a user sees them: Add Lead takes every field of
 * the lead; the activity feed names and links its related records and Log Activity picks one;
 * Start Project is offered for Won leads only; the shared Studio Team account is shown apart in
 * User Management and is nobody's to pick as an assignee or 'Who'.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createLead, demo, signIn, staff, tag } from "./support";

const TEAM = "Studio Team";

async function logActivity(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post("/api/crm/activities", { data });
  expect(res.status(), await res.text()).toBe(201);
}

async function createClient(request: APIRequestContext, name: string): Promise<{ id: string; name: string }> {
  const res = await request.post("/api/crm/clients", { data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { client: { id: string; name: string } }).client;
}

const feedItem = (page: Page, summary: string) => page.getByRole("listitem").filter({ hasText: summary });

test.beforeEach(async ({ page }) => {
  await signIn(page.request, staff.sales);
});

test("Add Lead takes status, deal value, next action, follow-up date and notes, and the lead shows them", async ({ page }) => {
  const name = `Full Lead ${tag()}`;
  await page.goto("/crm/leads");
  await page.getByRole("button", { name: "New Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Lead" });
  await expect(dialog.getByLabel("Status")).toHaveValue("New");
  // Deal Value shows only for Proposal Sent, Negotiation, Won and Lost.
  await expect(dialog.getByLabel("Deal Value (£)")).toHaveCount(0);

  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Company").fill("Ancoats Print Co");
  await dialog.getByLabel("Status").selectOption("Negotiation");
  await dialog.getByLabel("Deal Value (£)").fill("3250");
  await dialog.getByLabel("Next Action").fill("Send the revised quote");
  await dialog.getByLabel("Follow-up Date").fill("2031-03-14");
  await dialog.getByLabel("Notes").fill("Wants a shop by spring.");
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/crm/leads"));
  await dialog.getByRole("button", { name: "Add Lead" }).click();
  const { lead } = (await (await saved).json()) as { lead: { id: string } };
  await expect(page.getByText("Lead added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/crm/leads?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `View ${name}` }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail.getByText("Negotiation", { exact: true })).toBeVisible();
  await expect(detail.getByText("£3,250.00")).toBeVisible();
  await expect(detail.getByText("Send the revised quote")).toBeVisible();
  await expect(detail.getByText("Wants a shop by spring.")).toBeVisible();
  const stored = ((await (await page.request.get(`/api/crm/leads/${lead.id}`)).json()) as { lead: Record<string, unknown> }).lead;
  expect(stored).toMatchObject({ status: "Negotiation", value: 3250, follow_up_date: "2031-03-14", email: null, phone: null });
});

test("the activity feed names related records as links; a deleted one is plain text", async ({ page }) => {
  const t = tag();
  const lead = await createLead(page.request, { name: `Feed Lead ${t}`, company: "Feed Co" });
  const client = await createClient(page.request, `Feed Client ${t}`);
  const gone = await createLead(page.request, { name: `Gone Lead ${t}` });
  await logActivity(page.request, { summary: `About the lead ${t}`, related_type: "lead", related_id: lead.id });
  await logActivity(page.request, { summary: `About the client ${t}`, related_type: "client", related_id: client.id });
  await logActivity(page.request, { summary: `About the gone lead ${t}`, related_type: "lead", related_id: gone.id });
  expect((await page.request.delete(`/api/crm/leads/${gone.id}`)).status()).toBe(200);

  await page.goto("/crm/activity");
  const deleted = feedItem(page, `About the gone lead ${t}`);
  await expect(deleted).toContainText("Related to: Deleted lead");
  await expect(deleted.getByRole("link")).toHaveCount(0);
  await expect(deleted).not.toContainText(gone.id);

  // A lead opens its dialog in place.
  const aboutLead = feedItem(page, `About the lead ${t}`);
  await expect(aboutLead).not.toContainText(lead.id);
  await aboutLead.getByRole("link", { name: lead.name }).click();
  const detail = page.getByRole("dialog", { name: lead.name });
  await expect(detail).toBeVisible();
  await expect(detail.getByText("Feed Co", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/activity$/);
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  // A client opens its page.
  await feedItem(page, `About the client ${t}`).getByRole("link", { name: client.name }).click();
  await expect(page).toHaveURL(`/crm/clients/${client.id}`);
  await expect(page.getByRole("heading", { name: client.name })).toBeVisible();
});

test("Log Activity picks the related record by searching its name", async ({ page }) => {
  const t = tag();
  const lead = await createLead(page.request, { name: `Picker Lead ${t}`, company: "Picker Dental" });
  await createLead(page.request, { name: `Other Lead ${t}` });
  await page.goto("/crm/activity");
  await page.getByRole("button", { name: "Log Activity" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Activity" });
  const picker = dialog.getByRole("combobox", { name: "Related Record" });
  await expect(picker).toBeDisabled();
  await dialog.getByLabel("Related Type").selectOption("lead");
  await picker.fill(`picker lead ${t}`);
  const options = dialog.getByRole("listbox", { name: "Matching leads" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText("Picker Dental");
  await options.first().click();
  await expect(picker).toHaveValue(lead.name);

  const summary = `Called about the booking page ${t}`;
  await dialog.getByLabel("Summary").fill(summary);
  await dialog.getByRole("button", { name: "Log Activity" }).click();
  await expect(page.getByText("Activity logged successfully")).toBeVisible();
  await expect(feedItem(page, summary).getByRole("link", { name: lead.name })).toBeVisible();
});

test("Start Project is offered for a Won lead only", async ({ page }) => {
  const t = tag();
  const open = await createLead(page.request, { name: `Still Open ${t}`, status: "Negotiation" });
  const won = await createLead(page.request, { name: `Won Already ${t}`, status: "Won", value: 5000 });

  await page.goto(`/crm/leads?q=${encodeURIComponent(open.name)}`);
  await page.getByRole("button", { name: `View ${open.name}` }).click();
  let dialog = page.getByRole("dialog", { name: open.name });
  await dialog.getByRole("tab", { name: "Quick Actions" }).click();
  await expect(dialog.getByText("Start Project is offered once the lead is Won.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Start Project" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto(`/crm/leads?q=${encodeURIComponent(won.name)}`);
  await page.getByRole("button", { name: `View ${won.name}` }).click();
  dialog = page.getByRole("dialog", { name: won.name });
  await dialog.getByRole("tab", { name: "Quick Actions" }).click();
  await dialog.getByRole("button", { name: "Start Project" }).click();
  await expect(page.getByText("Project created successfully! Check the Projects page.")).toBeVisible();
});

test("the Studio Team account is shown apart in User Management and left out of people pickers", async ({ page }) => {
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
  const res = await page.request.post("/api/auth/team", { data: { password: demo.DEMO_TEAM_PASSWORD } });
  expect(res.status()).toBe(200);
  await page.goto("/crm/activity");
  await page.getByRole("button", { name: "Log Activity" }).click();
  const who = page.getByRole("dialog", { name: "Log Activity" }).getByLabel("Who");
  await expect(who.locator("option:checked")).toHaveText("Choose who");
  await expect(who.locator("option", { hasText: staff.sales.name })).toHaveCount(1);
  await expect(who.locator("option", { hasText: TEAM })).toHaveCount(0);
  await context.close();
});

test("a failed Log Activity reads as the spec words it: title 'Error', then 'Failed to log activity' and the reason", async ({ page }) => {
  await page.route(
    (url) => url.pathname === "/api/crm/activities",
    (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "internal", message: "Something went wrong. Please try again." } }),
          })
        : route.fallback(),
  );
  await page.goto("/crm/activity");
  await page.getByRole("button", { name: "Log Activity" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Activity" });
  await dialog.getByLabel("Summary").fill(`Doomed note ${tag()}`);
  await dialog.getByRole("button", { name: "Log Activity" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to log activity" });
  await expect(toast.locator("[data-title]")).toHaveText("Error");
  await expect(toast.locator("[data-description]")).toHaveText("Failed to log activity. Something went wrong. Please try again.");
  await expect(dialog).toBeVisible();
});
