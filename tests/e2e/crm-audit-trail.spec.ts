/**
 * The Owner's audit trail names who did what to the studio's records: here, a client deleted from its page,
 * with who deleted it and which client it was (docs/guide/security.md).
 */
import { expect, test } from "./fixtures";
import { createClient, staff, tag } from "./support";

test("a client deleted from its page is in the audit trail, with who deleted it and which client", async ({ ownerTab: page }) => {
  const name = `Audited Client ${tag()}`;
  const client = await createClient(page.request, { name });

  await page.goto(`/crm/clients/${client.id}`);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog", { name: "Delete client" }).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Client deleted successfully")).toBeVisible();

  await page.goto("/crm/settings");
  const row = page
    .getByRole("region", { name: "Audit trail" })
    .getByRole("row")
    .filter({ hasText: `Deleted client "${name}" (${client.id})` });
  await expect(row).toContainText("Deleted a client");
  await expect(row).toContainText(staff.owner.name);
});
