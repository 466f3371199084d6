/**
 * Account security in Settings (docs/guide/security.md): revoking an invitation, the Owner's audit trail, what
 * Sales does not see, changing one's password and signing out everywhere. Password tests use a
 * colleague invited for the test, so the seeded demo accounts keep the passwords other specs use.
 */
import type { APIRequest, APIRequestContext, Browser, Page, WebSocketRoute } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { api, demo, latestMailTo, signIn, staff, tag } from "./support";
import { SESSION_COOKIE } from "../../contract/auth";

const INVITE_LINK = /https?:\/\/[^\s]+\/auth\/invite#token=[A-Za-z0-9_-]+/;

/** The e-mailed invitation link for `email` (the newest one sent to it). */
async function inviteLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMailTo(request, email);
  const link = INVITE_LINK.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/**
 * A new colleague (Sales), invited by the Owner through the API and accepted through the API in a
 * fresh browser context, which that acceptance signs in. Returns the context's page and the login.
 */
async function newColleague(browser: Browser, ownerRequest: APIRequestContext) {
  await signIn(ownerRequest, staff.owner);
  const login = { email: `colleague.${tag()}@redbrickstudio.co.uk`, password: `first-password-${tag()}`, name: "Sam Okafor" };
  expect((await api(ownerRequest).crm.users.invites.$post({ json: { email: login.email, role: "Sales" } })).status).toBe(201);
  const token = new URL(await inviteLink(ownerRequest, login.email)).hash.replace("#token=", "");
  const context = await browser.newContext();
  const accepted = await api(context.request).auth["accept-invite"].$post({
    json: { token, full_name: login.name, password: login.password },
  });
  expect(accepted.status).toBe(201);
  return { context, page: await context.newPage(), login };
}

/** The status of the API's answer to who `session` is: 200 while it is signed in, 401 once it has ended. */
const sessionStatus = async (session: APIRequestContext) => (await api(session).auth.me.$get()).status;

/**
 * A second session of the same person, on another device: a request context of its own (its own
 * cookie jar), signed in through the API. Here it is the session ending that counts; the sign-in
 * gate an ended session is shown is proven in tests/worker/http/crm-boot.test.ts and, in a browser,
 * by Sign out everywhere below.
 */
async function secondSession(requests: APIRequest, baseURL: string | undefined, login: { email: string; password: string; name: string }) {
  const other = await requests.newContext({ baseURL });
  await signIn(other, login);
  expect(await sessionStatus(other)).toBe(200);
  return other;
}

/** These tests send invitations and drive more than one session: more than the default 30 s on a shared 2-core machine. */
const SEVERAL_SESSIONS_MS = 60_000;

const expectSignInGate = (page: Page) => expect(page.getByLabel("CRM Access Password", { exact: true })).toBeVisible();

