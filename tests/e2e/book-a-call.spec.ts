/**
 * Book a call on the studio's own site: the site's Book a Call leads to /book, which books with
 * JavaScript on or off, lands on the call's own page, and files the call on a Call booking lead with
 * a Meeting on its timeline. The host (the demo's Owner) sees it in the CRM's Calls, in an open tab
 * at once, and in their calendar feed.
 */
import { expect, test } from "./fixtures";
import type { Browser, Page } from "@playwright/test";
import { api, expectStatus, live, signIn, tag } from "./support";

/** Books the first free time shown on /book as a New York visitor, and answers the confirmation page. */
async function bookFirstTime(page: Page, email: string, name: string) {
  await page.goto("/book?zone=America/New_York");
  await expect(page.getByRole("heading", { level: 1, name: "Book a 30-minute call" })).toBeVisible();
  await expect(page.getByText("Times are in New York, Toronto, with ours in Manchester beside them.")).toBeVisible();
  const form = page.getByRole("form", { name: "Book a call" });
  const first = form.getByRole("radio", { name: /your time · .*in Manchester/ }).first();
  const label = (await first.evaluate((el) => el.parentElement?.textContent ?? "")).trim();
  await first.check();
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Company").fill("Carter Bakes");
  await form.getByLabel("What would you like to talk about?").fill("A new website with online orders");
  await form.getByRole("button", { name: "Book the call" }).click();
  await expect(page).toHaveURL(/\/book\/call\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your call is booked" })).toBeVisible();
  // The visitor's own time first, London's beside it, as the list showed it.
  await expect(page.locator("[data-call-when]")).toContainText(label.replace(/^.*?(\d\d:\d\d your time)/, "$1"));
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /\/calendar\.ics$/);
}

async function leadOf(browser: Browser, email: string) {
  const context = await browser.newContext();
  await signIn(context.request);
  const { crm } = api(context.request);
  const { leads } = await expectStatus(crm.leads.$get({ query: { q: email } }), 200);
  expect(leads).toHaveLength(1);
  const { logged } = await expectStatus(crm.leads[":id"].activities.$get({ param: { id: leads[0].id } }), 200);
  await context.close();
  return { lead: leads[0], logged };
}

/** The host's calendar feed, unfolded: made for this test and turned off after it. */
async function hostFeed(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  await signIn(context.request);
  const { crm } = api(context.request);
  // Nothing else uses the Owner's feed; a run cut short may have left it on (404 when it is off).
  await crm["calendar-feed"].$delete();
  const { url } = await expectStatus(crm["calendar-feed"].$post({ json: { rotate: false } }), 201);
  const res = await context.request.get(new URL(url).pathname);
  expect(res.status()).toBe(200);
  const ics = (await res.text()).replace(/\r\n[ \t]/g, "");
  await crm["calendar-feed"].$delete();
  await context.close();
  return ics;
}

test("the site's Book a Call leads to /book, which books a call with JavaScript on; the host's open Calls tab shows it at once", async ({
  page,
  browser,
  ownerTab,
}) => {
  await live(ownerTab, "/crm/calls");
  await page.goto("/contact");
  await page.getByRole("link", { name: "Schedule Now" }).click();
  await expect(page).toHaveURL(/\/book$/);
  const name = `Jo Script ${tag()}`;
  const email = `book-js-${tag()}@example.co.uk`;
  await bookFirstTime(page, email, name);
  const { lead, logged } = await leadOf(browser, email);
  expect(lead).toMatchObject({ source: "Call booking", company: "Carter Bakes" });
  expect(logged.map((a) => a.type)).toContain("Meeting");

  // The Owner's tab, untouched since the booking: a toast says who, and the list has the call with its lead.
  await expect(ownerTab.getByText(new RegExp(`^${name} \\(Carter Bakes\\) booked a call for `))).toBeVisible();
  const card = ownerTab.getByRole("list", { name: "Upcoming calls" }).getByTestId("call").filter({ hasText: email });
  await expect(card).toContainText("A new website with online orders");
  await expect(card.getByRole("link", { name })).toHaveAttribute("href", `/crm/leads?lead=${lead.id}`);
  await expect(card.getByRole("button", { name: `Cancel the call with ${name}` })).toBeVisible();

  const ics = await hostFeed(browser);
  expect(ics).toContain(`SUMMARY:Call: ${name} (Carter Bakes)`);
  expect(ics).toMatch(new RegExp(`DTSTART:\\d{8}T\\d{6}Z\r\nDTEND:\\d{8}T\\d{6}Z\r\nSUMMARY:Call: ${name} `));

  // The visitor calls it off from their page; the host's tab shows it cancelled.
  await page.getByRole("button", { name: "Cancel the call" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your call is cancelled" })).toBeVisible();
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
});

test("a call is booked and moved with JavaScript off, the pages and posts working alone; the host cancels it from Calls", async ({
  browser,
  ownerTab,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const name = `Sam Plain ${tag()}`;
  const email = `book-nojs-${tag()}@example.co.uk`;
  await bookFirstTime(page, email, name);
  // Moved in one step on its own page, still with no script.
  const when = await page.locator("[data-call-when]").textContent();
  const move = page.getByRole("form", { name: "Move the call" });
  await move.getByRole("radio").nth(1).check();
  await move.getByRole("button", { name: "Move to this time" }).click();
  await expect(page.getByText("Your call is moved. We've e-mailed you the updated invitation.")).toBeVisible();
  await expect(page.locator("[data-call-when]")).not.toHaveText(when!);
  await context.close();
  const { lead, logged } = await leadOf(browser, email);
  expect(lead.source).toBe("Call booking");
  const meetings = logged.filter((a) => a.type === "Meeting").map((a) => a.summary);
  expect(meetings).toContainEqual(expect.stringMatching(/^Booked a call for .+: A new website with online orders$/));
  expect(meetings).toContainEqual(expect.stringMatching(/^Moved the call from .+ to .+$/));
  expect(await hostFeed(browser)).toContain(`SUMMARY:Call: ${name} (Carter Bakes)`);

  // On the dashboard's week of calls, then cancelled from Calls.
  await ownerTab.goto("/crm/dashboard");
  await expect(ownerTab.getByRole("region", { name: /^Calls this week/ })).toContainText(name);
  await ownerTab.goto("/crm/calls");
  const card = ownerTab.getByRole("list", { name: "Upcoming calls" }).getByTestId("call").filter({ hasText: email });
  await card.getByRole("button", { name: `Cancel the call with ${name}` }).click();
  const dialog = ownerTab.getByRole("dialog", { name: "Cancel this call?" });
  await expect(dialog).toContainText(`${name} is e-mailed that the call on`);
  await dialog.getByRole("button", { name: "Cancel the call", exact: true }).click();
  await expect(ownerTab.getByText("Call cancelled")).toBeVisible();
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0);
  expect(await hostFeed(browser)).not.toContain(name);
});
