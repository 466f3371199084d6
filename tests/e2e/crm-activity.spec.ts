/**
 * The Activity feed (docs/spec.md §2): Log Activity requires a summary and defaults 'Who' to the signed-in
 * person; times read 'd MMM yyyy, HH:mm' (docs/decisions/0017) in the studio's zone (Europe/London) whatever the
 * browser's zone is, here New York. Entries name their related records as links, Log Activity picks one by
 * searching its name, and a failed Log Activity says so as the spec words it.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { ActivityInput } from "../../contract/activity";
import { expect, test } from "./fixtures";
import { api, createClient, createLead, expectStatus, signIn, staff, tag } from "./support";

test.use({ timezoneId: "America/New_York" });

/** date-fns' 'd MMM yyyy, HH:mm' of `iso` in `timeZone`, built independently with Intl (en-US parts: "Sep", not en-GB's "Sept"). */
function formatIn(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

test("Log Activity needs a summary, defaults Who to me, and the feed shows London time", async ({ page }) => {
  await signIn(page.request, staff.sales);
  await page.goto("/crm/activity");
  await page.getByRole("button", { name: "Log Activity" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Activity" });
  await expect(dialog.getByLabel("Who")).toHaveValue(/.+/);
  await expect(dialog.getByLabel("Who").locator("option:checked")).toHaveText("Marcus Reid");

  await dialog.getByRole("button", { name: "Log Activity" }).click();
  await expect(dialog.getByLabel("Summary")).toHaveAccessibleDescription("Summary is required");

  // Readable names, not the stored values ("StatusChange", "lead").
  await expect(dialog.getByLabel("Type", { exact: true }).locator("option")).toHaveText([
    "Call",
    "Email",
    "Meeting",
    "Note",
    "Status change",
  ]);
  await expect(dialog.getByLabel("Related Type").locator("option")).toHaveText([
    "None",
    "Lead",
    "Client",
    "Project",
    "Proposal",
    "Invoice",
  ]);

  const summary = `Rang the printers ${Date.now()}`;
  await dialog.getByLabel("Type", { exact: true }).selectOption("Call");
  await dialog.getByLabel("Summary").fill(summary);
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/crm/activities"));
  await dialog.getByRole("button", { name: "Log Activity" }).click();
  const { activity } = (await (await saved).json()) as { activity: { created_at: string } };
  await expect(page.getByText("Activity logged successfully")).toBeVisible();

  const item = page.getByRole("listitem").filter({ hasText: summary });
  await expect(item).toContainText("Marcus Reid");
  await expect(item).toContainText("Call");
  const london = formatIn(activity.created_at, "Europe/London");
  expect(london).not.toBe(formatIn(activity.created_at, "America/New_York"));
  await expect(item.locator("time")).toHaveText(london);
});

test("the feed pages past its newest 200 entries with Load more, keeping its filters", async ({ salesTab: page }) => {
  // 205 writes first, each announced on the live hub: seconds on a quiet machine, more on a busy one.
  test.setTimeout(90_000);
  // 205 Meetings by Marcus Reid, created through the API a few at a time, newest last.
  const run = `Standup ${Date.now()}`;
  let who = "";
  for (let start = 0; start < 205; start += 15) {
    const batch = Array.from({ length: Math.min(15, 205 - start) }, (_, k) => start + k);
    const made = await Promise.all(
      batch.map(async (i) => {
        const logged = api(page.request).crm.activities.$post({ json: { summary: `${run} #${i}`, type: "Meeting" } });
        return (await expectStatus(logged, 201)).activity.who_username;
      }),
    );
    who = made[0]!;
  }

  await page.goto(`/crm/activity?type=Meeting&who=${who}`);
  const entries = page.getByRole("list", { name: "Activity entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(200);
  await expect(page.getByLabel("Filter by type")).toHaveValue("Meeting");
  await expect(page.getByLabel("Filter by person").locator("option:checked")).toHaveText("Marcus Reid");
  // Batches of 15 are created together, so only the first batch is surely on the second page.
  const entry = (i: number) => entries.filter({ has: page.getByText(`${run} #${i}`, { exact: true }) });
  await expect(entry(204)).toHaveCount(1);
  await expect(entry(0)).toHaveCount(0);

  const next = page.waitForRequest((r) => new URL(r.url()).searchParams.has("before"));
  await page.getByRole("button", { name: "Load more" }).click();
  const asked = new URL((await next).url()).searchParams;
  expect(asked.get("type")).toBe("Meeting");
  expect(asked.get("who")).toBe(who);
  expect(asked.get("before_id")).toBeTruthy();
  for (const i of [0, 1, 14, 100, 204]) await expect(entry(i)).toHaveCount(1);
  const count = await entries.count();
  expect(count).toBeGreaterThanOrEqual(205);
  // Every entry shown is a Meeting by Marcus Reid, and none twice.
  const texts = await entries.allInnerTexts();
  expect(texts.every((t) => t.includes("Meeting") && t.includes("Marcus Reid"))).toBe(true);
  expect(new Set(texts).size).toBe(count);
  await expect(page).toHaveURL(new RegExp(`type=Meeting&who=${who}`));
});

test("a client's question and the studio's answer read as such, each credited to who wrote it", async ({ salesTab: page, request }) => {
  const t = `${Date.now()}`;
  const { crm } = api(page.request);
  const lead = await expectStatus(crm.leads.$post({ json: { name: `Asker ${t}` } }), 201);
  const { proposal } = await expectStatus(crm.proposals.$post({ json: { title: `Shop ${t}`, value: 900, lead_id: lead.lead.id } }), 201);
  const { url } = await expectStatus(crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201);
  // The client asks on their page, as a plain form post, with no session of the studio's.
  const asked = await request.post(`${new URL(url).pathname}/questions`, {
    form: { author_name: `Olivia ${t}`, body: "Can we pay in two parts?" },
    maxRedirects: 0,
  });
  expect(asked.status()).toBe(303);
  expect((await crm.proposals[":id"].messages.$post({ param: { id: proposal.id }, json: { body: "Yes, half now." } })).status).toBe(201);

  await page.goto("/crm/activity?type=Question");
  const question = page.getByRole("listitem").filter({ hasText: `Olivia ${t} asked about the proposal "Shop ${t}"` });
  await expect(question).toContainText("Question");
  await expect(question).toContainText(`Olivia ${t} (client)`);
  await expect(question).not.toContainText("Status change");
  await page.getByLabel("Filter by type").selectOption("Answer");
  const answer = page.getByRole("listitem").filter({ hasText: `answered about the proposal "Shop ${t}": Yes, half now.` });
  await expect(answer).toContainText("Answer");
  await expect(answer).toContainText(staff.sales.name);
});

async function logActivity(request: APIRequestContext, data: ActivityInput) {
  await expectStatus(api(request).crm.activities.$post({ json: data }), 201);
}

const feedItem = (page: Page, summary: string) => page.getByRole("listitem").filter({ hasText: summary });

// As Sales (Marcus Reid), in the worker's shared Sales tab (salesTab).
test.describe(() => {
  test("the activity feed names related records as links; a deleted one is plain text", async ({ salesTab: page }) => {
    const t = tag();
    const lead = await createLead(page.request, { name: `Feed Lead ${t}`, company: "Feed Co" });
    const client = await createClient(page.request, { name: `Feed Client ${t}` });
    const gone = await createLead(page.request, { name: `Gone Lead ${t}` });
    await logActivity(page.request, { summary: `About the lead ${t}`, related_type: "lead", related_id: lead.id });
    await logActivity(page.request, { summary: `About the client ${t}`, related_type: "client", related_id: client.id });
    await logActivity(page.request, { summary: `About the gone lead ${t}`, related_type: "lead", related_id: gone.id });
    expect((await api(page.request).crm.leads[":id"].$delete({ param: { id: gone.id } })).status).toBe(200);

    await page.goto("/crm/activity");
    const deleted = feedItem(page, `About the gone lead ${t}`);
    await expect(deleted).toContainText("Related to: Deleted lead");
    await expect(deleted.getByRole("link")).toHaveCount(0);
    await expect(deleted).not.toContainText(gone.id);

    // A lead opens its dialog in place.
    const aboutLead = feedItem(page, `About the lead ${t}`);
    await expect(aboutLead).not.toContainText(lead.id);
    await aboutLead.getByRole("link", { name: lead.name }).click();
    const detail = page.getByRole("dialog", { name: lead.name });
    await expect(detail).toBeVisible();
    await expect(detail.getByText("Feed Co", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/crm\/activity$/);
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();

    // A client opens its page.
    await feedItem(page, `About the client ${t}`).getByRole("link", { name: client.name }).click();
    await expect(page).toHaveURL(`/crm/clients/${client.id}`);
    await expect(page.getByRole("heading", { name: client.name })).toBeVisible();
  });

  test("Log Activity picks the related record by searching its name", async ({ salesTab: page }) => {
    const t = tag();
    const lead = await createLead(page.request, { name: `Picker Lead ${t}`, company: "Picker Dental" });
    await createLead(page.request, { name: `Other Lead ${t}` });
    await page.goto("/crm/activity");
    await page.getByRole("button", { name: "Log Activity" }).click();
    const dialog = page.getByRole("dialog", { name: "Log Activity" });
    const picker = dialog.getByRole("combobox", { name: "Related Record" });
    await expect(picker).toBeDisabled();
    await dialog.getByLabel("Related Type").selectOption("lead");
    await picker.fill(`picker lead ${t}`);
    const options = dialog.getByRole("listbox", { name: "Matching leads" }).getByRole("option");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText("Picker Dental");
    await options.first().click();
    await expect(picker).toHaveValue(lead.name);

    const summary = `Called about the booking page ${t}`;
    await dialog.getByLabel("Summary").fill(summary);
    await dialog.getByRole("button", { name: "Log Activity" }).click();
    await expect(page.getByText("Activity logged successfully")).toBeVisible();
    await expect(feedItem(page, summary).getByRole("link", { name: lead.name })).toBeVisible();
  });

  test("a failed Log Activity reads as the spec words it: title 'Error', then 'Failed to log activity' and the reason", async ({
    page,
  }) => {
    await signIn(page.request, staff.sales);
    await page.route(
      (url) => url.pathname === "/api/crm/activities",
      (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "internal", message: "Something went wrong. Please try again." } }),
            })
          : route.fallback(),
    );
    await page.goto("/crm/activity");
    await page.getByRole("button", { name: "Log Activity" }).click();
    const dialog = page.getByRole("dialog", { name: "Log Activity" });
    await dialog.getByLabel("Summary").fill(`Doomed note ${tag()}`);
    await dialog.getByRole("button", { name: "Log Activity" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to log activity" });
    await expect(toast.locator("[data-title]")).toHaveText("Error");
    await expect(toast.locator("[data-description]")).toHaveText("Failed to log activity. Something went wrong. Please try again.");
    await expect(dialog).toBeVisible();
  });
});
