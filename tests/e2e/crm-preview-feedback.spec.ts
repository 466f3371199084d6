/**
 * Client preview feedback, the studio's side (docs/decisions/0009-preview-feedback.md): a client comments and approves through
 * the public API (their own cookie jar, as on the preview page), and the Owner's open CRM tab shows
 * it without reloading: the comment on the client page, the Clients badge, the project moved to
 * Launch on the board, the approval. Reply, Resolve / Reopen (and the stale-copy 409), Create task,
 * and the section at phone width with the keyboard.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { PreviewId } from "../../contract/preview-values";
import { expect, test } from "./fixtures";
import { api, createClient, dropLive, expectStatus, freePreviewCard, live, signIn, signedIn, staff, tag } from "./support";

/** A free preview card (no seeded client, no other spec): the tests share one client, in order. */
const CARD = "stockport-bike-works";

interface FeedbackClient {
  id: string;
  name: string;
  projectTitle: string;
  /** Signed in as the client: the preview's unlock cookie. */
  asClient: APIRequestContext;
}

/** A client linked to `card` with a preview URL and a code, a project in Review, and the client's unlocked session. */
async function feedbackClient(
  staffRequest: APIRequestContext,
  newRequest: (options: { baseURL: string; extraHTTPHeaders: Record<string, string> }) => Promise<APIRequestContext>,
  baseURL: string,
  card: PreviewId,
): Promise<FeedbackClient> {
  const name = `Feedback Client ${tag()}`;
  const { crm } = api(staffRequest);
  await freePreviewCard(staffRequest, card);
  const client = await createClient(staffRequest, { name });
  const param = { id: client.id };
  const linked = await crm.clients[":id"].preview.$put({ param, json: { preview_id: card, previewUrl: "https://example.com/x" } });
  expect(linked.status).toBe(200);
  const { code } = await expectStatus(crm.clients[":id"].preview.code.$post({ param }), 201);
  const projectTitle = `Bike shop rebuild ${tag()}`;
  const project = await crm.projects.$post({ json: { title: projectTitle, client_id: client.id, stage: "Review" } });
  expect(project.status).toBe(201);

  const asClient = await newRequest({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const unlocked = await api(asClient).previews[":clientId"].verify.$post({ param: { clientId: card }, json: { password: code } });
  expect(unlocked.status).toBe(200);
  return { id: client.id, name, projectTitle, asClient };
}

async function comment(asClient: APIRequestContext, card: string, body: string, page: string | null = "/") {
  const res = await api(asClient).previews[":clientId"].comments.$post({
    param: { clientId: card },
    json: { body, page, author_name: "Vicky Moss" },
  });
  expect(res.status).toBe(201);
}

async function openCount(request: APIRequestContext): Promise<number> {
  return (await expectStatus(api(request).crm["preview-comments"]["open-count"].$get(), 200)).open;
}

const clientsLink = (page: Page) => page.getByRole("navigation", { name: "CRM" }).getByRole("link", { name: /^Clients/ });
const feedbackSection = (page: Page) => page.getByRole("region", { name: /^Feedback/ });
const commentCard = (page: Page, body: string) => feedbackSection(page).getByRole("article").filter({ hasText: body });

test.describe.configure({ mode: "serial" });

let client: FeedbackClient;
let staffRequest: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL!;
  staffRequest = await playwright.request.newContext({ baseURL });
  await signIn(staffRequest);
  client = await feedbackClient(staffRequest, (o) => playwright.request.newContext(o), baseURL, CARD);
});

test.afterAll(async () => {
  await client?.asClient.dispose();
  await staffRequest?.dispose();
});

test("a client's comment appears live; the studio replies, resolves and reopens it, and a stale copy is refused", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await signedIn(browser, staff.owner, { testHook: true });

  await live(page, `/crm/clients/${client.id}`);
  await expect(feedbackSection(page).getByText("No feedback yet.")).toBeVisible();
  const before = await openCount(context.request);

  const body = `The hero photo is too dark on mobile ${tag()}`;
  await comment(client.asClient, CARD, body);

  // No reload: the live event brings the comment and the badge.
  const card = commentCard(page, body);
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { name: "Comment from Vicky Moss" })).toBeVisible();
  await expect(card).toContainText("Page: /");
  await expect(card).toContainText("On the current version");
  await expect(card.getByText("Open", { exact: true })).toBeVisible();
  await expect(clientsLink(page)).toHaveAccessibleName(`Clients (${before + 1} open ${before + 1 === 1 ? "comment" : "comments"})`);
  await expect(page.locator("[data-open-comments-badge]")).toHaveText(String(before + 1));

  // Reply: listed under the comment signed with the Owner's name, and the client sees it.
  await card.getByRole("button", { name: "Reply" }).click();
  await card.getByLabel("Reply to Vicky Moss").fill("Thanks Vicky, we will lighten it today.");
  await card.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply sent")).toBeVisible();
  const replies = card.getByRole("list", { name: "Replies to Vicky Moss" });
  await expect(replies).toContainText(staff.owner.name);
  await expect(replies).toContainText("Thanks Vicky, we will lighten it today.");
  const seen = await expectStatus(api(client.asClient).previews[":clientId"].feedback.$get({ param: { clientId: CARD } }), 200);
  expect(seen.comments.find((c) => c.body === body)?.replies).toEqual([
    expect.objectContaining({ author_name: staff.owner.name, body: "Thanks Vicky, we will lighten it today." }),
  ]);

  // Resolve takes it off the badge; Reopen puts it back.
  await card.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByText("Comment resolved")).toBeVisible();
  await expect(card.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(clientsLink(page)).toHaveAccessibleName(
    before === 0 ? "Clients" : `Clients (${before} open ${before === 1 ? "comment" : "comments"})`,
  );
  await card.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByText("Comment reopened")).toBeVisible();
  await expect(card.getByText("Open", { exact: true })).toBeVisible();
  await expect(page.locator("[data-open-comments-badge]")).toHaveText(String(before + 1));

  // A colleague resolves it while this tab hears nothing: this tab's Resolve is from a stale copy.
  await dropLive(page, 20_000);
  const { crm } = api(context.request);
  const feedback = await expectStatus(crm.clients[":id"].feedback.$get({ param: { id: client.id } }), 200);
  const fresh = feedback.comments.find((c) => c.body === body)!;
  const other = await crm["preview-comments"][":id"].$patch({
    param: { id: fresh.id },
    json: { status: "Resolved", updated_at: fresh.updated_at },
  });
  expect(other.status).toBe(200);
  await card.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByText("Failed to update comment")).toBeVisible();
  await expect(page.getByText("This comment was changed by someone else. It has been reloaded with the latest details.")).toBeVisible();
  // Refetched at once (the socket is still held down): the colleague's Resolved shows.
  await expect(card.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Reopen" })).toBeVisible();

  await context.close();
});

