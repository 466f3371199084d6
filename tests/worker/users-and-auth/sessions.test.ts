/**
 * Sessions that end (docs/guide/security.md, Sessions, cookies and keys): an absolute lifetime,
 * a per-account epoch moved by a new password, a disabled account and "sign out everywhere",
 * and a sign-out that closes that session's live tabs.
 */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { DEMO_SESSION_SECRET } from "../../../worker/platform/keys";
import { SESSION_MAX_AGE_SECONDS } from "../../../worker/modules/users-and-auth";
import { hashPassword } from "../../../worker/platform/password";
import { accountSql } from "../../../scripts/lib/account-sql";
import type { ServerMessage } from "../../../contract/live";
import type { PasswordChangeInput } from "../../../contract/auth";
import {
  apiClient,
  apiWithEnv,
  cookieFor,
  createUser,
  errorOf,
  expectJson,
  forgeToken,
  login,
  PASSWORD,
  sessionCookieOf,
  signedIn,
  signIn,
  tokenOf,
  TEST_SESSION_SECRET,
  visitorApi,
} from "../support/helpers";

/** Who the worker takes `cookie` for: 200 while its session lasts, 401 once it has ended. */
const me = (cookie: string) => apiClient({ cookie }).auth.me.$get();
const NEW_PASSWORD = "a brand new passphrase";

/** One user signed in twice, as from two browsers. */
async function twoSessions() {
  const user = await createUser();
  return { user, first: await signIn(user), second: await signIn(user) };
}

describe("the session cookie", () => {
  it("is a __Host- cookie: Secure, HttpOnly, Path=/ and no Domain", async () => {
    const user = await createUser();
    const res = await login(user.email, PASSWORD);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("__Host-rb_session="))!;
    expect(set).toMatch(/; Secure/i);
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; Path=\//);
    expect(set).not.toMatch(/Domain=/i);
  });

  it("is signed with a key derived for sessions, not with SESSION_SECRET itself", async () => {
    const user = await createUser();
    const raw = await forgeToken({ sub: user.id }, TEST_SESSION_SECRET, new TextEncoder().encode(TEST_SESSION_SECRET));
    expect((await me(cookieFor(raw))).status).toBe(401);
    expect((await me(cookieFor(await forgeToken({ sub: user.id })))).status).toBe(200);
  });
});

describe("a session's lifetime", () => {
  it("ends 7 days after the sign-in however often it was renewed", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const fresh = await forgeToken({ sub: user.id, iat: now - 60, auth_time: now - SESSION_MAX_AGE_SECONDS + 3600 });
    expect((await me(cookieFor(fresh))).status).toBe(200);
    const past = await forgeToken({ sub: user.id, iat: now - 60, auth_time: now - SESSION_MAX_AGE_SECONDS - 60 });
    expect((await me(cookieFor(past))).status).toBe(401);
  });

  it("carries the sign-in time across renewals, and never sets a cookie past the 7 days", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const signedInAt = now - SESSION_MAX_AGE_SECONDS + 600;
    const old = await forgeToken({ sub: user.id, iat: now - 20 * 60, auth_time: signedInAt });
    const res = await me(cookieFor(old));
    expect(res.status).toBe(200);
    const renewed = sessionCookieOf(res)!;
    const claims = decodeJwt(tokenOf(renewed));
    expect(claims.auth_time).toBe(signedInAt);
    // Ten minutes were left: the renewed token and cookie last ten minutes, not twelve hours.
    expect(claims.exp! - now).toBeLessThanOrEqual(600);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__Host-rb_session="))).toMatch(/Max-Age=(5\d\d|600);/);
  });
});

