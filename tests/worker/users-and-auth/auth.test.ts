/** Staff sign-in, the session cookie and token checks, renewal, sign-out and the Team gate. */
import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { SESSION_TTL_SECONDS } from "../../../worker/modules/users-and-auth";
import { SESSION_COOKIE } from "../../../contract/auth";
import {
  apiClient,
  cookieFor,
  createUser,
  errorOf,
  expectJson,
  forgeToken,
  login,
  PASSWORD,
  rows,
  sessionCookieOf,
  signIn,
  tokenOf,
  TEST_SESSION_SECRET,
  visitorApi,
} from "../support/helpers";

const me = (cookie?: string) => apiClient({ cookie }).auth.me.$get();
/** Any CRM read: whether this cookie gets in. */
const leads = (cookie: string) => apiClient({ cookie }).crm.leads.$get({ query: {} });
const logout = (cookie?: string) => apiClient({ cookie }).auth.logout.$post();
const teamGate = (password: string) => visitorApi.auth.team.$post({ json: { password } });

describe("POST /api/auth/login", () => {
  it("signs in with the right password: the user's public fields and a session cookie", async () => {
    const user = await createUser({ role: "Sales", full_name: "Marcus Reid" });
    const res = await login(user.email, PASSWORD);
    const body = await expectJson(res, 200);
    expect(body).toEqual({ user: { id: user.id, email: user.email, full_name: "Marcus Reid", role: "Sales" } });
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBeNull();
    expect(decodeJwt(tokenOf(cookie!)).sub).toBe(user.id);
  });

  it("sets the cookie HttpOnly, Secure, SameSite=Lax, Path=/ for 12 hours", async () => {
    const user = await createUser();
    const res = await login(user.email, PASSWORD);
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const attrs = setCookie
      .split(";")
      .slice(1)
      .map((a) => a.trim());
    expect(attrs).toContain("HttpOnly");
    expect(attrs).toContain("Secure");
    expect(attrs).toContain("SameSite=Lax");
    expect(attrs).toContain("Path=/");
    expect(attrs).toContain("Max-Age=43200");
    expect(SESSION_TTL_SECONDS).toBe(43200);
    expect(attrs.some((a) => /^Domain=/i.test(a))).toBe(false);
    const { iat, exp } = decodeJwt(tokenOf(sessionCookieOf(res)!));
    expect(exp! - iat!).toBe(43200);
  });

  it.each([
    ["a wrong password", "wrong password entirely"],
    ["an empty-looking but wrong password", " "],
  ])("refuses %s with 401 and the spec's message, and sets no cookie", async (_label, password) => {
    const user = await createUser();
    const res = await login(user.email, password);
    const error = await errorOf(res, 401);
    expect(error).toMatchObject({ code: "unauthenticated", message: "Invalid email or password" });
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const res = await login("nobody@example.com", PASSWORD);
    expect(await errorOf(res, 401)).toMatchObject({ code: "unauthenticated", message: "Invalid email or password" });
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("treats the e-mail case-insensitively and ignores surrounding spaces", async () => {
    const user = await createUser({ email: "ann.lee@example.com" });
    const body = await expectJson(login("  Ann.Lee@EXAMPLE.com ", PASSWORD), 200);
    expect(body.user.id).toBe(user.id);
  });

  it("refuses a disabled account even with the right password", async () => {
    const user = await createUser({ disabled: true });
    const res = await login(user.email, PASSWORD);
    expect(await errorOf(res, 401)).toMatchObject({ code: "unauthenticated", message: "Invalid email or password" });
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("refuses the shared Team account: it signs in only through the CRM gate", async () => {
    const team = await createUser({ email: "team@example.com", is_team: true, role: "Sales" });
    const res = await login(team.email, PASSWORD);
    expect(await errorOf(res, 401)).toMatchObject({ message: "Invalid email or password" });
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("rejects an invalid body with 422 and per-field messages before checking anything", async () => {
    const error = await errorOf(login("not-an-email", ""), 422);
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toMatchObject({ email: "Please enter a valid email address", password: "Password is required" });
  });
});

describe("GET /api/auth/me and the session token", () => {
  it("runs with the test SESSION_SECRET of vitest.config.ts", () => {
    expect(env.SESSION_SECRET).toBe(TEST_SESSION_SECRET);
  });

  it("answers the signed-in user for a valid cookie, and 401 without one", async () => {
    const user = await createUser({ role: "Sales" });
    const cookie = await signIn(user);
    expect(await expectJson(me(cookie), 200)).toEqual({
      user: { id: user.id, email: user.email, full_name: user.full_name, role: "Sales" },
    });
    expect(await errorOf(me(), 401)).toMatchObject({ code: "unauthenticated" });
  });

  it("refuses a token whose signature was altered", async () => {
    const cookie = await signIn(await createUser());
    const [h, p, s] = tokenOf(cookie).split(".");
    // Change a middle character: the last one of a base64url signature partly encodes padding.
    const i = Math.floor(s.length / 2);
    const flipped = s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    expect(await errorOf(me(cookieFor(`${h}.${p}.${flipped}`)), 401)).toMatchObject({ code: "unauthenticated" });
  });

  it("refuses a token whose payload was altered (another user's id, same signature)", async () => {
    const victim = await createUser({ role: "Owner" });
    const cookie = await signIn(await createUser({ role: "Sales" }));
    const [h, p, s] = tokenOf(cookie).split(".");
    const claims = JSON.parse(atob(p.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = btoa(JSON.stringify({ ...claims, sub: victim.id }))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(forged).not.toBe(p);
    expect(await errorOf(me(cookieFor(`${h}.${forged}.${s}`)), 401)).toMatchObject({ code: "unauthenticated" });
    // And a single flipped character in the payload.
    const i = Math.floor(p.length / 2);
    const flipped = p.slice(0, i) + (p[i] === "A" ? "B" : "A") + p.slice(i + 1);
    expect((await me(cookieFor(`${h}.${flipped}.${s}`))).status).toBe(401);
  });

  it("refuses a token signed with another secret", async () => {
    const user = await createUser();
    const token = await forgeToken({ sub: user.id }, "another-secret-that-is-long-enough-0123456789");
    expect(await errorOf(me(cookieFor(token)), 401)).toMatchObject({ code: "unauthenticated" });
    // The same claims signed with the test secret are accepted: the secret is what differs.
    expect((await me(cookieFor(await forgeToken({ sub: user.id })))).status).toBe(200);
  });

  it("refuses an expired token", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const token = await forgeToken({ sub: user.id, iat: now - 13 * 3600, exp: now - 3600 });
    expect(await errorOf(me(cookieFor(token)), 401)).toMatchObject({ code: "unauthenticated" });
  });

  it("refuses an unsigned (alg none) token and one from another issuer", async () => {
    const user = await createUser();
    const b64u = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.id, jti: crypto.randomUUID(), iss: "redbrick-crm", iat: now, exp: now + 3600 };
    const unsigned = `${b64u({ alg: "none", typ: "JWT" })}.${b64u(claims)}.`;
    expect((await me(cookieFor(unsigned))).status).toBe(401);
    expect((await me(cookieFor(await forgeToken({ sub: user.id, iss: "someone-else" })))).status).toBe(401);
  });

  it("refuses garbage in the cookie", async () => {
    expect(await errorOf(me(cookieFor("not-a-jwt")), 401)).toMatchObject({ code: "unauthenticated" });
    expect((await me(cookieFor(""))).status).toBe(401);
  });

  it("refuses the token of a deleted user", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    expect(await errorOf(me(cookie), 401)).toMatchObject({ code: "unauthenticated" });
  });

  it("refuses the token of a user disabled after signing in", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    expect((await me(cookie)).status).toBe(200);
    await env.DB.prepare("UPDATE users SET disabled = 1 WHERE id = ?").bind(user.id).run();
    expect(await errorOf(me(cookie), 401)).toMatchObject({ code: "unauthenticated" });
    expect((await leads(cookie)).status).toBe(401);
  });
});

describe("session renewal", () => {
  it("replaces a token older than 15 minutes with a fresh one of the same session", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const jti = crypto.randomUUID();
    const old = await forgeToken({ sub: user.id, jti, iat: now - 16 * 60, exp: now - 16 * 60 + 43200 });
    const res = await me(cookieFor(old));
    expect(res.status).toBe(200);
    const renewed = sessionCookieOf(res);
    expect(renewed).not.toBeNull();
    const claims = decodeJwt(tokenOf(renewed!));
    expect(claims.sub).toBe(user.id);
    expect(claims.jti).toBe(jti);
    expect(claims.iat!).toBeGreaterThanOrEqual(now - 5);
    expect(claims.exp! - claims.iat!).toBe(43200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Max-Age=43200/);
    // The fresh token works on its own.
    expect((await me(renewed!)).status).toBe(200);
  });

  it("renews on CRM requests too", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const old = await forgeToken({ sub: user.id, iat: now - 20 * 60, exp: now + 11 * 3600 });
    const res = await leads(cookieFor(old));
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).not.toBeNull();
  });

  it("leaves a token younger than 15 minutes alone", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const recent = await forgeToken({ sub: user.id, iat: now - 10 * 60, exp: now - 10 * 60 + 43200 });
    const res = await me(cookieFor(recent));
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the session: the same cookie no longer opens /me or the CRM", async () => {
    const cookie = await signIn(await createUser());
    expect((await leads(cookie)).status).toBe(200);
    const res = await logout(cookie);
    expect(await expectJson(res, 200)).toEqual({ ok: true });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await errorOf(me(cookie), 401)).toMatchObject({ code: "unauthenticated" });
    expect(await errorOf(leads(cookie), 401)).toMatchObject({ code: "unauthenticated" });
    expect(await rows("SELECT jti FROM revoked_sessions")).toHaveLength(1);
  });

  it("also revokes renewed copies of the same session", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const old = cookieFor(await forgeToken({ sub: user.id, iat: now - 30 * 60, exp: now + 11 * 3600 }));
    const renewed = sessionCookieOf(await me(old));
    expect(renewed).not.toBeNull();
    expect((await logout(old)).status).toBe(200);
    expect((await me(renewed!)).status).toBe(401);
  });

  it("leaves other sessions of the same user signed in", async () => {
    const user = await createUser();
    const first = await signIn(user);
    const second = await signIn(user);
    await logout(first);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });

  it("answers 200 without a session", async () => {
    expect(await expectJson(logout(), 200)).toEqual({ ok: true });
  });
});

