/**
 * A stage has one name (docs/decisions/0028): the board's column headings, its Move to… menu, the
 * leads filter and the lead dialog's Status all read the statuses as they are stored, in order.
 */
import { expect, test } from "./fixtures";
import { leadStatuses } from "../../contract/lead-statuses";
import { createLead, leadCard, tag } from "./support";

test.use({ viewport: { width: 1366, height: 800 } });

test("the board, its Move to… menu, the leads filter and the lead dialog name the stages alike", async ({ ownerTab: page }) => {
  const lead = await createLead(page.request, { name: `Stage Names ${tag()}`, company: "Same Words Ltd" });

  await page.goto("/crm");
  await expect(page.locator("section[data-status] h3")).toHaveText([...leadStatuses]);
  // Each column is named by its heading, the status itself.
  for (const status of leadStatuses)
    await expect(page.getByRole("region", { name: status, exact: true })).toHaveAttribute("data-status", status);

  await leadCard(page, lead.id)
    .getByRole("button", { name: `Move ${lead.name} to…` })
    .click();
  await expect(page.getByRole("menu").getByRole("menuitemradio")).toHaveText([...leadStatuses]);
  await page.keyboard.press("Escape");

  await page.goto("/crm/leads");
  await expect(page.getByLabel("Filter by status").locator("option")).toHaveText(["All Statuses", ...leadStatuses]);
  await page.getByRole("button", { name: `Edit ${lead.name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Status", { exact: true }).locator("option")).toHaveText([...leadStatuses]);
});