test("the Owner revokes an invitation, its link stops working, and the audit trail records it", async ({ ownerTab: page, browser }) => {
  test.setTimeout(SEVERAL_SESSIONS_MS);
  // Signed in again, so the Owner's sign-in is among the trail's newest events.
  await signIn(page.request, staff.owner);
  const email = `revoked.${tag()}@redbrickstudio.co.uk`;

  await page.goto("/crm/settings");
  await page.getByLabel("Invite by e-mail").fill(email);
  await page.getByRole("button", { name: "Send Invite" }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  const link = await inviteLink(page.request, email);

  // Within User Management: the "Invitation sent" toast names the address too.
  const invitation = page.getByRole("region", { name: "User Management" }).getByRole("listitem").filter({ hasText: email });
  await expect(invitation).toBeVisible();
  await invitation.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke invitation" });
  await expect(dialog).toContainText(`Revoke the invitation to ${email}?`);
  await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(page.getByText("Invitation revoked", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(invitation).toHaveCount(0);

  // The audit trail, newest first: the revocation, the invitation, and the Owner's sign-in.
  const audit = page.getByRole("region", { name: "Audit trail" });
  const rows = audit.getByRole("row");
  await expect(rows.filter({ hasText: `Revoked the invitation to ${email}` })).toContainText("Revoked an invitation");
  await expect(rows.filter({ hasText: `Revoked the invitation to ${email}` })).toContainText(staff.owner.name);
  await expect(rows.filter({ hasText: `Invited ${email} as Sales` })).toContainText("Invited a colleague");
  await expect(rows.filter({ hasText: "Signed in with e-mail and password" }).filter({ hasText: staff.owner.name }).first()).toContainText(
    "Signed in",
  );

  // The e-mailed link no longer creates an account.
  const visitor = await browser.newContext();
  const invitee = await visitor.newPage();
  await invitee.goto(link);
  // A page of its own, not the fixture's: wait for the prerendered form's scripts here.
  await hydrated(invitee);
  await invitee.getByLabel("Full name").fill("Too Late");
  await invitee.getByLabel("Password", { exact: true }).fill("a-long-new-password-2026");
  await invitee.getByRole("button", { name: "Create Account" }).click();
  await expect(invitee.getByText("Invitation Failed", { exact: true })).toBeVisible();
  await expect(invitee.getByText("This invitation link has expired or was already used")).toBeVisible();
  await expect(invitee).toHaveURL(/\/auth\/invite/);
  await visitor.close();
});

test("Sales has an account panel but neither Export nor the audit trail", async ({ salesTab: page }) => {
  await page.goto("/crm/settings");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Export Data" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export JSON" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Audit trail" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
});

test("the shared team account is told why it has no password form", async ({ page }) => {
  expect((await api(page.request).auth.team.$post({ json: { password: demo.DEMO_TEAM_PASSWORD } })).status).toBe(200);
  await page.goto("/crm/settings");
  const account = page.getByRole("region", { name: "Your account" });
  await expect(account).toContainText("This is the shared team account");
  await expect(account).toContainText("changed by the studio's owner from the command line");
  await expect(account.getByRole("heading", { name: "Change password" })).toHaveCount(0);
  await expect(account.getByLabel("Current password")).toHaveCount(0);
});

test("changing the password signs out the other session, keeps this one, and the new password signs in", async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(SEVERAL_SESSIONS_MS);
  const { context, page, login } = await newColleague(browser, request);
  const other = await secondSession(playwright.request, baseURL, login);

  await page.goto("/crm/settings");
  const account = page.getByRole("region", { name: "Your account" });
  const newPassword = `second-password-${tag()}`;
  await account.getByLabel("Current password").fill(login.password);
  await account.getByLabel("New password", { exact: true }).fill(newPassword);
  await account.getByLabel("Confirm new password").fill(`${newPassword}-typo`);
  await account.getByRole("button", { name: "Change password" }).click();
  await expect(account.getByText("Passwords do not match")).toBeVisible();

  await account.getByLabel("Confirm new password").fill(newPassword);
  await account.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been signed out everywhere else.")).toBeVisible();
  await expect(account.getByLabel("Current password")).toHaveValue("");
  await expect(account.getByLabel("New password", { exact: true })).toHaveValue("");

  // The other session has ended.
  expect(await sessionStatus(other)).toBe(401);

  // This tab got a fresh session and stays in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByLabel("CRM Access Password", { exact: true })).toHaveCount(0);

  // The new password signs in, elsewhere too.
  await signIn(other, { ...login, password: newPassword });
  expect(await sessionStatus(other)).toBe(200);

  await other.dispose();
  await context.close();
});

test("a read that meets the old session's end while the new password is on its way back does not sign this tab out", async ({
  browser,
  request,
}) => {
  test.setTimeout(SEVERAL_SESSIONS_MS);
  const { context, page, login } = await newColleague(browser, request);
  // This test plays the live hub, so it says when news arrives: a visitor's booked call, which the
  // tab reads about at once, as it would while another person's change is saving.
  let hub!: WebSocketRoute;
  await page.routeWebSocket(/\/api\/crm\/live/, (ws) => (hub = ws));
  // The server changes the password, ending the old session, and its answer is held on the way
  // back until that read has gone out. Playwright's route.fetch stores the answer's cookie in the
  // context at once, so until the answer is let through the tab is given its old cookie back, as a
  // browser still waiting for the answer would hold it.
  const sessionCookie = async () => (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let changed!: () => void;
  const passwordChanged = new Promise<void>((resolve) => (changed = resolve));
  await page.route("**/api/auth/password", async (route) => {
    const before = await sessionCookie();
    const response = await route.fetch();
    expect(response.status()).toBe(200);
    const after = await sessionCookie();
    expect(after.value).not.toBe(before.value);
    await context.addCookies([before]);
    changed();
    await held;
    await context.addCookies([after]);
    await route.fulfill({ response });
  });

  await page.goto("/crm/settings");
  const account = page.getByRole("region", { name: "Your account" });
  const newPassword = `third-password-${tag()}`;
  await account.getByLabel("Current password").fill(login.password);
  await account.getByLabel("New password", { exact: true }).fill(newPassword);
  await account.getByLabel("Confirm new password").fill(newPassword);
  await account.getByRole("button", { name: "Change password" }).click();
  await passwordChanged;

  const refused = page.waitForResponse((r) => r.url().includes("/api/crm/calls") && r.status() === 401);
  hub.send(JSON.stringify({ kind: "change", event: { entity: "calls", op: "create", id: "call-news", by: null } }));
  await refused;
  release();

  await expect(page.getByText("Password changed", { exact: true })).toBeVisible();
  await expect(account.getByLabel("Current password")).toHaveValue("");
  await expect(page.getByLabel("CRM Access Password", { exact: true })).toHaveCount(0);
  // Still signed in, with the session the answer brought.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await context.close();
});

test("the password form shows the server's field errors beside their fields and a 429 as a wait", async ({ browser, request }) => {
  test.setTimeout(SEVERAL_SESSIONS_MS);
  const { context, page } = await newColleague(browser, request);
  // Real wrong guesses would count against the sign-in limits every spec shares: answer as the worker does.
  const answers = [
    {
      status: 422,
      body: {
        error: { code: "validation", message: "Check the form", fields: { current_password: "Your current password is not right" } },
      },
    },
    { status: 429, headers: { "Retry-After": "120" }, body: { error: { code: "rate_limited", message: "Too many attempts" } } },
  ];
  await page.route("**/api/auth/password", (route) => {
    const answer = answers.shift()!;
    return route.fulfill({ status: answer.status, headers: answer.headers, json: answer.body });
  });

  await page.goto("/crm/settings");
  const account = page.getByRole("region", { name: "Your account" });
  await account.getByLabel("Current password").fill("not-my-password");
  await account.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await account.getByLabel("Confirm new password").fill("a-brand-new-password");
  await account.getByRole("button", { name: "Change password" }).click();
  await expect(account.getByLabel("Current password")).toHaveAccessibleDescription("Your current password is not right");

  await account.getByRole("button", { name: "Change password" }).click();
  await expect(account.getByRole("alert")).toHaveText("Too many attempts. Please wait 2 minutes before trying again.");
  await context.close();
});

test("Sign out everywhere ends this session and every other one", async ({ browser, request, playwright, baseURL }) => {
  test.setTimeout(SEVERAL_SESSIONS_MS);
  const { context, page, login } = await newColleague(browser, request);
  const other = await secondSession(playwright.request, baseURL, login);

  await page.goto("/crm/settings");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been logged out of the CRM system")).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);

  await page.goto("/crm");
  await expectSignInGate(page);
  expect(await sessionStatus(other)).toBe(401);

  await other.dispose();
  await context.close();
});

test("the audit trail pages with Load more and reads on a phone", async ({ ownerTab: page, request }) => {
  test.setTimeout(SEVERAL_SESSIONS_MS);
  // More than a page (100) of events: each API sign-in leaves one.
  for (let i = 0; i < 101; i++) await signIn(request, staff.owner);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/crm/settings");

  const audit = page.getByRole("region", { name: "Audit trail" });
  const events = audit.locator("tbody").getByRole("row");
  await expect(events).toHaveCount(100);
  // Among the newest: another test may have written to the shared trail since (two Playwright workers).
  await expect(events.filter({ hasText: "Signed in" }).filter({ hasText: staff.owner.name }).first()).toBeVisible();
  await audit.getByRole("button", { name: "Load more" }).click();
  await expect.poll(() => events.count()).toBeGreaterThan(100);

  // Nothing sideways: the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
