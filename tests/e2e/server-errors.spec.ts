/**
 * When the database fails the API answers a JSON 500 with a request id (tests/worker/http/errors.test.ts
 * breaks D1 for real to prove that). Here the browser receives that same envelope for one CRM
 * call, and the CRM must keep its shell, say what failed with the spec's toast, and recover
 * once the server does: never a blank screen.
 */
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signIn, staff } from "./support";

/** Exactly what worker/http/errors.ts answers for an unknown failure such as a D1 error. */
const serverError = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: "application/json",
    body: JSON.stringify({
      error: { code: "internal", message: "Something went wrong. Please try again.", requestId: crypto.randomUUID() },
    }),
  });

test.beforeEach(async ({ page }) => {
  await signIn(page.request, staff.sales);
});

async function expectShell(page: Page, heading: string) {
  await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Tasks" }).first()).toBeVisible();
}

test("the leads list failing shows 'Failed to fetch leads' in a working shell, and a retry recovers", async ({ page }) => {
  let failing = true;
  await page.route(
    (url) => url.pathname === "/api/crm/leads",
    (route) => (failing && route.request().method() === "GET" ? serverError(route) : route.fallback()),
  );
  await page.goto("/crm/leads");
  await expectShell(page, "Leads");
  // Server failures are retried twice before the toast (lib/query-client.ts).
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to fetch leads" });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(toast).toContainText("Something went wrong. Please try again.");
  await expect(page.getByText("Leads could not be loaded.")).toBeVisible();

  failing = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Leads could not be loaded.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^View / }).first()).toBeVisible();
});

test("adding a lead while the server fails shows 'Failed to add lead' and keeps what was typed", async ({ page }) => {
  await page.route(
    (url) => url.pathname === "/api/crm/leads",
    (route) => (route.request().method() === "POST" ? serverError(route) : route.fallback()),
  );
  await page.goto("/crm/leads");
  await expectShell(page, "Leads");
  await page.getByRole("button", { name: "New Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Lead" });
  const name = `Outage Lead ${Date.now()}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Add Lead" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to add lead" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Something went wrong. Please try again.");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
});

test("the clients list failing shows 'Failed to fetch clients' without losing the page", async ({ page }) => {
  await page.route(
    (url) => url.pathname === "/api/crm/clients",
    (route) => (route.request().method() === "GET" ? serverError(route) : route.fallback()),
  );
  await page.goto("/crm/clients");
  await expectShell(page, "Clients");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Failed to fetch clients" })).toBeVisible({ timeout: 15_000 });
});
