/**
 * docs/decisions/0063-instalments-raised-by-themselves.md end to end: a client accepts a proposal
 * with the default schedule on its page; the deposit is raised by itself, is in the CRM with its
 * number and was e-mailed to the client; the client approves the launch version on the preview
 * page, and the final invoice for the rest is raised and e-mailed. Uses the albbrit-interiors card,
 * which only the seed links (to its client), and no other spec.
 */
import { expect, hydrated, test } from "./fixtures";
import { api, expectStatus, latestMailTo, signedIn, staff, tag } from "./support";

const CARD = "albbrit-interiors";
const SITE = "https://example.com/albbrit-interiors/launch";

test("the deposit is raised at acceptance and the rest at launch approval, each e-mailed to the client", async ({ browser }) => {
  test.setTimeout(90_000);
  const owner = await signedIn(browser, staff.owner);
  const { crm } = api(owner.context.request);

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
  await owner.page.goto(`/crm/invoices`);
  const depositCard = owner.page.getByTestId("invoice-card").filter({ hasText: deposit.number });
  await expect(depositCard).toContainText("£1,500.00");
  if (deposit.kind === "payment_request") await expect(depositCard).toContainText("This is not a VAT invoice");
  const depositMail = await latestMailTo(owner.context.request, email, deposit.number);
  expect(depositMail.text).toContain("Amount: £1,500.00");
  expect(depositMail.text).toMatch(/\/i\/[A-Za-z0-9_-]{43}/);

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
  expect(["requested", "invoiced"]).toContain(approved.instalments[0].state);
  const finalMail = await latestMailTo(owner.context.request, email, final.document!.number);
  expect(finalMail.subject).toBe(`Invoice ${final.document!.number}`);
  expect(finalMail.text).toContain("Amount: £1,500.00");

  await clientContext.close();
  await owner.context.close();
});
