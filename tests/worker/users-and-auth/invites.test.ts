/**
 * Sign-up by invitation: an Owner invites, the real send_email binding sends the link, the
 * invitee sets a name and password and is signed in. Mail is read back from what the local
 * binding actually accepted (helpers.waitForMail, via the MAILBOX service).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_PBKDF2_ITERATIONS } from "../../../worker/platform/password";
import { sha256Hex } from "../../../worker/platform/ids";
import type { AcceptInviteInput, InviteInput } from "../../../contract/user";
import {
  apiClient,
  apiWithEnv,
  createUser,
  errorOf,
  expectJson,
  login,
  ORIGIN,
  rows,
  sessionCookieOf,
  signedIn,
  uniqueEmail,
  unchecked,
  visitorApi,
  waitForMail,
  type OkBody,
  type SentMail,
} from "../support/helpers";

const HOURS_48 = 48 * 3600_000;

const inviteAs = (cookie: string, json: InviteInput) => apiClient({ cookie }).crm.users.invites.$post({ json });
const invite = (cookie: string, email: string, role: InviteInput["role"] = "Sales") => inviteAs(cookie, { email, role });

function linkIn(mail: SentMail): { url: string; token: string } {
  const match = mail.text.match(/(\S+\/auth\/invite#token=([A-Za-z0-9_-]+))/);
  expect(match, mail.text).not.toBeNull();
  return { url: match![1], token: match![2] };
}

/** Invites `email` as an Owner and returns the token from the e-mail that was sent. */
async function invited(email: string, role: "Owner" | "Sales" = "Sales") {
  const owner = await signedIn("Owner");
  await expectJson(invite(owner.cookie, email, role), 201);
  const [mail] = await waitForMail(email);
  return { owner, mail, token: linkIn(mail).token };
}

const accept = (json: AcceptInviteInput) => visitorApi.auth["accept-invite"].$post({ json });

