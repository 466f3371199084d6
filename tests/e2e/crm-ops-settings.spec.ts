/** Settings: Sales sees the team but none of the Owner's controls (export included); the Owner's export downloads JSON. */
import { expect, test } from "./fixtures";
import { signIn, staff } from "./support";

test("Sales gets no Export and no Owner-only controls", async ({ page }) => {
  await signIn(page.request, staff.sales);
  await page.goto("/crm/settings");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Export Data" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export JSON" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /CSV/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Danger Zone" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Import Data" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Backups" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send Invite" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save Studio Details" })).toHaveCount(0);
});

test("the Owner's Export JSON downloads every table as one file", async ({ page }) => {
  await signIn(page.request, staff.owner);
  await page.goto("/crm/settings");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSON" }).click();
  expect((await download).suggestedFilename()).toMatch(/^crm-export-\d{4}-\d{2}-\d{2}\.json$/);
});
