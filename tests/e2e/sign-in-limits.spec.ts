/**
 * Sign-in limits as a real browser meets them (docs/guide/security.md): a browser that signs in keeps
 * a device cookie for the account, sends it back and gets a new value at each sign-in, and its
 * own wrong passwords count against it alone and appear in the Owner's audit trail, summarised
 * per account per 15 minutes. Wrong passwords here come from a known browser on purpose: every
 * spec shares one address, whose limits for unknown browsers they must not use up.
 */
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, signIn, staff } from "./support";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function deviceCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith("__Host-rb_device_"));
}

test("signing in leaves a device cookie: HttpOnly, Secure, SameSite=Lax, for the whole site, a year, new at each sign-in", async ({
  page,
  context,
}) => {
  await signIn(page.request, staff.sales);
  const [first, ...others] = await deviceCookies(context);
  expect(others).toEqual([]);
  expect(first).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/", domain: "localhost" });
  expect(first.expires - Date.now() / 1000).toBeGreaterThan(YEAR_SECONDS - 60);
  expect(first.expires - Date.now() / 1000).toBeLessThanOrEqual(YEAR_SECONDS + 60);

  // Logging out ends the session but leaves the browser known; signing in again through the page
  // sends the cookie back and gets a new value.
  expect((await api(page.request).auth.logout.$post()).status).toBe(200);
  expect((await deviceCookies(context)).map((c) => c.value)).toEqual([first.value]);
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(staff.sales.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.sales.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/crm(\/.*)?$/);
  const [second] = await deviceCookies(context);
  expect(second.name).toBe(first.name);
  expect(second.value).not.toBe(first.value);
});

test("the Owner sees a known browser's wrong password in the audit trail as Failed sign-ins", async ({
  ownerTab: page,
  request: colleague,
}) => {
  // The colleague's browser is known: its device cookie, from signing in, comes with the wrong password.
  await signIn(colleague, staff.sales);
  const wrong = await colleague.post("/api/auth/login", { data: { email: staff.sales.email, password: "not-the-password" } });
  expect(wrong.status()).toBe(401);

  await page.goto("/crm/settings");
  const row = page
    .getByRole("region", { name: "Audit trail" })
    .getByRole("row")
    .filter({ hasText: "Failed sign-ins" })
    .filter({ hasText: staff.sales.name })
    .first();
  await expect(row).toContainText("Visitor");
  await expect(row).toContainText(/\d+ failed sign-ins? between \d\d:\d\d and \d\d:\d\d/);
});
