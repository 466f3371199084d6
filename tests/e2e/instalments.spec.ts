/**
 * Getting paid on the studio's terms, end to end (docs/decisions/0063 and 0064): a client accepts a
 * proposal with the default schedule on its page; the deposit request is raised by itself, is in the
 * CRM with its number and was e-mailed to the client; the client opens it from that e-mail and pays
 * through Stripe (the stand-in); it reads Paid, its VAT invoice arrives as the receipt, and the
 * dashboard's cash received rises by the deposit; the client approves the launch version on the
 * preview page, and the final invoice for the rest is raised and e-mailed. Uses the
 * albbrit-interiors card, which only the seed links (to its client), and no other spec.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { api, expectStatus, latestMailTo, mailSubjectsTo, tag, withStudioSettings } from "./support";

const CARD = "albbrit-interiors";
const SITE = "https://example.com/albbrit-interiors/launch";

const pounds = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("the deposit is requested at acceptance and paid online, and the rest invoiced at launch approval", async ({ browser, ownerTab }) => {
  test.setTimeout(120_000);
  // The seeded studio is VAT-registered, so the deposit is a payment request: no other test may change that meanwhile.
  await withStudioSettings(() => walkThrough(browser, ownerTab));
});

async function walkThrough(browser: Browser, ownerPage: Page) {
  const { crm } = api(ownerPage.request);

  // The client the seed links to the card, with an address of this run's own for the mail.
  const { clients } = await expectStatus(crm.clients.$get({ query: {} }), 200);
  const client = clients.find((c) => c.preview_id === CARD)!;
  const email = `albbrit-${tag()}@example.com`;
  await expectStatus(
    crm.clients[":id"].$patch({ param: { id: client.id }, json: { emails: [email], updated_at: client.updated_at } }),
    200,
  );

  // A proposal with the default schedule (50% on acceptance, 50% on launch approval), shared.
  const title = `Showroom site ${tag()}`;
  const { proposal } = await expectStatus(
    crm.proposals.$post({ json: { title, client_id: client.id, lines: [{ description: "Website", quantity: 1, unit_price: 3000 }] } }),
    201,
  );
  expect(proposal.payment_schedule.map((i) => [i.due, i.amount])).toEqual([
    ["on_acceptance", 1500],
    ["on_launch_approval", 1500],
  ]);
  const { url } = await expectStatus(crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201);

  // The client accepts on their page.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await clientPage.goto(url);
  await clientPage.getByLabel("Full name").first().fill("Alba Britton");
  await clientPage.getByLabel("I accept this proposal and its terms").check();
  await clientPage.getByRole("button", { name: "Accept proposal" }).click();
  await expect(clientPage.getByText(/^Accepted by Alba Britton on/)).toBeVisible();

  // The deposit is in the CRM with its number, and was e-mailed to the client with its link.
  const accepted = (await expectStatus(crm.proposals[":id"].$get({ param: { id: proposal.id } }), 200)).proposal;
  const deposit = accepted.instalments[0].document!;
  expect(deposit).toMatchObject({ total: 1500 });
  await ownerPage.goto(`/crm/invoices`);
  const depositCard = ownerPage.getByTestId("invoice-card").filter({ hasText: deposit.number });
  await expect(depositCard).toContainText("£1,500.00");
  expect(deposit.kind).toBe("payment_request");
  await expect(depositCard).toContainText("This is not a VAT invoice");
  const depositMail = await latestMailTo(ownerPage.request, email, deposit.number);
  expect(depositMail.text).toContain("Amount: £1,500.00");
  const depositLink = depositMail.text.match(/http\S+\/i\/[A-Za-z0-9_-]{43}/)![0];

  // The client pays it from the e-mail's link, through Stripe.
  const { cash: before } = await expectStatus(crm.dashboard.$get(), 200);
  await clientPage.goto(depositLink);
  await clientPage.getByRole("button", { name: "Pay £1,500.00 now" }).click();
  await expect(clientPage.getByRole("heading", { name: `Payment request ${deposit.number}` })).toBeVisible();
  await clientPage.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(clientPage.getByText(/^Paid on \d{1,2} \w{3} \d{4}$/)).toBeVisible();

  // Its VAT invoice is the receipt, the only one; and the money is in the dashboard's cash received.
  const paid = (await expectStatus(crm.proposals[":id"].$get({ param: { id: proposal.id } }), 200)).proposal.instalments[0];
  expect(paid).toMatchObject({ state: "paid" });
  const vatInvoice = paid.vat_invoice!.number;
  const receipt = await latestMailTo(ownerPage.request, email, `Receipt: invoice ${vatInvoice}`);
  expect(receipt.text).toContain("Thank you for your payment of £1,500.00");
  // The payment's own receipt would have gone first: the VAT invoice is the only one.
  expect((await mailSubjectsTo(ownerPage.request, email)).filter((s) => s.startsWith("Receipt"))).toEqual([
    `Receipt: invoice ${vatInvoice}`,
  ]);
  await ownerPage.goto("/crm/dashboard");
  const received = ownerPage.getByTestId("tile-cash-received").locator("[data-tile-value]");
  await expect(received).toBeVisible();
  // Other tests may record money at the same time: the rise is at least the deposit, and the tile is the records' figure.
  const { cash: after } = await expectStatus(crm.dashboard.$get(), 200);
  expect(after.received_this_month.value - before.received_this_month.value).toBeGreaterThanOrEqual(1500);
  await expect
    .poll(async () => pounds((await received.textContent()) ?? ""))
    .toBeGreaterThanOrEqual(before.received_this_month.value + 1500);

  // The project the acceptance started goes to Review; the client approves the launch version.
  const projectId = accepted.project_id!;
  const { project } = await expectStatus(crm.projects[":id"].$get({ param: { id: projectId } }), 200);
  await expectStatus(
    crm.projects[":id"].$patch({ param: { id: projectId }, json: { stage: "Review", updated_at: project.updated_at } }),
    200,
  );
  await expectStatus(crm.clients[":id"].preview.$put({ param: { id: client.id }, json: { preview_id: CARD, previewUrl: SITE } }), 200);
  const { code } = await expectStatus(crm.clients[":id"].preview.code.$post({ param: { id: client.id } }), 201);
  await clientPage.route("https://example.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Albbrit</title><h1>Albbrit Interiors</h1>" }),
  );
  await clientPage.goto(`/clients/${CARD}`);
  await hydrated(clientPage);
  await clientPage.getByLabel("Access Code").fill(code);
  await clientPage.getByRole("button", { name: "Access Preview" }).click();
  await clientPage.getByRole("button", { name: "Approve this version" }).click();
  const dialog = clientPage.getByRole("dialog", { name: "Approve this version" });
  await dialog.getByLabel("Your full name").fill("Alba Britton");
  await dialog.getByLabel("I approve this version for launch").check();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(clientPage.getByText("Approved. Thank you!")).toBeVisible();

  // The final invoice for the rest exists, with the deposit still unpaid, and was e-mailed.
  const approved = (await expectStatus(crm.proposals[":id"].$get({ param: { id: proposal.id } }), 200)).proposal;
  const final = approved.instalments[1];
  expect(final).toMatchObject({ state: "invoiced", document: { kind: "invoice", total: 1500 } });
  expect(approved.instalments[0].state).toBe("paid");
  const finalMail = await latestMailTo(ownerPage.request, email, final.document!.number);
  expect(finalMail.subject).toBe(`Invoice ${final.document!.number}`);
  expect(finalMail.text).toContain("Amount: £1,500.00");

  await clientContext.close();
}
