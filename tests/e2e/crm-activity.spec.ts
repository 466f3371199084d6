/**
 * The Activity feed (docs/spec.md §2): Log Activity requires a summary and defaults 'Who' to the signed-in
 * person; times read 'MMM d, yyyy HH:mm' in the studio's zone (Europe/London) whatever the
 * browser's zone is, here New York.
 */
import { expect, test } from "./fixtures";
import { signIn, staff } from "./support";

test.use({ timezoneId: "America/New_York" });

/** date-fns' 'MMM d, yyyy HH:mm' of `iso` in `timeZone`, built independently with Intl. */
function formatIn(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute}`;
}

test("Log Activity needs a summary, defaults Who to me, and the feed shows London time", async ({ page }) => {
  await signIn(page.request, staff.sales);
  await page.goto("/crm/activity");
  await page.getByRole("button", { name: "Log Activity" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Activity" });
  await expect(dialog.getByLabel("Who")).toHaveValue(/.+/);
  await expect(dialog.getByLabel("Who").locator("option:checked")).toHaveText("Marcus Reid");

  await dialog.getByRole("button", { name: "Log Activity" }).click();
  await expect(dialog.getByLabel("Summary")).toHaveAccessibleDescription("Summary is required");

  const summary = `Rang the printers ${Date.now()}`;
  await dialog.getByLabel("Type", { exact: true }).selectOption("Call");
  await dialog.getByLabel("Summary").fill(summary);
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/crm/activities"));
  await dialog.getByRole("button", { name: "Log Activity" }).click();
  const { activity } = (await (await saved).json()) as { activity: { created_at: string } };
  await expect(page.getByText("Activity logged successfully")).toBeVisible();

  const item = page.getByRole("listitem").filter({ hasText: summary });
  await expect(item).toContainText("Marcus Reid");
  await expect(item).toContainText("Call");
  const london = formatIn(activity.created_at, "Europe/London");
  expect(london).not.toBe(formatIn(activity.created_at, "America/New_York"));
  await expect(item.locator("time")).toHaveText(london);
});
