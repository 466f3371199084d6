/**
 * Cancel project: the Owner says what the Terms keep of each document the project raised; the rest
 * is credited with a numbered credit note, and the invoice's card shows the credit and what is left.
 */
import { expect, test } from "./fixtures";
import { api, createClient, expectStatus, signIn } from "./support";

test("the Owner cancels a project, keeping part of its invoice, and the rest is credited", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const { crm } = api(page.request);
  const client = await createClient(page.request, { name: `Cancelled Client ${stamp}` });
  const title = `Menu app ${stamp}`;
  const { project } = await expectStatus(crm.projects.$post({ json: { title, client_id: client.id } }), 201);
  const number = `INV-CAN-${stamp}`;
  await expectStatus(
    crm.invoices.$post({
      json: { number, client_id: client.id, project_id: project.id, total: 800, date: "2026-01-12", due_date: "2026-02-11", status: "Sent" },
    }),
    201,
  );

  await page.goto("/crm/projects");
  await page.getByRole("button", { name: `Cancel project ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel project" });
  const document = dialog.getByRole("group", { name: `Invoice ${number}: £800.00` });
  await expect(document).toContainText("still owed £800.00");
  await document.getByLabel("Keep", { exact: true }).check();
  await document.getByLabel(`Amount kept of ${number}`).fill("900");
  await dialog.getByRole("button", { name: "Cancel Project" }).click();
  await expect(document.getByText(`The Terms cannot keep more than ${number} asks for (£800.00)`)).toBeVisible();

  await document.getByLabel(`Amount kept of ${number}`).fill("200");
  await expect(document.getByTestId("credit-preview")).toHaveText("Credit note for £600.00");
  await dialog.getByRole("button", { name: "Cancel Project" }).click();
  await expect(page.getByText(`${title} cancelled`)).toBeVisible();
  await expect(page.getByText(/Credit note CN-\d+ raised/)).toBeVisible();
  const card = page.getByTestId("project-card").filter({ hasText: title });
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: `Cancel project ${title}` })).toHaveCount(0);

  await page.goto("/crm/invoices");
  const invoice = page.getByTestId("invoice-card").filter({ hasText: number });
  await expect(invoice.getByText("£600.00", { exact: true })).toBeVisible();
  await expect(invoice.getByText("£200.00", { exact: true })).toBeVisible();
});
