/**
 * Retainers on a client's page: a recurring invoice added with its lines, listed with the date the
 * next invoice is raised on; Pause, Resume, Skip next and End each a click.
 */
import { expect, test } from "./fixtures";
import { createClient } from "./support";

/** "31 Jan 2027", as the CRM writes a date. */
const formatted = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T12:00:00Z`),
  );

test("a client's care plan is added, shows its next date, and pauses, resumes, skips, is repriced and ends", async ({ ownerTab: page }) => {
  const client = await createClient(page.request, { name: `Retainer Client ${Date.now()}`, emails: ["care@example.co.uk"] });
  await page.goto(`/crm/clients/${client.id}`);
  const section = page.getByRole("region", { name: /Recurring Invoices/ });
  await expect(section).toContainText("No recurring invoices.");
  await section.getByRole("button", { name: "Add Recurring Invoice" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Recurring Invoice" });
  await dialog.getByLabel("Name").fill("Care plan");
  await dialog.getByLabel("On the").selectOption({ label: "Last day of the month" });
  await dialog.getByLabel("Start Date").fill("2030-01-15");
  const line = dialog.getByTestId("recurring-line");
  await line.getByLabel("Description").fill("Hosting and updates");
  await line.getByLabel("Unit Price").fill("49.50");
  await dialog.getByRole("button", { name: "Add Recurring Invoice" }).click();
  await expect(page.getByText("Recurring invoice added")).toBeVisible();

  const plan = section.getByRole("listitem", { name: "Care plan" });
  await expect(plan).toContainText("£49.50");
  await expect(plan).toContainText(`Monthly, on the last day · next invoice ${formatted("2030-01-31")}`);

  await plan.getByRole("button", { name: "Pause Care plan" }).click();
  await expect(plan.getByText("Paused", { exact: true })).toBeVisible();
  await plan.getByRole("button", { name: "Resume Care plan" }).click();
  await expect(plan.getByText("Active", { exact: true })).toBeVisible();
  await plan.getByRole("button", { name: "Skip next invoice of Care plan" }).click();
  await expect(plan).toContainText(`next invoice ${formatted("2030-02-28")}`);

  // A new price is saved on its own: the skipped date stays skipped.
  await plan.getByRole("button", { name: "Edit Care plan" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Recurring Invoice" });
  await edit.getByTestId("recurring-line").getByLabel("Unit Price").fill("55");
  await edit.getByRole("button", { name: /^Save/ }).click();
  await expect(page.getByText("Recurring invoice updated")).toBeVisible();
  await expect(plan).toContainText("£55.00");
  await expect(plan).toContainText(`next invoice ${formatted("2030-02-28")}`);

  await plan.getByRole("button", { name: "End Care plan" }).click();
  await page.getByRole("dialog", { name: "End recurring invoice" }).getByRole("button", { name: "End", exact: true }).click();
  await expect(plan.getByText("Ended", { exact: true })).toBeVisible();
  await expect(plan.getByRole("button", { name: "Pause Care plan" })).toHaveCount(0);
});
