/**
 * Paid online: the client opens their invoice's link, clicks Pay £X now, pays on Stripe's page (the
 * stand-in the e2e server runs, which signs and delivers checkout.session.completed as Stripe
 * does), comes back to the invoice reading Paid, and the CRM's invoice shows the payment by Stripe.
 * Once with JavaScript on, once off: Pay £X now is a plain form.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, createClient, expectStatus, tag } from "./support";

/** `page` is the studio's signed-in tab; the client pays in a browser of their own. */
async function payAsClient(page: Page, browser: Browser, javaScriptEnabled: boolean) {
  const t = tag();
  const client = await createClient(page.request, { name: `Paying Client ${t}`, emails: [`pay-${t}@example.com`] });
  const number = `INV-PAY-${t}`;
  const { invoice } = await expectStatus(
    api(page.request).crm.invoices.$post({
      json: {
        number,
        client_id: client.id,
        lines: [{ description: "Website build", quantity: 1, unit_price: 1450 }],
        date: "2026-11-01",
        due_date: "2099-12-31",
        status: "Sent",
      },
    }),
    201,
  );
  const { url } = await expectStatus(api(page.request).crm.invoices[":id"].share.$post({ param: { id: invoice.id } }), 201);

  const context = await browser.newContext({ javaScriptEnabled });
  const clientPage = await context.newPage();
  await clientPage.goto(url);
  await clientPage.getByRole("button", { name: "Pay £1,450.00 now" }).click();
  // Stripe's page (the stand-in), for the amount due.
  await expect(clientPage.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
  await expect(clientPage.getByText("£1450.00")).toBeVisible();
  await clientPage.getByRole("button", { name: "Pay", exact: true }).click();
  // Back on the invoice, which now reads Paid and asks for nothing.
  await expect(clientPage).toHaveURL(new RegExp(`${new URL(url).pathname}\\?paid=1$`));
  await expect(clientPage.getByText(/^Paid on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(clientPage.getByRole("button", { name: /^Pay £/ })).toHaveCount(0);
  await context.close();

  // The CRM shows it Paid, and the payment Stripe recorded with its fee.
  await page.goto("/crm/invoices");
  const card = page.getByTestId("invoice-card").filter({ hasText: number });
  await expect(card.getByRole("button", { name: `Mark as unpaid: ${number}` })).toBeVisible();
  await card.getByRole("button", { name: `Payments: ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: `Payments: ${number}` });
  const row = dialog.getByRole("listitem");
  await expect(row).toContainText("£1,450.00");
  await expect(row).toContainText("Received");
  await expect(row).toContainText("recorded by Stripe");
  await expect(row).toContainText("Stripe fee £21.95 · paid out £1,428.05");
  await expect(dialog).toContainText("Balance due £0.00");
}

test("a client pays their invoice online through Stripe, comes back to it Paid, and the CRM shows the payment", async ({
  ownerTab: page,
  browser,
}) => {
  await payAsClient(page, browser, true);
});

test("Pay £X now works with JavaScript off: a plain form to Stripe and back", async ({ ownerTab: page, browser }) => {
  await payAsClient(page, browser, false);
});
