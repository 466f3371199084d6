/**
 * The money a studio owner reads after a client says yes: a proposal accepted on the client's page
 * leaves its lead Won at the proposal's total on the board, and the dashboard's won this month rises
 * by exactly that. Other specs win leads on the shared server while this runs, so this spec has a
 * server and state of its own, where nothing but its own steps can move the figures.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, createLead, expectStatus, leadCard, leadColumn, live, signIn, useOwnServer, tag } from "./support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const ORIGIN = useOwnServer({ name: "won", offset: 3, portVariable: "E2E_WON_PORT" });

/** £12,345 → 12345 */
const pounds = async (l: Locator) => Number(((await l.textContent()) ?? "").replace(/[^0-9.]/g, ""));
const wonTile = (page: Page) => page.getByTestId("tile-won-this-month");
const wonThisMonth = (page: Page) => pounds(wonTile(page).locator("[data-tile-value]"));

async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
}

test("a proposal the client accepts online: the lead is Won at its total, and won this month rises by exactly that", async ({
  page,
  browser,
}) => {
  await signIn(page.request);
  const t = tag();
  // A deal typed in at £17,950 that the client accepts at £4,885.
  const lead = await createLead(page.request, {
    name: `Priya Shah ${t}`,
    company: `Shah Salons ${t}`,
    status: "Negotiation",
    value: 17950,
  });
  const title = `Salon website ${t}`;
  const { crm } = api(page.request);
  const made = crm.proposals.$post({
    json: {
      title,
      lead_id: lead.id,
      lines: [
        { description: "Design and build", quantity: 1, unit_price: 4000 },
        { description: "Copywriting, per page", quantity: 3, unit_price: 295 },
      ],
    },
  });
  const { proposal } = await expectStatus(made, 201);
  expect(proposal.value).toBe(4885);
  const { url } = await expectStatus(crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201);

  // The dashboard, open and live, before the client answers.
  await live(page, "/crm/dashboard");
  await settled(page);
  const before = await wonThisMonth(page);
  const countBefore = Number(((await wonTile(page).locator("p").last().textContent()) ?? "").match(/^(\d+) lead/)?.[1]);

  // The client, in a browser of their own with JavaScript off, accepts on their page.
  const client = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
  const clientPage = await client.newPage();
  expect((await clientPage.goto(new URL(url).pathname))?.status()).toBe(200);
  await clientPage.getByLabel("Full name").first().fill("Priya Shah");
  await clientPage.getByLabel("I accept this proposal and its terms").check();
  await clientPage.getByRole("button", { name: "Accept proposal" }).click();
  await expect(clientPage.getByText(/^Accepted by Priya Shah on/)).toBeVisible();
  await client.close();

  // The studio's dashboard, without a reload: up by exactly the proposal's total, one lead more.
  await expect.poll(() => wonThisMonth(page)).toBe(before + 4885);
  await expect(wonTile(page).locator("p").last()).toContainText(new RegExp(`^${countBefore + 1} leads?;`));
  // The figure is the API's, which says the same.
  const dashboard = await expectStatus(crm.dashboard.$get(), 200);
  expect(dashboard.tiles.won_this_month.value).toBe(before + 4885);

  // The board: the lead in Won at the proposal's total, not its old deal value, and the column's
  // total is what its cards add up to.
  await page.goto("/crm");
  const won = leadColumn(page, "Won");
  const card = won.locator(leadCard(page, lead.id));
  await expect(card).toContainText("£4,885.00");
  await expect(card).not.toContainText("£17,950");
  // Every card in the column, as Show more pages them in.
  for (let more = won.getByRole("button", { name: /^Show more/ }); await more.count();) {
    const label = (await more.textContent()) ?? "";
    await more.click();
    await expect(won.getByRole("button", { name: label })).toHaveCount(0);
  }
  const count = Number(
    await won
      .locator("header .rounded-full")
      .first()
      .evaluate((el) => el.firstChild?.textContent ?? "0"),
  );
  await expect(won.locator("li")).toHaveCount(count);
  const values = await won
    .locator("li")
    .evaluateAll((items) => items.map((li) => Number((li.textContent?.match(/£([\d,]+\.\d\d)/)?.[1] ?? "0").replace(/,/g, ""))));
  const cards = values.reduce((n, v) => n + v, 0);
  const header = await pounds(won.locator("header span.tabular-nums"));
  expect(header).toBe(Math.round(cards));
});

test("the pipeline and the dashboard show one Conversion Rate, and the win rate says what it divides", async ({ ownerTab: page }) => {
  await page.goto("/crm");
  const overview = page.getByRole("region", { name: "Overview" });
  const rate = overview.getByText("Conversion Rate").locator("..");
  await expect(rate).toContainText(/Won ÷ all leads: \d+ of \d+/);
  const pipelineRate = ((await rate.locator("p").nth(1).textContent()) ?? "").trim();
  const [, won, all] = ((await rate.locator("p").nth(2).textContent()) ?? "").match(/(\d+) of (\d+)/)!;

  await page.goto("/crm/dashboard");
  await settled(page);
  const funnel = page.getByTestId("funnel-conversion");
  await expect(funnel).toContainText(`Conversion Rate ${pipelineRate}: won ÷ all leads (${won} of ${all}), as on the pipeline.`);
  await expect(page.getByTestId("tile-win-rate")).toContainText("Win rate (won ÷ closed, 90 days)");

  // The funnel counts every lead at New, Lost ones included.
  await page.getByRole("region", { name: "The funnel" }).getByRole("button", { name: "Show as table" }).click();
  const reachedNew = page
    .getByRole("region", { name: "The funnel" })
    .getByRole("row", { name: /^New\b/ })
    .getByRole("cell")
    .nth(1);
  await expect(reachedNew).toHaveText(all);
});
