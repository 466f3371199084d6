/**
 * docs/decisions/0009-preview-feedback.md, the client's side: on their unlocked preview a client leaves feedback beside the
 * site (a sheet over it on a phone), sees the studio's replies arrive without a reload, and
 * approves the version on screen, which moves their project in Review to Launch. A version
 * published while they approve is refused with the newer-version message and shown instead.
 *
 * Each test makes its own client through the API as the Owner and links it to the
 * chorlton-bakehouse card (no other spec uses it), unlinking it again afterwards. The preview
 * URLs are example.com pages this spec serves itself: the machine has no internet.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { APPROVAL_CHECKBOX_LABEL, APPROVED_TOAST, COMMENT_SENT_TOAST, STALE_RELEASE_MESSAGE } from "../../contract/preview-feedback";
import { expect, test } from "./fixtures";
import { api, expectStatus, signIn, tag } from "./support";

const CARD = "chorlton-bakehouse";
const siteUrl = (version: string) => `https://example.com/chorlton-bakehouse/${version}`;

interface Setup {
  clientId: string;
  projectId: string;
  code: string;
}

let staff: APIRequestContext;
let linked: string | undefined;
/** The CRM API as the Owner, through `staff`'s cookie jar. */
const crm = () => api(staff).crm;

test.beforeEach(async ({ playwright, baseURL }) => {
  staff = await playwright.request.newContext({ baseURL });
  await signIn(staff);
});

test.afterEach(async () => {
  // The card can belong to one client at a time: free it for the next test.
  if (linked) await expectStatus(crm().clients[":id"].preview.$delete({ param: { id: linked } }), 200);
  linked = undefined;
  await staff.dispose();
});

/** A client with the card at `version`, a fresh access code and a project in Review. */
async function setUp(version = "v1"): Promise<Setup> {
  const clientId = (await expectStatus(crm().clients.$post({ json: { name: `Stockport Bike Works ${tag()}` } }), 201)).client.id;
  await publish(clientId, version);
  linked = clientId;
  const { code } = await expectStatus(crm().clients[":id"].preview.code.$post({ param: { id: clientId } }), 201);
  const { project } = await expectStatus(
    crm().projects.$post({ json: { title: `Bike shop site ${tag()}`, client_id: clientId, stage: "Review" } }),
    201,
  );
  return { clientId, code, projectId: project.id };
}

/** The studio sets the preview's URL: a new URL is a new version for the client. */
async function publish(clientId: string, version: string) {
  await expectStatus(
    crm().clients[":id"].preview.$put({ param: { id: clientId }, json: { preview_id: CARD, previewUrl: siteUrl(version) } }),
    200,
  );
}

/** Serves the example.com previews so the frame shows which version it is on. */
async function serveSites(page: Page) {
  await page.route("https://example.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Bike shop</title><h1>Site ${new URL(route.request().url()).pathname.split("/").pop()}</h1>`,
    }),
  );
}

async function unlock(page: Page, code: string) {
  await serveSites(page);
  await page.goto(`/clients/${CARD}`);
  await page.getByLabel("Access Code").fill(code);
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Site v1" })).toBeVisible();
}

