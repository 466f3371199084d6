/**
 * docs/decisions/0009-preview-feedback.md end to end, both sides in real browsers: a client unlocks their preview and leaves a
 * comment; the Owner, with the client's CRM page open in another browser, sees it arrive and the
 * Clients badge rise without reloading, and replies; the client sees the reply in their open
 * panel; the client approves, and the project card moves to Launch on the Owner's open board.
 * Uses the ancoats-coffee-co card, which no other spec links.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { api, createClient, expectStatus, freePreviewCard, live, signedIn, staff, tag } from "./support";

const CARD = "ancoats-coffee-co";
const SITE = "https://example.com/ancoats-coffee-co/v1";

const badge = (page: Page) => page.locator("[data-open-comments-badge]");
const openComments = async (page: Page) => ((await badge(page).count()) ? Number(await badge(page).textContent()) : 0);

test("a client's comment, the studio's reply and the client's approval travel both ways live", async ({ browser }) => {
  test.setTimeout(90_000);
  const owner = await signedIn(browser, staff.owner);
  const { crm } = api(owner.context.request);

  // The studio's side of the set-up: a client on the card, its code, a project waiting in Review.
  const name = `Ancoats Coffee Co ${tag()}`;
  await freePreviewCard(owner.context.request, CARD);
  const clientId = (await createClient(owner.context.request, { name })).id;
  const param = { id: clientId };
  expect((await crm.clients[":id"].preview.$put({ param, json: { preview_id: CARD, previewUrl: SITE } })).status).toBe(200);
  const { code } = await expectStatus(crm.clients[":id"].preview.code.$post({ param }), 201);
  const projectTitle = `Coffee shop site ${tag()}`;
  expect((await crm.projects.$post({ json: { title: projectTitle, client_id: clientId, stage: "Review" } })).status).toBe(201);

  // The Owner watches the client's page.
  const ownerPage = owner.page;
  await live(ownerPage, `/crm/clients/${clientId}`);
  await expect(ownerPage.getByRole("heading", { name, level: 1 })).toBeVisible();
  const before = await openComments(ownerPage);

  // The client, in a browser of their own, unlocks the preview and leaves feedback.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await clientPage.route("https://example.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Ancoats</title><h1>Ancoats Coffee Co</h1>" }),
  );
  await clientPage.goto(`/clients/${CARD}`);
  await hydrated(clientPage);
  await clientPage.getByLabel("Access Code").fill(code);
  await clientPage.getByRole("button", { name: "Access Preview" }).click();
  await expect(clientPage.frameLocator("iframe").getByRole("heading", { name: "Ancoats Coffee Co" })).toBeVisible();
  await clientPage.getByRole("button", { name: "Leave feedback" }).click();
  const panel = clientPage.getByRole("complementary", { name: "Feedback" });
  const body = `Could the menu prices be larger? ${tag()}`;
  await panel.getByLabel("Comment", { exact: true }).fill(body);
  await panel.getByLabel("Page").fill("/menu");
  await panel.getByLabel("Your name").fill("Priya Nair");
  await panel.getByRole("button", { name: "Send feedback" }).click();
  await expect(clientPage.getByText("Thanks, your feedback was sent")).toBeVisible();

  // The Owner's open page shows it, and the badge counts it, with no reload.
  const card = ownerPage
    .getByRole("region", { name: /^Feedback/ })
    .getByRole("article")
    .filter({ hasText: body });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Page: /menu");
  await expect(badge(ownerPage)).toHaveText(String(before + 1));

  // The Owner replies; the client's open panel shows the reply within a few seconds.
  await card.getByRole("button", { name: "Reply" }).click();
  await card.getByLabel("Reply to Priya Nair").fill("Yes, we will make them bigger today.");
  await card.getByRole("button", { name: "Send reply" }).click();
  await expect(card.getByRole("list", { name: "Replies to Priya Nair" })).toContainText("Yes, we will make them bigger today.");
  await expect(panel.getByText("Yes, we will make them bigger today.")).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText(staff.owner.name);

  // The Owner opens the Projects board; the client approves; the card moves to Launch there.
  await ownerPage.getByRole("navigation", { name: "CRM" }).getByRole("link", { name: "Projects" }).click();
  await expect(ownerPage.getByRole("region", { name: "Review column" })).toContainText(projectTitle);
  await clientPage.getByRole("button", { name: "Approve this version" }).click();
  const dialog = clientPage.getByRole("dialog", { name: "Approve this version" });
  await expect(dialog).toContainText(SITE);
  await dialog.getByLabel("Your full name").fill("Priya Nair");
  await dialog.getByLabel("I approve this version for launch").check();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(clientPage.getByText("Approved. Thank you!")).toBeVisible();
  await expect(clientPage.getByText(/^Approved by Priya Nair on \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();

  await expect(ownerPage.getByRole("region", { name: "Launch column" })).toContainText(projectTitle);
  await expect(ownerPage.getByRole("region", { name: "Review column" })).not.toContainText(projectTitle);

  await clientContext.close();
  await owner.context.close();
});