describe("POST /api/crm/users/invites", () => {
  it("lets an Owner invite: 201 without the token, and e-mails a one-time link", async () => {
    const owner = await signedIn("Owner");
    const email = uniqueEmail("invitee");
    const res = await invite(owner.cookie, email.toUpperCase(), "Sales");
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const body = JSON.parse(text) as OkBody<typeof res>;
    expect(body.invite).toMatchObject({ email, role: "Sales" });
    expect(body.email).toMatchObject({ sent: true, to: email });
    expect(body.link).toBeNull();
    expect(Object.keys(body.invite).sort()).toEqual(["email", "expires_at", "id", "role"]);
    const expiresIn = Date.parse(body.invite.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(HOURS_48 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(HOURS_48);

    const [mail] = await waitForMail(email);
    expect(mail.headers.from).toBe(env.MAIL_FROM);
    expect(mail.headers.subject).toBe(`You're invited to the ${env.STUDIO_NAME} CRM`);
    expect(mail.text).toContain(`${owner.user.full_name} has invited you to join the ${env.STUDIO_NAME} CRM as Sales.`);
    expect(mail.text).toContain("expires in 48 hours");
    const { url, token } = linkIn(mail);
    expect(url).toBe(`${ORIGIN}/auth/invite#token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // The response never carries the secret; the database keeps only its hash.
    expect(text).not.toContain(token);
    const [row] = await rows<{ token_hash: string; invited_by: string; email: string }>("SELECT * FROM invites");
    expect(row).toMatchObject({ token_hash: await sha256Hex(token), invited_by: owner.user.id, email });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("refuses a Sales user with 403 and sends nothing", async () => {
    const sales = await signedIn("Sales");
    const email = uniqueEmail("not-invited");
    const error = await errorOf(invite(sales.cookie, email), 403);
    expect(error.code).toBe("forbidden");
    expect(await rows("SELECT id FROM invites")).toHaveLength(0);
    // Give the binding the time it would need, then check nothing was sent.
    await new Promise((r) => setTimeout(r, 100));
    await waitForMail(email, 0, 0);
  });

  it("answers 409 for an e-mail that already has an account, whatever its case", async () => {
    const owner = await signedIn("Owner");
    const error = await errorOf(invite(owner.cookie, owner.user.email.toUpperCase()), 409);
    expect(error.code).toBe("conflict");
    expect(error.fields?.email).toBe("Someone with that email already has an account");
    expect(await rows("SELECT id FROM invites")).toHaveLength(0);
  });

  it("when Cloudflare won't e-mail the invitee, the invitation stands: 201 with the reason and its link to copy, which works", async () => {
    const owner = await signedIn("Owner");
    const email = uniqueEmail("unverified");
    // A real binding that, like an account with no sending domain, reaches only verified addresses.
    const res = apiWithEnv({ EMAIL: env.VERIFIED_ONLY_EMAIL }, { cookie: owner.cookie }).crm.users.invites.$post({
      json: { email, role: "Sales" },
    });
    const body = await expectJson(res, 201);
    expect(body.invite).toMatchObject({ email, role: "Sales" });
    expect(body.email).toEqual({
      sent: false,
      to: email,
      reason: `Cloudflare wouldn't send to ${email}: this address isn't verified on your Cloudflare account, and no sending domain is set up there. Copy the invitation link and send it yourself.`,
      subject: `You're invited to the ${env.STUDIO_NAME} CRM`,
      text: expect.stringContaining(`has invited you to join the ${env.STUDIO_NAME} CRM as Sales.`),
    });
    // The route types the link as absent when the mail went; here it must be there.
    const link = body.link ?? "";
    const token = /^http:\/\/localhost\/auth\/invite#token=([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
    expect(token, link).toBeTruthy();
    expect(body.email).toMatchObject({ text: expect.stringContaining(link) });
    // Nothing went, and the invitation is open, listed, and in the audit trail.
    await new Promise((r) => setTimeout(r, 150));
    await waitForMail(email, 0, 0);
    const [row] = await rows<{ token_hash: string; email: string }>("SELECT * FROM invites");
    expect(row).toMatchObject({ email, token_hash: await sha256Hex(token!) });
    const pending = await expectJson(apiClient({ cookie: owner.cookie }).crm.users.invites.$get(), 200);
    expect(pending.invites.map((i) => i.email)).toEqual([email]);
    const [audit] = await rows<{ detail: string }>("SELECT detail FROM audit_events WHERE action = 'invite'");
    expect(audit.detail).toBe(`Invited ${email} as Sales (Cloudflare wouldn't e-mail the link, so it was shown to copy)`);
    // The link the Owner sends by hand makes the account.
    const accepted = await expectJson(accept({ token: token!, full_name: "Priya Shah", password: "a long new password" }), 201);
    expect(accepted.user.email).toBe(email);
  });

  it("an address outside the studio's own domains needs the Owner's tick: 422 on confirm_recipient, nothing made; ticked, invited and audited", async () => {
    const owner = await signedIn("Owner");
    // A former colleague's domain is not the studio's any more.
    await createUser({ email: "gone@former.test", disabled: true });
    const domains = "example.com, redbrickstudio.co.uk";
    for (const email of ["priya@gmial.test", "sam@former.test"]) {
      const error = await errorOf(invite(owner.cookie, email), 422);
      expect(error).toMatchObject({
        code: "validation_failed",
        message: `${email} is not at the studio's own domains (${domains}).`,
        fields: { confirm_recipient: `${email} is not at the studio's own domains (${domains}).` },
      });
    }
    expect(await rows("SELECT id FROM invites")).toHaveLength(0);
    expect(await rows("SELECT id FROM rate_limit_events WHERE bucket = 'staff-sends'")).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 100));
    await waitForMail("priya@gmial.test", 0, 0);

    const ticked = await inviteAs(owner.cookie, { email: "priya@gmial.test", role: "Sales", confirm_recipient: true });
    expect(ticked.status, await ticked.clone().text()).toBe(201);
    await waitForMail("priya@gmial.test");
    // The studio's inbox domain and a colleague's need no tick.
    await expectJson(invite(owner.cookie, "sam@redbrickstudio.co.uk"), 201);
    await expectJson(invite(owner.cookie, uniqueEmail("colleague")), 201);
    const details = await rows<{ detail: string }>("SELECT detail FROM audit_events WHERE action = 'invite' ORDER BY created_at");
    expect(details[0].detail).toBe("Invited priya@gmial.test as Sales (not at the studio's own domains; confirmed)");
    expect(details[1].detail).toBe("Invited sam@redbrickstudio.co.uk as Sales");
  });

  it("validates the body with per-field messages", async () => {
    const owner = await signedIn("Owner");
    const error = await errorOf(inviteAs(owner.cookie, { email: "nope", role: unchecked("Boss") }), 422);
    expect(error.fields).toMatchObject({ email: "Please enter a valid email address", role: "Choose Owner or Sales" });
  });
});

