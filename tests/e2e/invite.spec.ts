/** Sign-up by invitation: an Owner invites, the colleague follows the e-mailed link and lands in the CRM. */
import { expect, test } from "./fixtures";
import { api, expectStatus, latestMailTo, signIn } from "./support";

test("an invited colleague sets a name and password from the e-mailed link and lands signed in on /crm", async ({ page, request }) => {
  // The Owner works through the API with their own cookie jar; the colleague uses the browser page.
  await signIn(request);

  const email = `new.starter.${Date.now()}@redbrickstudio.co.uk`;
  const invite = await api(request).crm.users.invites.$post({ json: { email, role: "Sales" } });
  expect(invite.status).toBe(201);

  const mail = await latestMailTo(request, email);
  expect(mail.subject).toContain("invited");
  const link = /https?:\/\/[^\s]+\/auth\/invite#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel(/full name/i).fill("Priya Kapoor");
  await page.getByLabel(/^password$/i).fill("a-long-new-password-2026");
  await page.getByRole("button", { name: /create account|join|accept|set password|continue/i }).click();

  await expect(page).toHaveURL(/\/crm$/);
  await expect(page.getByRole("heading", { name: "Sales Pipeline" })).toBeVisible();
  const { auth } = api(page.request);
  expect(await expectStatus(auth.me.$get(), 200)).toMatchObject({ user: { email, full_name: "Priya Kapoor", role: "Sales" } });

  // The link works once.
  const again = await auth["accept-invite"].$post({
    json: { token: new URL(link!).hash.replace("#token=", ""), full_name: "Someone Else", password: "another-password-2026" },
  });
  expect(again.status).toBe(404);
});