test("Create task opens Add Task prefilled from the comment, related to the client", async ({ ownerTab: page }) => {
  const body = `Please add our opening hours to the footer ${tag()}`;
  await comment(client.asClient, CARD, body, null);

  await page.goto(`/crm/clients/${client.id}`);
  const card = commentCard(page, body);
  await expect(card).toContainText("No page given");
  await card.getByRole("button", { name: "Create task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Task" });
  await expect(dialog).toContainText("linked to this client");
  const title = `Preview feedback from Vicky Moss: ${body}`;
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByLabel("Notes")).toHaveValue(body);
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(page.getByText("Task added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const { tasks } = await expectStatus(api(page.request).crm.tasks.$get(), 200);
  expect(tasks.find((t) => t.title === title)).toMatchObject({ notes: body, related_type: "client", related_id: client.id });
  await page.goto("/crm/tasks");
  await expect(page.getByText(title)).toBeVisible();
});

test("at phone width the Feedback section fits and works from the keyboard", async ({ ownerTab: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const body = `The contact form button is hard to tap ${tag()}`;
  await comment(client.asClient, CARD, body, "/contact");

  await page.goto(`/crm/clients/${client.id}`);
  const card = commentCard(page, body);
  await expect(card).toBeVisible();
  await expect(card).toContainText("Page: /contact");
  // Nothing wider than the screen: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const reply = card.getByRole("button", { name: "Reply" });
  await reply.focus();
  await page.keyboard.press("Enter");
  const textarea = card.getByLabel("Reply to Vicky Moss");
  await expect(textarea).toBeFocused();
  await page.keyboard.type("We have made it bigger.");
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Send reply" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("list", { name: "Replies to Vicky Moss" })).toContainText("We have made it bigger.");
  // Focus goes back to where the keyboard user started.
  await expect(card.getByRole("button", { name: "Reply" })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("an approval moves the project to Launch on the open board, toasts, and is listed on the client", async ({ browser }) => {
  // A context of its own: what is checked arrives over the live socket, which is then this test's alone.
  const { context, page } = await signedIn(browser, staff.owner);
  // Visit the client first so its name is in the tab's cache, then open the board in the same tab.
  await live(page, `/crm/clients/${client.id}`);
  await expect(page.getByRole("heading", { name: client.name, level: 1 })).toBeVisible();
  await page.getByRole("navigation", { name: "CRM" }).getByRole("link", { name: "Projects" }).click();
  await expect(page.getByRole("region", { name: "Review column" })).toContainText(client.projectTitle);

  const preview = api(client.asClient).previews[":clientId"];
  const { release } = await expectStatus(preview.feedback.$get({ param: { clientId: CARD } }), 200);
  const approved = await preview.approvals.$post({
    param: { clientId: CARD },
    json: { release_id: release!.id, approver_name: "Vicky Moss", confirm: true },
  });
  expect(approved.status).toBe(201);

  await expect(page.getByRole("region", { name: "Launch column" })).toContainText(client.projectTitle);
  await expect(page.getByRole("region", { name: "Review column" })).not.toContainText(client.projectTitle);
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Preview approved" });
  await expect(toast).toContainText(`${client.name} approved their preview.`);
  await toast.getByRole("button", { name: "Open client" }).click();

  await expect(page).toHaveURL(new RegExp(`/crm/clients/${client.id}$`));
  const approvals = feedbackSection(page).getByRole("region", { name: "Approvals" });
  await expect(approvals).toContainText("Vicky Moss approved the current version on");
  await expect(approvals).toContainText(`Moved ${client.projectTitle} from Review to Launch`);
  await expect(approvals.getByRole("link", { name: "https://example.com/x" })).toHaveAttribute("href", "https://example.com/x");

  await context.close();
});
