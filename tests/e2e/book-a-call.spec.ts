/**
 * Book a call on the studio's own site: the site's Book a Call leads to /book, which books with
 * JavaScript on or off, lands on the call's own page, and files the call on a Call booking lead with
 * a Meeting on its timeline.
 */
import { expect, test } from "./fixtures";
import type { Browser, Page } from "@playwright/test";
import { api, expectStatus, signIn, tag } from "./support";

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
  await expect(page.getByText(label.replace(/^.*?(\d\d:\d\d your time)/, "$1"))).toBeVisible();
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

test("the site's Book a Call leads to /book, which books a call with JavaScript on", async ({ page, browser }) => {
  await page.goto("/contact");
  await page.getByRole("link", { name: "Schedule Now" }).click();
  await expect(page).toHaveURL(/\/book$/);
  const email = `book-js-${tag()}@example.co.uk`;
  await bookFirstTime(page, email, "Jo Script");
  const { lead, logged } = await leadOf(browser, email);
  expect(lead).toMatchObject({ source: "Call booking", company: "Carter Bakes" });
  expect(logged.map((a) => a.type)).toContain("Meeting");
});

test("a call is booked with JavaScript off, the page and the post working alone", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `book-nojs-${tag()}@example.co.uk`;
  await bookFirstTime(page, email, "Sam Plain");
  await context.close();
  const { lead, logged } = await leadOf(browser, email);
  expect(lead.source).toBe("Call booking");
  expect(logged.find((a) => a.type === "Meeting")?.summary).toMatch(/^Booked a call for .+: A new website with online orders$/);
});
