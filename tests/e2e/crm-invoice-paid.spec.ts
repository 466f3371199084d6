/**
 * Mark as paid asks when and how (today in London and Bank transfer to start with), the card says
 * "Paid 3 Dec 2026 · Card", and it can be undone: from the toast, back to the very status it had,
 * or later with Mark as unpaid. An undo from a copy a colleague has since changed is refused (409).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { InvoiceInput } from "../../contract/invoice";
import { expect, test } from "./fixtures";
import { api, createClient, expectStatus, signIn, tag } from "./support";

const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
/** "3 Dec 2026", as the CRM writes a date. */
const formatLondon = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T12:00:00Z`),
  );

async function addInvoice(request: APIRequestContext, data: Omit<InvoiceInput, "client_id" | "date">) {
  const client = await createClient(request, { name: `Payer ${tag()}` });
  const made = api(request).crm.invoices.$post({ json: { client_id: client.id, total: 480, date: "2026-01-05", ...data } });
  return (await expectStatus(made, 201)).invoice;
}

const stored = async (request: APIRequestContext, id: string) =>
  (await expectStatus(api(request).crm.invoices[":id"].$get({ param: { id } }), 200)).invoice;

const card = (page: Page, number: string) => page.getByTestId("invoice-card").filter({ hasText: number });
const toastSaying = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

test("Mark as paid asks the date and the method, shows them on the card, and Undo puts back the status it had", async ({
  ownerTab: page,
}) => {
  const number = `INV-PAID-${tag()}`;
  // Past its due date but still Sent: Undo must give back Sent, not what a due date would suggest.
  const invoice = await addInvoice(page.request, { number, status: "Sent", due_date: "2026-01-19" });
  await page.goto("/crm/invoices");

  await card(page, number)
    .getByRole("button", { name: `Mark as paid: ${number}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Mark as paid" });
  await expect(dialog.getByLabel("Paid Date")).toHaveValue(londonToday());
  await expect(dialog.getByLabel("Payment Method")).toHaveValue("Bank transfer");
  await expect(dialog.getByLabel("Payment Method").locator("option")).toHaveText(["Bank transfer", "Card", "Cash", "Other"]);
  await dialog.getByLabel("Paid Date").fill("2026-12-03");
  await dialog.getByLabel("Payment Method").selectOption("Card");
  await dialog.getByRole("button", { name: "Mark as paid" }).click();
  await expect(dialog).toBeHidden();

  const paidToast = toastSaying(page, `${number} marked as paid`);
  await expect(paidToast).toContainText("Paid 3 Dec 2026 · Card");
  await expect(card(page, number)).toContainText("3 Dec 2026 · Card");
  await expect(card(page, number).getByRole("button", { name: `Mark as unpaid: ${number}` })).toBeVisible();
  expect(await stored(page.request, invoice.id)).toMatchObject({ status: "Paid", paid_date: "2026-12-03", paid_method: "Card" });

  await paidToast.getByRole("button", { name: "Undo" }).click();
  await expect(toastSaying(page, `${number} marked as unpaid`)).toContainText("Back to Sent");
  await expect(card(page, number).getByRole("button", { name: `Mark as paid: ${number}` })).toBeVisible();
  await expect(card(page, number)).not.toContainText("3 Dec 2026");
  expect(await stored(page.request, invoice.id)).toMatchObject({ status: "Sent", paid_date: null, paid_method: null });
});

test("Mark as unpaid on a paid card goes back to Overdue past the due date, and its Undo pays it again as it was", async ({
  ownerTab: page,
}) => {
  const number = `INV-UNPAID-${tag()}`;
  const invoice = await addInvoice(page.request, {
    number,
    status: "Paid",
    due_date: "2026-01-19",
    paid_date: "2026-01-15",
    paid_method: "Cash",
  });
  await page.goto("/crm/invoices");
  await expect(card(page, number)).toContainText("15 Jan 2026 · Cash");

  await card(page, number)
    .getByRole("button", { name: `Mark as unpaid: ${number}` })
    .click();
  const unpaidToast = toastSaying(page, `${number} marked as unpaid`);
  await expect(unpaidToast).toContainText("Back to Overdue");
  await expect(card(page, number).getByText("Overdue", { exact: true })).toBeVisible();
  expect(await stored(page.request, invoice.id)).toMatchObject({ status: "Overdue", paid_date: null, paid_method: null });

  await unpaidToast.getByRole("button", { name: "Undo" }).click();
  await expect(toastSaying(page, `${number} marked as paid`)).toContainText("Paid 15 Jan 2026 · Cash");
  expect(await stored(page.request, invoice.id)).toMatchObject({ status: "Paid", paid_date: "2026-01-15", paid_method: "Cash" });
});

test("an Undo made after a colleague changed the invoice is refused and changes nothing", async ({
  ownerTab: page,
  request: colleague,
}) => {
  const number = `INV-STALE-${tag()}`;
  const invoice = await addInvoice(page.request, { number, status: "Sent", due_date: "2099-01-31" });
  await page.goto("/crm/invoices");
  await card(page, number)
    .getByRole("button", { name: `Mark as paid: ${number}` })
    .click();
  await page.getByRole("dialog", { name: "Mark as paid" }).getByRole("button", { name: "Mark as paid" }).click();
  const paidToast = toastSaying(page, `${number} marked as paid`);
  await expect(paidToast).toContainText(`Paid ${formatLondon(londonToday())} · Bank transfer`);

  // A colleague, elsewhere, changes how it was paid.
  await signIn(colleague);
  const now = await stored(colleague, invoice.id);
  expect(
    (
      await api(colleague).crm.invoices[":id"].$patch({
        param: { id: invoice.id },
        json: { paid_method: "Other", updated_at: now.updated_at },
      })
    ).status,
  ).toBe(200);

  await paidToast.getByRole("button", { name: "Undo" }).click();
  await expect(toastSaying(page, "Failed to update invoice")).toContainText("was changed by someone else");
  expect(await stored(page.request, invoice.id)).toMatchObject({ status: "Paid", paid_method: "Other" });
  await expect(card(page, number)).toContainText("· Other");
});
