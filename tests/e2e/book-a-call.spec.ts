/**
 * Book a call on the studio's own site: the site's Book a Call leads to /book, which books with
 * JavaScript on or off, lands on the call's own page, and files the call on a Call booking lead with
 * a Meeting on its timeline. The host (the demo's Owner) sees it in the CRM's Calls, in an open tab
 * at once, and in their calendar feed.
 */
import { expect, test } from "./fixtures";
import type { Browser, Page } from "@playwright/test";
import { api, axe, expectStatus, latestMailTo, live, signIn, tag } from "./support";
import { CALLS } from "../../scripts/seed/data/calls";
import { LEADS } from "../../scripts/seed/data/leads";

/**
 * Books the first free time shown on /book as a New York visitor, and answers the confirmation page.
 * With a script, the picker shows the times in the device's own zone (the context's, New York);
 * without, the server's list in the zone chosen with Change time zone.
 */
async function bookFirstTime(page: Page, email: string, name: string, script: boolean) {
  await page.goto(script ? "/book" : "/book?zone=America/New_York");
  await expect(page.getByRole("heading", { level: 1, name: "Book a 30-minute call" })).toBeVisible();
  const form = page.getByRole("form", { name: "Book a call" });
  let times = form.locator("[data-book-times]");
  if (script) {
    times = form.locator("[data-book-picker]");
    await expect(
      page.getByText("Times are in your device's time zone (America/New_York), with ours in Manchester beside them."),
    ).toBeVisible();
    await expect(form.locator("[data-book-times]")).toBeHidden();
    const days = times.getByRole("table", { name: "Days with free times" }).getByRole("button");
    await days.nth(1).click();
    await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
  } else await expect(page.getByText("Times are in New York, Toronto, with ours in Manchester beside them.")).toBeVisible();
  const first = times.getByRole("radio", { name: /your time · .*in Manchester/ }).first();
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

test("the site's Book a Call leads to /book, whose picker books a call in the device's zone; the host's open Calls tab shows it at once", async ({
  browser,
  ownerTab,
}) => {
  await live(ownerTab, "/crm/calls");
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByRole("link", { name: "Schedule Now" }).click();
  await expect(page).toHaveURL(/\/book$/);
  const name = `Jo Script ${tag()}`;
  const email = `book-js-${tag()}@example.co.uk`;
  await bookFirstTime(page, email, name, true);
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
  await context.close();
});

test("a time chosen in the server's list before the picker arrives stays chosen in it, and is the one booked", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  // The picker's times come late, as on a slow connection: the visitor has already chosen from the list.
  await page.route("**/api/book/times*", async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await page.goto("/book");
  const form = page.getByRole("form", { name: "Book a call" });
  const listed = form.locator("[data-book-times]").getByRole("radio").nth(2);
  const start = await listed.getAttribute("value");
  await listed.check();
  const picker = form.locator("[data-book-picker]");
  await expect(picker).toBeVisible();
  await expect(form.locator(`[data-book-picker] input[name="start"][value="${start}"]`)).toBeChecked();
  // Tokyo is a day ahead of London by evening: each time reads with its own day.
  await expect(picker.getByRole("radio", { checked: true })).toHaveAccessibleName(/your time · .* in Manchester$/);
  const name = `Aiko Mori ${tag()}`;
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Email", { exact: true }).fill(`book-kept-${tag()}@example.jp`);
  await form.getByLabel("What would you like to talk about?").fill("A site in English and Japanese");
  await form.getByRole("button", { name: "Book the call" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your call is booked" })).toBeVisible();
  const context2 = await browser.newContext();
  await signIn(context2.request);
  const { calls } = await expectStatus(api(context2.request).crm.calls.$get({ query: { when: "upcoming" } }), 200);
  expect(calls.find((c) => c.name === name)?.start_at).toBe(start);
  await context2.close();
  await context.close();
});

test("before the page's script runs, Book the call is not lost: the server answers it", async ({ page, context }) => {
  // The scripts are held back on a slow phone: the page is painted and looks ready, but nothing of
  // it runs but its boot script. (The form has a field named "method", which once hid the form's
  // own method from that script, so it held the post back for scripts that had not come.)
  await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 5_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/book", { waitUntil: "commit" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { polling: 10 });
  const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/book"), { timeout: 3_000 });
  await page.getByRole("form", { name: "Book a call" }).getByRole("button", { name: "Book the call" }).click();
  await posted;
  const form = page.getByRole("form", { name: "Book a call" });
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name must be at least 2 characters");
});

test("a device in the zone the page is already in gets the picker from the page's own times, with no second request", async ({
  browser,
}) => {
  // Locally, wrangler's stand-in for Cloudflare's guess of the zone is Chicago: this device's too.
  const context = await browser.newContext({ timezoneId: "America/Chicago" });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (r) => void (r.url().includes("/api/book/times") && asked.push(r.url())));
  await page.goto("/book");
  await expect(page.locator("[data-book-zone]")).toHaveAttribute("value", "America/Chicago");
  const picker = page.locator("[data-book-picker]");
  await expect(picker).toBeVisible();
  const listed = await page
    .locator("[data-book-times] input[name='start']")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const shown = picker.getByRole("table", { name: "Days with free times" }).getByRole("button");
  await expect(shown.first()).toBeVisible();
  await picker.getByRole("radio").first().check();
  expect(await picker.getByRole("radio", { checked: true }).getAttribute("value")).toBe(listed[0]);
  expect(asked).toEqual([]);
  await context.close();
});

test("the picker has no accessibility violations and is used by keyboard: a day, then its time", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  await page.goto("/book");
  const picker = page.locator("[data-book-picker]");
  await expect(picker).toBeVisible();
  const { violations } = await axe(page).include("form[aria-label='Book a call']").analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);

  const days = picker.getByRole("table", { name: "Days with free times" }).getByRole("button");
  await days.first().focus();
  await page.keyboard.press("Tab");
  await expect(days.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
  const legend = (await days.nth(1).getAttribute("aria-label"))!.split(":")[0];
  await expect(picker.getByRole("group", { name: legend })).toBeVisible();
  await picker.getByRole("radio").first().focus();
  await page.keyboard.press("Space");
  await expect(picker.getByRole("radio").first()).toBeChecked();
  await context.close();
});

test("a call is booked and moved with JavaScript off, the pages and posts working alone; the host cancels it from Calls", async ({
  browser,
  ownerTab,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const name = `Sam Plain ${tag()}`;
  const email = `book-nojs-${tag()}@example.co.uk`;
  await bookFirstTime(page, email, name, false);
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

test("the host marks the demo's call of yesterday as held, and one nobody came to as a no-show, whose visitor is offered another time", async ({
  browser,
  ownerTab,
}) => {
  // The two seeded calls that have happened and are not marked yet (the server decides a call has begun).
  const [held, missed] = CALLS.filter((c) => c.status === "confirmed").map((c) => LEADS[c.lead].name);
  const { calls } = await expectStatus(api(ownerTab.request).crm.calls.$get({ query: { when: "past" } }), 200);
  const emailOf = (name: string) => calls.find((c) => c.name === name)!.email;
  await ownerTab.goto("/crm/calls");
  const card = (name: string) => ownerTab.getByRole("list", { name: "Past calls" }).getByTestId("call").filter({ hasText: name });
  await expect(card(held).getByRole("button", { name: `Cancel the call with ${held}` })).toHaveCount(0);

  await card(held)
    .getByRole("button", { name: `Mark as held: the call with ${held}` })
    .click();
  await expect(ownerTab.getByText("Call marked as held")).toBeVisible();
  await expect(card(held).getByRole("button")).toHaveCount(0);
  await expect(card(held).getByText("Held", { exact: true })).toBeVisible();

  await card(missed)
    .getByRole("button", { name: `No-show: ${missed} did not come` })
    .click();
  await expect(ownerTab.getByText(`Marked as a no-show. ${missed} was offered another time by e-mail`)).toBeVisible();
  await expect(card(missed).getByRole("button")).toHaveCount(0);
  await expect(card(missed).getByText("No-show", { exact: true })).toBeVisible();
  const offer = await latestMailTo(ownerTab.request, emailOf(missed), "Sorry we missed you");
  expect(offer.text).toMatch(/choose another time here: http:\/\/localhost:\d+\/book\b/);

  // Each on its lead's timeline, by the Owner who marked it.
  const heldLog = (await leadOf(browser, emailOf(held))).logged.filter((a) => a.type === "Meeting").map((a) => a.summary);
  expect(heldLog).toContainEqual(expect.stringMatching(/^Held the call for .+ \(London time\)$/));
  const missedLog = (await leadOf(browser, emailOf(missed))).logged.filter((a) => a.type === "Meeting").map((a) => a.summary);
  expect(missedLog).toContainEqual(expect.stringMatching(/^No-show: the call for .+ \(London time\)$/));
});
