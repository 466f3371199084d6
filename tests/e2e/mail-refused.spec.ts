/**
 * When Cloudflare won't send (docs/decisions/0024-mail-cloudflare-refuses.md). This spec runs its own server on its own port and
 * state, whose send_email binding, like an account with no sending domain onboarded, reaches only a
 * verified address (the studio's inbox): the binding itself refuses a client's or a colleague's
 * address. The link and the invitation are made all the same; the CRM says why, and offers Copy
 * link and a `mailto:` with the same message, addressed.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { writeConfigVariant } from "../../scripts/lib/local";
import { api, demo, expectStatus, useOwnServer, tag } from "./support";

const STUDIO_INBOX = "hello@redbrickstudio.co.uk";

async function signIn(request: APIRequestContext) {
  const res = await api(request, ORIGIN).auth.login.$post({ json: { email: demo.DEMO_OWNER_EMAIL, password: demo.DEMO_OWNER_PASSWORD } });
  expect(res.status).toBe(200);
}

/** Every message this server's binding accepted for `to`. */
async function mailsTo(request: APIRequestContext, to: string) {
  const res = await request.get(`${ORIGIN}/cdn-cgi/explorer/api/local/email/sending`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { result: { to: string[] }[] }).result.filter((m) => m.to.includes(to));
}

const refused = (to: string, instead: string) =>
  `Cloudflare wouldn't send to ${to}: this address isn't verified on your Cloudflare account, and no sending domain is set up there. ${instead}`;

test.describe.configure({ mode: "serial", timeout: 120_000 });

const ORIGIN = useOwnServer({
  name: "mail",
  offset: 2,
  portVariable: "E2E_MAIL_PORT",
  config: (stateDir) =>
    writeConfigVariant(stateDir, (c) => ({
      ...c,
      send_email: [{ name: "EMAIL", allowed_destination_addresses: [STUDIO_INBOX] }],
    })),
});

test("a proposal's link Cloudflare won't e-mail is made all the same, with why, Copy link and an addressed mailto", async ({
  page,
  browser,
}) => {
  await signIn(page.request);
  const t = tag();
  const to = `jo.${t}@example.com`;
  const { crm } = api(page.request, ORIGIN);
  const { lead } = await expectStatus(crm.leads.$post({ json: { name: `Jo Refused ${t}`, email: to } }), 201);
  const title = `Refused proposal ${t}`;
  await expectStatus(
    crm.proposals.$post({ json: { title, lead_id: lead.id, lines: [{ description: "Website", quantity: 1, unit_price: 3600 }] } }),
    201,
  );

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`${ORIGIN}/crm/proposals`);
  const card = page.getByTestId("proposal-card").filter({ hasText: title });
  await card.getByRole("button", { name: `Share ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${title}` });
  await expect(dialog.getByLabel("Send to")).toHaveValue(to);
  await dialog.getByRole("button", { name: "E-mail link" }).click();

  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("The e-mail wasn't sent");
  await expect(alert).toContainText(refused(to, "Copy the link and send it yourself."));
  await expect(page.getByText("Link created; the proposal is now Sent")).toBeVisible();
  const url = await dialog.getByLabel("Link to the proposal").inputValue();
  expect(url).toMatch(new RegExp(`^${ORIGIN}/p/[A-Za-z0-9_-]{43}$`));

  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // Open in e-mail: the message Cloudflare refused, addressed to the lead, for the studio's own mail.
  const mailto = (await dialog.getByRole("link", { name: "Open in e-mail" }).getAttribute("href"))!;
  expect(mailto.startsWith(`mailto:jo.${t}@example.com?`)).toBe(true);
  const fields = new URLSearchParams(mailto.slice(mailto.indexOf("?") + 1));
  expect(fields.get("subject")).toBe(`Proposal: ${title}`);
  expect(fields.get("body")).toContain(url);
  expect(fields.get("body")).toContain("Total: £3,600.00");

  // Nothing is lost: the proposal is Sent and its link opens; nothing was sent or claimed as sent.
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(card.getByText("Sent", { exact: true })).toBeVisible();
  await expect(card.getByText("E-mailed to")).toHaveCount(0);
  const client = await browser.newContext({ javaScriptEnabled: false });
  const clientPage = await client.newPage();
  expect((await clientPage.goto(url))?.status()).toBe(200);
  await expect(clientPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await client.close();
  expect(await mailsTo(page.request, to)).toEqual([]);
});

test("an invitation Cloudflare won't e-mail stands: the Owner sees why, and its link to copy or send, which works", async ({
  page,
  browser,
}) => {
  await signIn(page.request);
  const email = `new.colleague.${tag()}@example.com`;
  await page.goto(`${ORIGIN}/crm/settings`);
  await page.getByLabel("Invite by e-mail").fill(email);
  await page.getByRole("button", { name: "Send Invite" }).click();
  // Not at the studio's own domain: the Owner confirms the address first.
  await page.getByLabel(`Invite ${email} anyway`).check();
  await page.getByRole("button", { name: "Send Invite" }).click();

  const invitation = page.getByRole("group", { name: `Invitation for ${email}` });
  await expect(invitation.getByRole("alert")).toContainText(refused(email, "Copy the invitation link and send it yourself."));
  const link = await invitation.getByLabel(`Invitation link for ${email}`).inputValue();
  expect(link).toMatch(new RegExp(`^${ORIGIN}/auth/invite#token=[A-Za-z0-9_-]{43}$`));
  const mailto = (await invitation.getByRole("link", { name: "Open in e-mail" }).getAttribute("href"))!;
  const fields = new URLSearchParams(mailto.slice(mailto.indexOf("?") + 1));
  expect(mailto.startsWith("mailto:new.colleague.")).toBe(true);
  expect(fields.get("subject")).toBe("You're invited to the Redbrick Studio CRM");
  expect(fields.get("body")).toContain(link);
  // The invitation is open, listed with the others.
  await expect(page.getByRole("region", { name: "User Management" }).getByRole("listitem").filter({ hasText: email })).toBeVisible();
  expect(await mailsTo(page.request, email)).toEqual([]);

  // The colleague follows the link the Owner sent by hand.
  const visitor = await browser.newContext();
  const invitee = await visitor.newPage();
  await invitee.goto(link);
  await hydrated(invitee);
  await invitee.getByLabel(/full name/i).fill("Sam Okafor");
  await invitee.getByLabel(/^password$/i).fill("a-long-new-password-2026");
  await invitee.getByRole("button", { name: /create account|join|accept|set password|continue/i }).click();
  await expect(invitee).toHaveURL(new RegExp(`^${ORIGIN}/crm$`));
  expect(await expectStatus(api(invitee.request, ORIGIN).auth.me.$get(), 200)).toMatchObject({ user: { email, full_name: "Sam Okafor" } });
  await visitor.close();
});
