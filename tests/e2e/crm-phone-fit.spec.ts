/**
 * Every CRM page on a phone as Chrome for Android lays it out (touch, a phone's pixel ratio), at
 * 320 px, the narrowest phones and the width WCAG's reflow asks a page to fit without scrolling
 * sideways: nothing reaches past the screen. Content that does, even invisible text, makes the
 * phone's layout viewport wider than the screen, and whatever is fixed across it (the "Offline,
 * reconnecting…" notice, toasts) is then centred off to the side, out of sight.
 */
import { PHONE_CONTEXT } from "../../scripts/lib/phone";
import { expect, test } from "./fixtures";
import { api, createClient, createLead, CRM_PAGES, expectFits, expectStatus, LONG_WORDS, signIn, staff, tag } from "./support";

const NARROWEST = { width: 320, height: 640 };
test.use({ ...PHONE_CONTEXT, viewport: NARROWEST, screen: NARROWEST });

test("every CRM page fits a 320 px phone: nothing widens its layout viewport", async ({ page }) => {
  await signIn(page.request);
  for (const path of CRM_PAGES) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    // Every card and row in, not only the first screen's.
    await page.waitForLoadState("networkidle");
    await expectFits(page, NARROWEST.width, path);
  }
});

test("a long address or link typed into a record breaks rather than widen the page it is shown on", async ({ page }) => {
  await signIn(page.request);
  const { email, url } = LONG_WORDS;
  const t = tag();
  const { crm } = api(page.request);
  const lead = await createLead(page.request, { name: `Long Words ${t}`, email, notes: `Their site: ${url}` });
  await expectStatus(crm.activities.$post({ json: { summary: `Long Words ${t}: wrote to ${email} about ${url}`, type: "Email" } }), 201);
  const client = await createClient(page.request, { name: `Long Words ${t}`, emails: [email], website: url, notes: url });
  await expectStatus(crm.proposals.$post({ json: { title: `${t} for ${email}`, client_id: client.id, notes: url } }), 201);
  await expectStatus(
    crm.projects.$post({ json: { title: `${t} for ${email}`, stage: "Discovery", status: "On Track", client_id: client.id } }),
    201,
  );

  // The client's page lists the proposal and the project too.
  for (const path of [`/crm/leads?q=${t}`, `/crm/activity?q=${t}`, `/crm/clients/${client.id}`, `/crm/proposals?q=${t}`]) {
    await page.goto(path);
    await expect(page.getByText(t).first()).toBeVisible();
    // Every section in (a client's Preview access among them), not only the first to arrive.
    await page.waitForLoadState("networkidle");
    await expectFits(page, NARROWEST.width, path);
  }
  await page.goto(`/crm/leads?q=${t}`);
  await page.getByText(lead.name).first().click();
  await expect(page.getByRole("dialog").getByRole("link", { name: email })).toBeVisible();
  await expectFits(page, NARROWEST.width, "the lead's dialog");
});

test("the sidebar is built only where it shows: a phone has the menu's drawer, widening the window brings the sidebar", async ({
  page,
}) => {
  await signIn(page.request, staff.owner);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/crm");
  await expect(page.getByRole("button", { name: /^Pick up / }).first()).toBeVisible();
  await expect(page.locator("aside")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("complementary").getByRole("link", { name: "Settings" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator("aside")).toHaveCount(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Settings" })).toBeVisible();
});