const panel = (page: Page) => page.getByRole("complementary", { name: "Feedback" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("a client leaves feedback beside the preview, and the studio's reply arrives without a reload", async ({ page }) => {
  const { code, clientId } = await setUp();
  await unlock(page, code);
  const frame = page.locator("iframe");
  const fullWidth = (await frame.boundingBox())!.width;

  const leave = page.getByRole("button", { name: "Leave feedback" });
  await leave.click();
  const aside = panel(page);
  await expect(aside.getByRole("heading", { name: "Feedback" })).toBeVisible();
  // Beside the site, not over it: the frame narrows and the two do not overlap.
  const frameBox = (await frame.boundingBox())!;
  const asideBox = (await aside.boundingBox())!;
  expect(frameBox.width).toBeLessThan(fullWidth - 300);
  expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(asideBox.x + 1);
  await expect(aside.getByLabel("Comment", { exact: true })).toBeFocused();

  // Too short: the contract's message, beside its field.
  await aside.getByLabel("Comment", { exact: true }).fill("x");
  await aside.getByLabel("Your name").fill("Dave Hughes");
  await aside.getByRole("button", { name: "Send feedback" }).click();
  await expect(aside.getByLabel("Comment", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(aside.getByLabel("Comment", { exact: true })).toHaveAccessibleDescription("Your comment must be at least 2 characters");

  await aside.getByLabel("Comment", { exact: true }).fill("Please make the opening hours bigger.\nAnd add <b>Sunday</b>.");
  await aside.getByLabel("Page").fill("/contact");
  await aside.getByRole("button", { name: "Send feedback" }).click();
  const first = aside.getByRole("listitem").filter({ hasText: "Please make the opening hours bigger." });
  await expect(first).toBeVisible();
  await expect(toast(page, COMMENT_SENT_TOAST)).toBeVisible();
  await expect(aside.getByLabel("Comment", { exact: true })).toHaveValue("");
  await expect(aside.getByLabel("Your name")).toHaveValue("Dave Hughes");
  // Text stays text, line breaks and all.
  await expect(first.getByText("And add <b>Sunday</b>.", { exact: false })).toBeVisible();
  await expect(first).toContainText("Dave Hughes");
  await expect(first).toContainText("Open");
  await expect(first).toContainText("/contact");
  await expect(first.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

  // It was stored: a reload shows it, and the name is remembered on this device.
  await page.reload();
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Site v1" })).toBeVisible();
  await page.getByRole("button", { name: "Leave feedback" }).click();
  await expect(panel(page).getByText("Please make the opening hours bigger.")).toBeVisible();
  await expect(panel(page).getByLabel("Your name")).toHaveValue("Dave Hughes");
  await panel(page).getByLabel("Comment", { exact: true }).fill("The logo looks blurry on the About page.");
  await panel(page).getByRole("button", { name: "Send feedback" }).click();
  await expect(panel(page).getByRole("listitem").first()).toContainText("The logo looks blurry on the About page.");
  await expect(toast(page, COMMENT_SENT_TOAST).first()).toBeVisible();

  // The studio replies from the CRM while the panel is open: it appears within a poll or two.
  const { comments } = await expectStatus(crm().clients[":id"].feedback.$get({ param: { id: clientId } }), 200);
  const blurry = comments.find((c) => c.body.startsWith("The logo"))!;
  await expectStatus(
    crm()["preview-comments"][":id"].replies.$post({ param: { id: blurry.id }, json: { body: "Fixed, thanks!\nHave a look." } }),
    201,
  );
  const reply = panel(page).getByRole("list", { name: "Replies from the studio" });
  await expect(reply).toContainText("Hannah Whitaker", { timeout: 12_000 });
  await expect(reply).toContainText("Fixed, thanks!");

  // Escape closes the panel and gives the focus back to its button; the frame is full width again.
  await page.keyboard.press("Escape");
  await expect(panel(page)).toHaveCount(0);
  await expect(leave).toBeFocused();
  expect((await frame.boundingBox())!.width).toBeGreaterThan(fullWidth - 2);

  // A reply while the panel is closed marks the button.
  const older = comments.find((c) => c.body.startsWith("Please make"))!;
  await expectStatus(crm()["preview-comments"][":id"].replies.$post({ param: { id: older.id }, json: { body: "Bigger now." } }), 201);
  await expect(page.getByRole("button", { name: "Leave feedback (new reply)" })).toBeVisible({ timeout: 12_000 });
  await page.getByRole("button", { name: "Leave feedback" }).click();
  await expect(panel(page).getByText("Bigger now.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave feedback", exact: true })).toBeVisible();
});

test("a comment that cannot be sent is taken off the list and its text is kept", async ({ page }) => {
  const { code } = await setUp();
  await unlock(page, code);
  await page.getByRole("button", { name: "Leave feedback" }).click();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/previews/*/comments", async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: { code: "internal", message: "Something went wrong. Please try again." } } });
  });
  await panel(page).getByLabel("Comment", { exact: true }).fill("Can the footer be darker?");
  await panel(page).getByLabel("Your name").fill("Dave Hughes");
  await panel(page).getByRole("button", { name: "Send feedback" }).click();
  // Shown at once, while the studio's server is still answering.
  await expect(panel(page).getByRole("listitem").filter({ hasText: "Can the footer be darker?" })).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(panel(page).getByRole("alert")).toHaveText("Your feedback could not be sent. Please try again.");
  await expect(panel(page).getByRole("listitem").filter({ hasText: "Can the footer be darker?" })).toHaveCount(0);
  await expect(panel(page).getByLabel("Comment", { exact: true })).toHaveValue("Can the footer be darker?");
});

test("a client approves the version on screen and their project moves to Launch", async ({ page }) => {
  const { code, projectId } = await setUp();
  await unlock(page, code);
  await page.getByRole("button", { name: "Approve this version" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this version" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(siteUrl("v1"));
  await expect(dialog.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

  // Both the name and the tick are needed.
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(dialog.getByLabel("Your full name")).toHaveAccessibleDescription("Please type your full name");
  await expect(dialog.getByLabel(APPROVAL_CHECKBOX_LABEL)).toHaveAccessibleDescription("Please tick the box to approve this version");
  await dialog.getByLabel("Your full name").fill("Dave Hughes");
  await dialog.getByLabel(APPROVAL_CHECKBOX_LABEL).check();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();

  await expect(toast(page, APPROVED_TOAST)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^Approved by Dave Hughes on \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve this version" })).toHaveCount(0);
  const { project } = await expectStatus(crm().projects[":id"].$get({ param: { id: projectId } }), 200);
  expect(project.stage).toBe("Launch");

  // Still approved after a reload, until the studio publishes a new version.
  await page.reload();
  await expect(page.getByText(/^Approved by Dave Hughes on /)).toBeVisible();
});

test("an approval of a version the studio has since replaced is refused, and the new version is shown", async ({ page }) => {
  const { code, clientId, projectId } = await setUp();
  await unlock(page, code);
  await page.getByRole("button", { name: "Approve this version" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this version" });
  await expect(dialog).toContainText(siteUrl("v1"));
  await publish(clientId, "v2");
  await dialog.getByLabel("Your full name").fill("Dave Hughes");
  await dialog.getByLabel(APPROVAL_CHECKBOX_LABEL).check();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();

  await expect(toast(page, STALE_RELEASE_MESSAGE)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("iframe")).toHaveAttribute("src", siteUrl("v2"));
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Site v2" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve this version" })).toBeVisible();
  const { project } = await expectStatus(crm().projects[":id"].$get({ param: { id: projectId } }), 200);
  expect(project.stage).toBe("Review");
});

test("a new version published while the page is open replaces the one on screen, and marks older comments", async ({ page }) => {
  const { code, clientId } = await setUp();
  await unlock(page, code);
  await page.getByRole("button", { name: "Leave feedback" }).click();
  await panel(page).getByLabel("Comment", { exact: true }).fill("Swap the hero photo, please.");
  await panel(page).getByLabel("Your name").fill("Dave Hughes");
  await panel(page).getByRole("button", { name: "Send feedback" }).click();
  await expect(toast(page, COMMENT_SENT_TOAST)).toBeVisible();
  await publish(clientId, "v2");
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Site v2" })).toBeVisible({ timeout: 12_000 });
  await expect(panel(page).getByRole("listitem").filter({ hasText: "Swap the hero photo" })).toContainText(
    / · on the version of \d{1,2} [A-Z][a-z]{2}Swap/,
  );
});

test("a code rotated while the preview is open takes the client back to the locked view", async ({ page }) => {
  const { code, clientId } = await setUp();
  await unlock(page, code);
  await expectStatus(crm().clients[":id"].preview.code.$post({ param: { id: clientId } }), 201);
  await expect(page.getByRole("heading", { name: "Client Preview" })).toBeVisible({ timeout: 12_000 });
  await expect(page.getByLabel("Access Code")).toHaveAccessibleDescription(
    "Your access to this preview has changed or ended. Please enter your access code again.",
  );
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("a site that does not load in the frame: the page says so and offers it in a new tab", async ({ page }) => {
  const { code } = await setUp();
  // The client's site never answers (down, or hanging rather than being framed).
  await page.route("https://example.com/**", () => undefined);
  await page.goto(`/clients/${CARD}`);
  await page.getByLabel("Access Code").fill(code);
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading your preview…" })).toBeVisible();
  const alert = page.getByRole("alert").filter({ hasText: "Your preview has not loaded here" });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert.getByRole("link", { name: "Open in new tab" })).toHaveAttribute("href", siteUrl("v1"));
  await alert.getByRole("button", { name: "Keep waiting" }).click();
  await expect(alert).toHaveCount(0);
});

test("the approval dialog offers the name the client gave with their feedback", async ({ page }) => {
  const { code } = await setUp();
  await unlock(page, code);
  await page.getByRole("button", { name: "Leave feedback" }).click();
  const aside = panel(page);
  await aside.getByLabel("Comment", { exact: true }).fill("Lovely, ship it.");
  await aside.getByLabel("Your name").fill("Dave Hughes");
  await aside.getByRole("button", { name: "Send feedback" }).click();
  await expect(toast(page, COMMENT_SENT_TOAST)).toBeVisible();
  await page.getByRole("button", { name: "Approve this version" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this version" });
  await expect(dialog.getByLabel("Your full name")).toHaveValue("Dave Hughes");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the preview's top bar takes one line, every control in it", async ({ page }) => {
    const { code } = await setUp();
    await unlock(page, code);
    const title = page.getByRole("heading", { level: 1 });
    const controls = [
      page.getByRole("button", { name: "Leave feedback" }),
      page.getByRole("button", { name: "Approve this version" }),
      page.getByRole("link", { name: "Open in new tab" }),
    ];
    const middle = async (l: typeof title) => {
      const b = (await l.boundingBox())!;
      return b.y + b.height / 2;
    };
    const line = await middle(title);
    for (const control of controls) {
      await expect(control).toBeInViewport({ ratio: 1 });
      expect(Math.abs((await middle(control)) - line)).toBeLessThan(6);
    }
  });

  test("feedback opens as a sheet over the preview and closes again", async ({ page }) => {
    const { code } = await setUp();
    await unlock(page, code);
    const leave = page.getByRole("button", { name: "Leave feedback" });
    await leave.click();
    const sheet = page.getByRole("dialog", { name: "Feedback" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByLabel("Comment", { exact: true })).toBeFocused();
    // Over the preview: it covers the frame's width, and the frame and top bar cannot be reached.
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(389);
    await expect(page.locator("iframe")).toHaveAttribute("inert", "");
    await sheet.getByLabel("Comment", { exact: true }).fill("The menu is hard to tap.");
    await sheet.getByLabel("Your name").fill("Dave Hughes");
    await sheet.getByRole("button", { name: "Send feedback" }).click();
    await expect(toast(page, COMMENT_SENT_TOAST)).toBeVisible();
    await expect(sheet.getByRole("listitem").filter({ hasText: "The menu is hard to tap." })).toBeVisible();

    await sheet.getByRole("button", { name: "Close feedback" }).click();
    await expect(page.getByRole("dialog", { name: "Feedback" })).toHaveCount(0);
    await expect(leave).toBeFocused();
    await expect(page.locator("iframe")).not.toHaveAttribute("inert");

    await leave.click();
    await expect(page.getByRole("dialog", { name: "Feedback" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Feedback" })).toHaveCount(0);
    await expect(leave).toBeFocused();
  });
});