describe("POST /api/auth/team (the CRM gate)", () => {
  const TEAM_PASSWORD = "studio team gate password";

  it("signs in the shared Team account with the CRM Access Password", async () => {
    const team = await createUser({
      email: "team@redbrickstudio.co.uk",
      full_name: "Studio Team",
      role: "Sales",
      is_team: true,
      password: TEAM_PASSWORD,
    });
    const res = await teamGate(TEAM_PASSWORD);
    expect(await expectJson(res, 200)).toEqual({ user: { id: team.id, email: team.email, full_name: "Studio Team", role: "Sales" } });
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBeNull();
    expect(await expectJson(me(cookie!), 200)).toMatchObject({ user: { id: team.id } });
  });

  it("refuses a wrong password with the spec's message", async () => {
    await createUser({ is_team: true, role: "Sales", password: TEAM_PASSWORD });
    const res = await teamGate("guess");
    expect(await errorOf(res, 401)).toMatchObject({ code: "unauthenticated", message: "Invalid CRM access password" });
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("does not accept a staff member's password, and answers 401 when no Team account exists", async () => {
    await createUser({ role: "Owner", password: TEAM_PASSWORD });
    expect(await errorOf(teamGate(TEAM_PASSWORD), 401)).toMatchObject({
      message: "Invalid CRM access password",
    });
  });

  it("refuses a disabled Team account", async () => {
    await createUser({ is_team: true, role: "Sales", password: TEAM_PASSWORD, disabled: true });
    expect((await teamGate(TEAM_PASSWORD)).status).toBe(401);
  });
});