describe("POST /api/auth/accept-invite", () => {
  it("creates the account with the invited role and signs it in", async () => {
    const email = uniqueEmail("new-owner");
    const { token } = await invited(email, "Owner");
    const res = await accept({ token, full_name: "  Priya Shah ", password: "a long new password" });
    const body = await expectJson(res, 201);
    expect(body.user).toMatchObject({ email, full_name: "Priya Shah", role: "Owner" });
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBeNull();
    expect(await expectJson(apiClient({ cookie: cookie! }).auth.me.$get(), 200)).toEqual({ user: body.user });

    const [user] = await rows<{ role: string; iterations: number; password_hash: string }>("SELECT * FROM users WHERE email = ?", email);
    expect(user.role).toBe("Owner");
    expect(user.iterations).toBeLessThanOrEqual(MAX_PBKDF2_ITERATIONS);
    expect(user.password_hash).not.toContain("a long new password");
    const [inv] = await rows<{ accepted_at: string | null; user_id: string }>("SELECT * FROM invites");
    expect(inv.accepted_at).not.toBeNull();
    expect(inv.user_id).toBe(body.user.id);
    // The new password works on the sign-in page.
    expect((await login(email, "a long new password")).status).toBe(200);
  });

  it("gives an invited Sales user a Sales account", async () => {
    const email = uniqueEmail("new-sales");
    const { token } = await invited(email, "Sales");
    const body = await expectJson(accept({ token, full_name: "Tom Baxter", password: "a long new password" }), 201);
    expect(body.user.role).toBe("Sales");
  });

  it("refuses a link that was already used", async () => {
    const { token } = await invited(uniqueEmail("twice"));
    expect((await accept({ token, full_name: "First Person", password: "a long new password" })).status).toBe(201);
    const res = await accept({ token, full_name: "Second Person", password: "another long password" });
    expect([404, 409]).toContain(res.status);
    expect(sessionCookieOf(res)).toBeNull();
    expect(await rows("SELECT id FROM users WHERE full_name = 'Second Person'")).toHaveLength(0);
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("late");
    const { token } = await invited(email);
    await env.DB.prepare("UPDATE invites SET expires_at = ?")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    const res = await accept({ token, full_name: "Late Person", password: "a long new password" });
    const error = await errorOf(res, 404);
    expect(error.message).toBe("This invitation link has expired or was already used");
    expect(sessionCookieOf(res)).toBeNull();
    expect(await rows("SELECT id FROM users WHERE email = ?", email)).toHaveLength(0);
  });

  it("refuses a token that was never issued", async () => {
    await invited(uniqueEmail("real"));
    expect(await errorOf(accept({ token: "x".repeat(43), full_name: "Mallory", password: "a long new password" }), 404)).toMatchObject({
      code: "not_found",
    });
    expect(await rows("SELECT id FROM users WHERE full_name = 'Mallory'")).toHaveLength(0);
  });

  it("answers 409 when the address got an account since the invitation was sent", async () => {
    const email = uniqueEmail("raced");
    const first = await invited(email);
    const owner2 = first.owner;
    // A second invitation to the same address, accepted first.
    await expectJson(invite(owner2.cookie, email), 201);
    const [, second] = await waitForMail(email, 2);
    expect((await accept({ token: linkIn(second).token, full_name: "Raced Person", password: "a long new password" })).status).toBe(201);
    const error = await errorOf(accept({ token: first.token, full_name: "Raced Person", password: "a long new password" }), 409);
    expect(error.code).toBe("conflict");
    expect(await rows("SELECT id FROM users WHERE email = ?", email)).toHaveLength(1);
  });

  it("rejects an invalid body with 422 and per-field messages", async () => {
    const error = await errorOf(accept({ token: "short", full_name: "A", password: "short" }), 422);
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual({
      token: "This invitation link is not valid",
      full_name: "Name must be at least 2 characters",
      password: "Password must be at least 12 characters",
    });
  });
});
