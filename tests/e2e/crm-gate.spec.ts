/** The /crm gate: the shared team password signs in, the session survives a reload, Logout ends it. */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { demo } from "./support";

const SIDEBAR = [
  ["Dashboard", "/crm/dashboard"],
  ["Pipeline", "/crm"],
  ["Leads", "/crm/leads"],
  ["Clients", "/crm/clients"],
  ["Projects", "/crm/projects"],
  ["Proposals", "/crm/proposals"],
  ["Invoices", "/crm/invoices"],
  ["Tasks", "/crm/tasks"],
  ["Activity", "/crm/activity"],
  ["Settings", "/crm/settings"],
] as const;

const passwordField = (page: Page) => page.getByLabel("CRM Access Password", { exact: true });

async function expectGate(page: Page) {
  await expect(passwordField(page)).toBeVisible();
  await expect(passwordField(page)).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Access CRM" })).toBeVisible();
  await expect(page.getByText("Protected access • team only")).toBeVisible();
}

async function expectShell(page: Page) {
  await expect(page.getByRole("heading", { name: "Sales Pipeline" })).toBeVisible();
  for (const [name, href] of SIDEBAR) {
    // Tasks may carry the red "incomplete tasks" dot in its accessible name, and Clients its open-comments count.
    const counted = name === "Tasks" || name === "Clients";
    const link = page.getByRole("link", { name: counted ? new RegExp(`^${name}\\b`) : name, exact: !counted }).first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", href);
  }
  await expect(passwordField(page)).toHaveCount(0);
}

test("the team password opens the CRM, a reload keeps it open, and Logout closes it", async ({ page }) => {
  await page.goto("/crm");
  await expectGate(page);

  await passwordField(page).fill("not-the-team-password");
  await page.getByRole("button", { name: "Access CRM" }).click();
  await expect(page.getByText("Access Denied", { exact: true })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").getByText("Invalid CRM access password")).toBeVisible();
  // Beside the field as well, where it stays once the toast has gone.
  await expect(passwordField(page)).toHaveAccessibleDescription("Invalid CRM access password");
  await expectGate(page);

  await passwordField(page).fill(demo.DEMO_TEAM_PASSWORD);
  await page.getByRole("button", { name: "Access CRM" }).click();
  await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
  await expectShell(page);
  await expect(page).toHaveURL(/\/crm$/);

  await page.reload();
  await expectShell(page);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);

  await page.goto("/crm");
  await expectGate(page);
});

test("the team password never reaches the browser's code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script") scripts.push(await res.text());
  });
  await page.goto("/crm");
  await expectGate(page);
  expect(scripts.length).toBeGreaterThan(0);
  for (const body of scripts) expect(body).not.toContain(demo.DEMO_TEAM_PASSWORD);
});

test("a failed staff sign-in says why beside the form, where it stays after the toast", async ({ page }) => {
  // Its own network and no one's account, so this wrong password touches no other spec's limits or
  // the failed sign-ins the audit trail summarises per account.
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "198.51.100.77" });
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill("no-such-colleague@redbrickstudio.co.uk");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Sign In Failed", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