describe("changing your password", () => {
  const change = (cookie: string, json: PasswordChangeInput, ip?: string) => apiClient({ cookie, ip }).auth.password.$post({ json });

  it("needs the current password, keeps this tab signed in and signs every other session out", async () => {
    const { user, first: here, second: elsewhere } = await twoSessions();
    const res = await change(here, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    const renewed = sessionCookieOf(res)!;
    expect((await me(renewed)).status).toBe(200);
    expect((await me(here)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await login(user.email, PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a wrong current password or a short new one with the form's messages, changing nothing", async () => {
    const { user, cookie } = await signedIn();
    expect((await errorOf(change(cookie, { current_password: "not it at all", new_password: NEW_PASSWORD }), 422)).fields).toEqual({
      current_password: "Your current password is not right",
    });
    expect((await errorOf(change(cookie, { current_password: PASSWORD, new_password: "elevenchars" }), 422)).fields).toEqual({
      new_password: "Password must be at least 12 characters",
    });
    expect((await me(cookie)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it("counts wrong current passwords like sign-in failures, and refuses without a session or for the team account", async () => {
    const { cookie } = await signedIn();
    const ip = "198.51.100.140";
    for (let i = 0; i < 5; i++)
      expect((await change(cookie, { current_password: `guess ${i}`, new_password: NEW_PASSWORD }, ip)).status).toBe(422);
    expect((await change(cookie, { current_password: PASSWORD, new_password: NEW_PASSWORD }, ip)).status).toBe(429);
    expect((await change("", { current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(401);
    const team = await createUser({ is_team: true, role: "Sales" });
    const teamCookie = sessionCookieOf(await visitorApi.auth.team.$post({ json: { password: PASSWORD } }))!;
    expect(team.id).toBeTruthy();
    expect((await change(teamCookie, { current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(403);
  });
});

describe("signing out", () => {
  it("everywhere ends every session of the account, and a new sign-in works", async () => {
    const { user, first: a, second: b } = await twoSessions();
    const res = await apiClient({ cookie: a }).auth["logout-all"].$post();
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBeNull();
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
    expect((await me(await signIn(user))).status).toBe(200);
    expect((await visitorApi.auth["logout-all"].$post()).status).toBe(401);
  });

  it("a disabled account stays signed out when it is enabled again", async () => {
    const owner = await signedIn("Owner");
    const { user, cookie: session } = await signedIn("Sales");
    const setDisabled = (disabled: boolean) =>
      expectJson(apiClient({ cookie: owner.cookie }).crm.users[":id"].$patch({ param: { id: user.id }, json: { disabled } }), 200);
    await setDisabled(true);
    await setDisabled(false);
    expect((await me(session)).status).toBe(401);
    expect((await me(await signIn(user))).status).toBe(200);
  });

  it("closes the live tabs of that session only", async () => {
    const { first: one, second: two } = await twoSessions();
    /** A live tab: a WebSocket upgrade, which the typed client does not make. */
    const open = async (cookie: string) => {
      const res = await exports.default.fetch("http://localhost/api/crm/live", {
        headers: { Upgrade: "websocket", Origin: "http://localhost", Cookie: cookie },
      });
      const ws = res.webSocket!;
      const state = { closed: null as number | null, messages: [] as ServerMessage[] };
      ws.addEventListener("message", (e) => state.messages.push(JSON.parse(e.data as string)));
      ws.addEventListener("close", (e) => (state.closed = e.code));
      ws.accept();
      return state;
    };
    const tabOne = await open(one);
    const tabTwo = await open(two);
    // Through the app itself, waiting for the work it leaves running (telling the hub).
    await apiWithEnv({}, { cookie: one }).auth.logout.$post();
    const end = Date.now() + 2000;
    while (tabOne.closed === null && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(tabOne.closed).toBe(4401);
    expect(tabTwo.closed).toBeNull();
    await expectJson(apiClient({ cookie: two }).crm.tasks.$post({ json: { title: "Still live" } }), 201);
    const until = Date.now() + 2000;
    while (!tabTwo.messages.some((m) => m.kind === "change") && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(tabTwo.messages.some((m) => m.kind === "change")).toBe(true);
  });
});

describe("where requests come from", () => {
  it("counts only CF-Connecting-IP: X-Real-IP and X-Forwarded-For cannot buy more guesses", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const res = await login(user.email, "wrong", {
        ip: "203.0.113.60",
        headers: { "X-Real-IP": `192.0.2.${i}`, "X-Forwarded-For": `192.0.2.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const res = await login(user.email, PASSWORD, { ip: "203.0.113.60", headers: { "X-Real-IP": "192.0.2.99" } });
    expect(res.status).toBe(429);
  });

  it("refuses to run with the published demo secret anywhere but this machine", async () => {
    const at = async (url: string) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(url), { ...env, SESSION_SECRET: DEMO_SESSION_SECRET }, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    expect((await at("https://redbrickstudio.co.uk/api/health")).status).toBe(500);
    expect((await at("http://localhost:8787/api/health")).status).toBe(200);
    expect((await at("http://127.0.0.1:8790/api/health")).status).toBe(200);
  });
});

describe("rotating a password with npm run hash-password", () => {
  it("ends every session and known browser of the account: the team gate's old password and cookies stop working", async () => {
    const row = {
      email: "team@studio.test",
      full_name: "Studio Team",
      role: "Sales",
      job_title: "Shared team account",
      is_team: 1,
    } as const;
    const run = async (password: string) => {
      const sql = accountSql(crypto.randomUUID(), row, await hashPassword(password, 1000), "test");
      await env.DB.prepare(sql.replace(/^--.*\n/, "")).run();
    };
    const gate = (password: string) => visitorApi.auth.team.$post({ json: { password } });
    await run("the first team passphrase");
    const first = await gate("the first team passphrase");
    expect(first.status).toBe(200);
    const session = sessionCookieOf(first)!;
    expect((await me(session)).status).toBe(200);

    await run("the second team passphrase");
    expect((await me(session)).status).toBe(401);
    expect((await gate("the first team passphrase")).status).toBe(401);
    expect((await gate("the second team passphrase")).status).toBe(200);
    // Still one account: the rotation re-keyed it rather than adding another.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(row.email).first())?.n).toBe(1);
  });
});
