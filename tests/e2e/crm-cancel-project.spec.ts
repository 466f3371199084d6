/**
 * Cancel project: the Owner says what the Terms keep of each document the project raised; the rest
 * is credited with a numbered credit note, and the invoice's card shows the credit and what is left.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { api, createClient, expectStatus, latestMailTo } from "./support";

test("the Owner cancels a project, keeping part of its invoice, and the rest is credited", async ({ ownerTab: page }) => {
  // Four screens in one walk: the board, the invoices, the credit note's page and the Xero export.
  test.slow();
  const stamp = Date.now();
  const { crm } = api(page.request);
  const email = `menu-${stamp}@cancelled.example`;
  const client = await createClient(page.request, { name: `Cancelled Client ${stamp}`, emails: [email] });
  const title = `Menu app ${stamp}`;
  const { project } = await expectStatus(crm.projects.$post({ json: { title, client_id: client.id } }), 201);
  const number = `INV-CAN-${stamp}`;
  await expectStatus(
    crm.invoices.$post({
      json: {
        number,
        client_id: client.id,
        project_id: project.id,
        total: 800,
        date: "2026-01-12",
        due_date: "2026-02-11",
        status: "Sent",
      },
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
  await expect(page.getByText(new RegExp(`Credit note CN-\\d+ raised and e-mailed to ${email}`))).toBeVisible();
  const card = page.getByTestId("project-card").filter({ hasText: title });
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: `Cancel project ${title}` })).toHaveCount(0);

  await page.goto("/crm/invoices");
  const invoice = page.getByTestId("invoice-card").filter({ hasText: number });
  await expect(invoice.getByText("£200.00", { exact: true })).toBeVisible();
  const creditLink = invoice.getByRole("link", { name: /^CN-\d+$/ });
  await expect(invoice.getByRole("definition").filter({ has: page.getByRole("link", { name: /^CN-\d+$/ }) })).toContainText("£600.00");

  // The credit note prints on its own page, naming the invoice it credits.
  const creditNumber = (await creditLink.textContent())!;
  await creditLink.click();
  const sheet = page.getByRole("article", { name: `Credit note ${creditNumber}` });
  await expect(sheet).toContainText(`invoice ${number}`);
  await expect(sheet).toContainText("Total credited£600.00");
  await page.getByRole("link", { name: "Back to Invoices" }).click();
  // The client's copy came by e-mail: the note, what it credits, and what is left to pay.
  const mail = await latestMailTo(page.request, email, creditNumber);
  expect(mail.subject).toBe(`Credit note ${creditNumber} for ${title}`);
  expect(mail.text).toContain(`Against invoice ${number}`);
  expect(mail.text).toContain("Credit: £600.00");
  expect(mail.text).toContain(`£200.00 is still due on ${number}.`);

  // The accountant's copy: the credit note in Xero's credit-note import file, offered beside the invoices.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  await page.getByRole("button", { name: "Export for Xero" }).click();
  const xero = page.getByRole("dialog", { name: "Export for Xero" });
  await xero.getByLabel("From").fill(today);
  await xero.getByLabel("To").fill(today);
  await xero.getByRole("button", { name: "Export" }).click();
  await expect(xero.getByText(/\d+ credit notes?: import them in Xero under Credit Notes, Import\./)).toBeVisible();
  const download = page.waitForEvent("download");
  await xero.getByRole("button", { name: /^Download credit notes/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`xero-credit-notes-${today}-to-${today}.csv`);
  const csv = await readFile(await file.path(), "utf8");
  expect(csv.split("\n")[0]).toContain("*CreditNoteNumber");
  expect(csv).toContain(`Credit for ${number}: ${title} (project cancelled)`);
  expect(csv).toContain("600.00");
});
