/**
 * Settings → Your account → Calendar feed, on a phone-sized screen: create the feed, copy its URL
 * or subscribe by link (webcal://, Google, an iPhone), read it as a calendar app would (no cookie),
 * rotate it (the old URL stops) and turn it off.
 */
import { expect, test } from "./fixtures";
import { api, dropLive, expectStatus, live, signedIn, signIn, staff, tag } from "./support";

test.use({ viewport: { width: 375, height: 812 } });

test("a member of staff creates, copies, rotates and turns off their calendar feed", async ({ browser, request }) => {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  try {
    await signIn(context.request, staff.sales);
    // A fresh start if an earlier run left the feed on (404 when it is already off).
    await api(context.request).crm["calendar-feed"].$delete();
    const { auth, crm } = api(context.request);
    const me = (await expectStatus(auth.me.$get(), 200)).user;
    const title = `Send the launch checklist ${tag()}`;
    const created = await crm.tasks.$post({ json: { title, due_date: "2026-07-15", assignee_username: me.id } });
    expect(created.status).toBe(201);

    const page = await context.newPage();
    await page.goto("/crm/settings");
    const panel = page.getByRole("group", { name: "Calendar feed" });
    await panel.getByRole("button", { name: "Create calendar feed" }).click();
    const urlBox = panel.getByRole("textbox", { name: "Calendar feed URL" });
    await expect(urlBox).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await panel.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Link copied")).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(await urlBox.inputValue());
    // The same URL as a webcal:// subscription, as Google's subscribe link, and the iPhone's way in.
    const webcal = url.replace(/^http:\/\//, "webcal://");
    await expect(panel.getByRole("link", { name: "Subscribe in your calendar app" })).toHaveAttribute("href", webcal);
    const google = panel.getByRole("link", { name: "Add to Google Calendar" });
    await expect(google).toHaveAttribute("href", `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
    await expect(google).toHaveAttribute("target", "_blank");
    await expect(panel).toContainText("Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar");
    // Turn off is a way out, not the panel's main action: drawn as Rotate is, not filled.
    const fill = (name: string) => panel.getByRole("button", { name }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(await fill("Turn off")).toBe(await fill("Rotate"));
    // Nothing in the panel pushes the page wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // `request` has no session cookie, like a calendar app.
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const ics = await feed.text();
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:Task: ${title}`);
    expect(ics).toContain("DTSTART;VALUE=DATE:20260715");

    await panel.getByRole("button", { name: "Rotate" }).click();
    await page.getByRole("dialog", { name: "Rotate your calendar feed?" }).getByRole("button", { name: "Rotate" }).click();
    await expect(urlBox).not.toHaveValue(url);
    const rotated = await urlBox.inputValue();
    expect((await request.get(url)).status()).toBe(404);
    expect((await request.get(rotated)).status()).toBe(200);

    await panel.getByRole("button", { name: "Turn off" }).click();
    await page.getByRole("dialog", { name: "Turn off your calendar feed?" }).getByRole("button", { name: "Turn off" }).click();
    await expect(panel.getByRole("button", { name: "Create calendar feed" })).toBeVisible();
    expect((await request.get(rotated)).status()).toBe(404);
  } finally {
    await context.close();
  }
});

test("a read of the feed that began before Create does not undo it on screen", async ({ browser }) => {
  const { context, page } = await signedIn(browser, staff.sales, { testHook: true });
  try {
    await api(context.request).crm["calendar-feed"].$delete();
    // A refresh of what is on screen (here, after the live socket reconnects) reads the feed while it
    // is still off; its answer is held back until the feed has been made, as on a slow connection.
    let made!: () => void;
    const madeYet = new Promise<void>((resolve) => (made = resolve));
    let heldReads = 0;
    await page.route("**/api/crm/calendar-feed", async (route) => {
      if (route.request().method() !== "GET") {
        const response = await route.fetch();
        await route.fulfill({ response });
        made();
        return;
      }
      heldReads++;
      const response = await route.fetch();
      await madeYet;
      // Cancelled by the page meanwhile: nothing to answer.
      await route.fulfill({ response }).catch(() => {});
    });
    await live(page, "/crm/settings");
    const panel = page.getByRole("group", { name: "Calendar feed" });
    await dropLive(page, 0);
    await expect.poll(() => heldReads).toBeGreaterThan(0);
    await panel.getByRole("button", { name: "Create calendar feed" }).click();
    await expect(panel.getByRole("textbox", { name: "Calendar feed URL" })).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(panel.getByRole("button", { name: "Create calendar feed" })).toHaveCount(0);
  } finally {
    await api(context.request).crm["calendar-feed"].$delete();
    await context.close();
  }
});
