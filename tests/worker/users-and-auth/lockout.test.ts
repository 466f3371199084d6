/**
 * Sign-in attempts are limited (docs/guide/security.md): from a browser the account does not know, 5
 * failures in 15 minutes per address and per account and network, 50 per account from everywhere,
 * then 429; a browser that has signed in to the account before (its device cookie) meets only its
 * own limit, so nobody can lock the Owner or the team gate out.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { loginKeys } from "../../../worker/modules/users-and-auth";
import { ipBucket } from "../../../worker/platform/client-info";
import { EVENT_RETENTION_MS, limits } from "../../../worker/platform/rate-limit";
import { DEVICE_COOKIE_PREFIX, DEVICE_TTL_SECONDS, deviceCookieName } from "../../../worker/modules/users-and-auth";
import { keyFor } from "../../../worker/platform/keys";
import { createDb } from "../../../worker/platform/db";
import { failedSignIn } from "../../../worker/modules/audit";
import { auditActionLabels, type AuditEvent } from "../../../contract/audit";
import {
  apiClient,
  createUser,
  errorOf,
  expectJson,
  freshIp,
  login,
  PASSWORD,
  rows,
  runCron,
  sessionCookieOf,
  signIn,
  type AnyResponse,
  type TestUser,
} from "../support/helpers";

const WINDOW_SECONDS = 15 * 60;
/** Fifty-odd real sign-ins: seconds, not milliseconds, on a machine shared with other work. */
const MANY_SIGN_INS_MS = 30_000;

/**
 * Addresses of their own in one network, as the per-account-and-network count sees them: fresh
 * addresses (freshIp) come from a run-wide counter and could straddle two networks, splitting the count.
 */
function oneNetwork(): () => string {
  let host = 0;
  return () => `10.250.7.${++host}`;
}

/** The team gate, from `ip` (a fresh address unless given) with `cookie`. */
const teamGate = (password: string, ip?: string, cookie?: string) => apiClient({ ip, cookie }).auth.team.$post({ json: { password } });

async function expectLockedOut(res: AnyResponse) {
  const retryAfter = res.headers.get("Retry-After");
  const error = await errorOf(res, 429);
  expect(error.code).toBe("rate_limited");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(sessionCookieOf(res)).toBeNull();
  return Number(retryAfter);
}

/** Failures to `email` from everywhere, as a spread-out guess would leave them (the account-wide ceiling is 50). */
async function fillAccountCeiling(email: string, n = limits.loginAccount.max) {
  const key = (await loginKeys(email, "192.0.2.1", env.SESSION_SECRET)).account;
  const insert = env.DB.prepare("INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('login-account', ?, ?)");
  await env.DB.batch(Array.from({ length: n }, () => insert.bind(key, new Date().toISOString())));
}

async function failTimes(n: number, email: string, ip?: () => string) {
  for (let i = 0; i < n; i++) {
    const res = await login(email, `wrong password ${i}`, { ip: ip?.() });
    expect(res.status).toBe(401);
  }
}

describe("sign-in lockout", () => {
  it("locks an account out of one network after 5 wrong passwords, while its owner on another network still gets in", async () => {
    const user = await createUser();
    const attacker = (() => {
      let n = 0;
      return () => `203.0.113.${++n}`;
    })();
    await failTimes(5, user.email, attacker);
    // Another address in the same /24 is the same network: refused, even with the right password.
    const retryAfter = await expectLockedOut(await login(user.email, PASSWORD, { ip: "203.0.113.200" }));
    // The first failure was moments ago: the lock lasts (almost) the whole window.
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    // Five guesses from anywhere no longer lock the studio out: the owner's network signs in.
    expect((await login(user.email, PASSWORD, { ip: "198.51.100.20" })).status).toBe(200);
    // Another account is not affected.
    const other = await createUser();
    expect((await login(other.email, PASSWORD, { ip: "203.0.113.201" })).status).toBe(200);
  });

  it("slows a guess spread over many networks: 50 failures to one account from anywhere, then 429 for every unknown browser", async () => {
    const user = await createUser();
    await fillAccountCeiling(user.email, 49);
    expect((await login(user.email, "wrong", { ip: "192.0.2.9" })).status).toBe(401);
    await expectLockedOut(await login(user.email, PASSWORD, { ip: "198.51.100.99" }));
  });

  it(
    "reserves each attempt before checking the password: 50 parallel wrong sign-ins check at most 5",
    async () => {
      const user = await createUser();
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(user.email, `guess ${i}`, { ip: "203.0.113.50" })));
      // Typed as the route's one declared status (200); the refusals are what is counted.
      const statuses: number[] = answers.map((r) => r.status);
      // A 401 means the password was checked; a 429 was refused before any hashing.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect((await rows("SELECT id FROM rate_limit_events WHERE bucket = 'login-ip'")).length).toBeLessThanOrEqual(5);
      // Refused attempts keep nothing: the account's ceiling counts only what was checked.
      expect((await rows("SELECT id FROM rate_limit_events WHERE bucket = 'login-account'")).length).toBeLessThanOrEqual(5);
    },
    MANY_SIGN_INS_MS,
  );

  it("counts the account whatever the case of the e-mail typed", async () => {
    const user = await createUser({ email: "case.test@example.com" });
    const ip = oneNetwork();
    for (const email of [
      "CASE.TEST@example.com",
      "Case.Test@Example.com",
      "case.test@EXAMPLE.COM",
      "case.test@example.com",
      "CASE.test@example.com",
    ]) {
      expect((await login(email, "nope", { ip: ip() })).status).toBe(401);
    }
    await expectLockedOut(await login(user.email, PASSWORD, { ip: ip() }));
  });

  it("locks an IP after 5 failures across different accounts", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await failTimes(1, `someone-${i}@example.com`, () => ip);
    const user = await createUser();
    await expectLockedOut(await login(user.email, PASSWORD, { ip }));
    // The same account from another address still signs in: the lock is on the IP.
    expect((await login(user.email, PASSWORD, { ip: freshIp() })).status).toBe(200);
  });

  it("counts an IPv6 client by its /64, so rotating addresses within it does not help", async () => {
    for (let i = 1; i <= 5; i++) await failTimes(1, `spray-${i}@example.com`, () => `2001:db8:aa:bb::${i.toString(16)}`);
    const user = await createUser();
    await expectLockedOut(await login(user.email, PASSWORD, { ip: "2001:0db8:00aa:00bb:ffff:1:2:3" }));
    expect((await login(user.email, PASSWORD, { ip: "2001:db8:aa:bc::1" })).status).toBe(200);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const user = await createUser();
    await failTimes(4, user.email, freshIp);
    expect((await login(user.email, PASSWORD, { ip: freshIp() })).status).toBe(200);
    // Without the reset these would be failures 5 to 8 and the next attempt would be refused.
    await failTimes(4, user.email, freshIp);
    expect((await login(user.email, PASSWORD, { ip: freshIp() })).status).toBe(200);
  });

  it("forgets failures older than 15 minutes, and Retry-After counts down from the oldest in the window", async () => {
    const user = await createUser();
    const ip = "198.51.100.61";
    const key = (await loginKeys(user.email, ip, env.SESSION_SECRET)).accountNetwork;
    const insert = env.DB.prepare("INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('login-account-net', ?, ?)");
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    // Five failures 16 minutes ago no longer count.
    await env.DB.batch([16, 16, 17, 18, 20].map((m) => insert.bind(key, ago(m))));
    expect((await login(user.email, PASSWORD, { ip })).status).toBe(200);
    // Five failures within the window, the oldest 10 minutes ago: about 5 minutes left.
    await env.DB.batch([10, 8, 6, 4, 2].map((m) => insert.bind(key, ago(m))));
    const retryAfter = await expectLockedOut(await login(user.email, PASSWORD, { ip }));
    expect(retryAfter).toBeGreaterThanOrEqual(5 * 60 - 5);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60 + 1);
  });

  it("keeps neither the visitor's address nor the typed e-mail, only keyed hashes", async () => {
    const ip = "203.0.113.77";
    expect((await login("Someone.Else@Example.com", "wrong password", { ip })).status).toBe(401);
    const events = await rows<{ bucket: string; key: string }>("SELECT bucket, key FROM rate_limit_events ORDER BY bucket");
    expect(events.map((e) => e.bucket)).toEqual(["login-account", "login-account-net", "login-ip"]);
    for (const { key } of events) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(key).not.toContain("203.0.113");
      expect(key.toLowerCase()).not.toContain("someone");
    }
  });

  it("keeps events at least as long as every limit's window", () => {
    for (const limit of Object.values(limits)) expect(limit.windowMs, limit.bucket).toBeLessThan(EVENT_RETENTION_MS);
  });

  it("drops events older than a day in the nightly housekeeping", async () => {
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    const recent = new Date(Date.now() - 60_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('forms-ip', 'a', ?1), ('login-ip', 'b', ?1), ('login-ip', 'c', ?2)",
    )
      .bind(old, recent)
      .run();
    await runCron();
    expect(await rows("SELECT key FROM rate_limit_events")).toEqual([{ key: "c" }]);
  });

  it("limits the Team gate the same way", async () => {
    await createUser({ is_team: true, role: "Sales", password: "team gate password" });
    const ip = oneNetwork();
    for (let i = 0; i < 5; i++) {
      expect((await teamGate(`guess ${i}`, ip())).status).toBe(401);
    }
    await expectLockedOut(await teamGate("team gate password", ip()));
  });

  it("does not count requests refused for an invalid body", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await login(user.email, "", { ip })).status).toBe(422);
    }
    expect(await expectJson(login(user.email, PASSWORD, { ip }), 200)).toMatchObject({ user: { id: user.id } });
  });
});

/** The device cookie a response sets, as `name=value` for a Cookie header, with its attributes; null when none. */
function deviceCookieOf(res: { headers: Headers }): { pair: string; attributes: string } | null {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(DEVICE_COOKIE_PREFIX));
  if (!set) return null;
  const [pair, ...attributes] = set.split(";");
  return { pair, attributes: attributes.join(";") };
}

/** Signs `user` in from `ip` (with `cookie`, if any): the browser's device cookie afterwards. */
async function knownBrowser(user: { email: string }, ip = freshIp(), cookie?: string): Promise<string> {
  const res = await login(user.email, PASSWORD, { ip, cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const device = deviceCookieOf(res);
  expect(device).not.toBeNull();
  return device!.pair;
}

/** Ten networks, five wrong passwords from each: what locked any account for everyone before device cookies. */
async function tenNetworksOfGuesses(guess: (i: number, ip: string) => Promise<AnyResponse>, ownersIp: string) {
  // The first "network" is the Owner's own address, as a neighbour behind the same carrier NAT would be.
  const networks = [ownersIp, ...Array.from({ length: 9 }, (_, n) => `192.0.${n + 10}.7`)];
  for (const ip of networks) {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => guess(i, ip)));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  }
}

describe("a browser the account knows (device cookie)", () => {
  it(
    "still signs the Owner in after 10 networks x 5 wrong passwords, while an unknown browser gets 429 with Retry-After",
    async () => {
      const owner = await createUser({ role: "Owner" });
      const ownersIp = "198.51.100.20";
      const device = await knownBrowser(owner, ownersIp);
      await tenNetworksOfGuesses((i, ip) => login(owner.email, `guess ${i}`, { ip }), ownersIp);
      // Every unknown browser is refused, on the Owner's own network and anywhere else.
      await expectLockedOut(await login(owner.email, PASSWORD, { ip: "198.51.100.21" }));
      await expectLockedOut(await login(owner.email, PASSWORD, { ip: freshIp() }));
      // The Owner's browser, on the very address the guesses came from, signs in.
      const res = await login(owner.email, PASSWORD, { ip: ownersIp, cookie: device });
      expect(await expectJson(res, 200)).toMatchObject({ user: { id: owner.id } });
      expect(sessionCookieOf(res)).not.toBeNull();
    },
    MANY_SIGN_INS_MS,
  );

  it(
    "still opens the team gate for a colleague's known browser after 10 networks x 5 wrong passwords",
    async () => {
      const team = await createUser({ is_team: true, role: "Sales", full_name: "Team", password: "team gate password" });
      const office = "198.51.100.30";
      const first = await teamGate("team gate password", office);
      expect(first.status).toBe(200);
      const device = deviceCookieOf(first)!.pair;
      expect(device.startsWith(`${await deviceCookieName(team.id)}=`)).toBe(true);
      await tenNetworksOfGuesses((i, ip) => teamGate(`guess ${i}`, ip), office);
      await expectLockedOut(await teamGate("team gate password", freshIp()));
      expect((await teamGate("team gate password", office, device)).status).toBe(200);
    },
    MANY_SIGN_INS_MS,
  );

  it("counts a known browser's own wrong passwords against it alone: 5, then 429 for that browser only", async () => {
    const user = await createUser();
    const ip = "198.51.100.40";
    const device = await knownBrowser(user, ip);
    for (let i = 0; i < 5; i++) expect((await login(user.email, `wrong ${i}`, { ip, cookie: device })).status).toBe(401);
    const retryAfter = await expectLockedOut(await login(user.email, PASSWORD, { ip, cookie: device }));
    expect(retryAfter).toBeGreaterThan(15 * 60 - 60);
    // Nothing was counted against the address, the network or the account: other browsers there still sign in.
    expect(await rows("SELECT bucket FROM rate_limit_events")).toEqual(Array.from({ length: 5 }, () => ({ bucket: "login-device" })));
    expect((await login(user.email, PASSWORD, { ip })).status).toBe(200);
  });

  it("sets the cookie HttpOnly, Secure, SameSite=Lax, for the whole site under __Host-, for a year", async () => {
    const user = await createUser();
    const res = await login(user.email, PASSWORD);
    const device = deviceCookieOf(res)!;
    expect(device.pair.startsWith(`${await deviceCookieName(user.id)}=`)).toBe(true);
    expect(device.attributes).toMatch(/HttpOnly/i);
    expect(device.attributes).toMatch(/Secure/i);
    expect(device.attributes).toMatch(/SameSite=Lax/i);
    expect(device.attributes).toMatch(/Path=\/(;|$)/);
    expect(device.attributes).not.toMatch(/Domain=/i);
    expect(device.attributes).toContain(`Max-Age=${DEVICE_TTL_SECONDS}`);
    // A wrong password earns no cookie.
    expect(deviceCookieOf(await login(user.email, "wrong"))).toBeNull();
  });

  it("is given with the session to a sign-in posted without JavaScript, and to the team gate's", async () => {
    const user = await createUser();
    // A form post, as the browser sends it without JavaScript: not the JSON the typed client sends.
    const native = await exports.default.fetch("http://localhost/api/auth/login", {
      method: "POST",
      body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      headers: { "CF-Connecting-IP": freshIp(), Origin: "http://localhost" },
      redirect: "manual",
    });
    expect(native.status).toBe(303);
    expect(deviceCookieOf(native)?.pair.startsWith(`${await deviceCookieName(user.id)}=`)).toBe(true);
    const team = await createUser({ is_team: true, role: "Sales", password: "team gate password" });
    const gate = await teamGate("team gate password");
    expect(deviceCookieOf(gate)?.pair.startsWith(`${await deviceCookieName(team.id)}=`)).toBe(true);
  });

  it("is bound to its account: a cookie for A gives no trust for B, under either name", async () => {
    const a = await createUser();
    const b = await createUser();
    const deviceA = await knownBrowser(a);
    await fillAccountCeiling(b.email);
    await expectLockedOut(await login(b.email, PASSWORD, { cookie: deviceA }));
    const valueA = deviceA.slice(deviceA.indexOf("=") + 1);
    await expectLockedOut(await login(b.email, PASSWORD, { cookie: `${await deviceCookieName(b.id)}=${valueA}` }));
  });

  it("trusts no cookie the worker did not sign for that purpose", async () => {
    const user = await createUser();
    await fillAccountCeiling(user.email);
    const claims = new SignJWT({ ep: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuer("redbrick-device")
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime("1h");
    const name = await deviceCookieName(user.id);
    // Signed with the session's key, or with another secret: not a device cookie.
    const withSessionKey = await claims.sign(await keyFor(env.SESSION_SECRET, "session"));
    const withOtherSecret = await claims.sign(await keyFor("another-secret-0123456789abcdef0123456789", "device-cookie"));
    for (const token of [withSessionKey, withOtherSecret, "not-a-token"]) {
      await expectLockedOut(await login(user.email, PASSWORD, { cookie: `${name}=${token}` }));
    }
    // The same claims signed with the device key are trusted: the test above failed for the key alone.
    const genuine = await claims.sign(await keyFor(env.SESSION_SECRET, "device-cookie"));
    expect((await login(user.email, PASSWORD, { cookie: `${name}=${genuine}` })).status).toBe(200);
  });

  it("is rotated at each sign-in: a new value every time, and the new one is trusted", async () => {
    const user = await createUser();
    const first = await knownBrowser(user);
    const second = await knownBrowser(user, freshIp(), first);
    expect(second).not.toBe(first);
    expect(second.split("=")[0]).toBe(first.split("=")[0]);
    await fillAccountCeiling(user.email);
    expect((await login(user.email, PASSWORD, { cookie: second })).status).toBe(200);
  });

  async function twoKnownBrowsers(): Promise<{ user: TestUser; here: string; session: string; elsewhere: string }> {
    const user = await createUser();
    const res = await login(user.email, PASSWORD);
    const elsewhere = await knownBrowser(user);
    return { user, here: deviceCookieOf(res)!.pair, session: sessionCookieOf(res)!, elsewhere };
  }

  it("is ended by sign-out-everywhere, on every browser", async () => {
    const { user, here, session, elsewhere } = await twoKnownBrowsers();
    const out = await apiClient({ cookie: `${session}; ${here}` }).auth["logout-all"].$post();
    expect(out.status).toBe(200);
    // This browser's cookie is removed; the other's stops counting.
    expect(deviceCookieOf(out)?.attributes).toMatch(/Max-Age=0/i);
    await fillAccountCeiling(user.email);
    await expectLockedOut(await login(user.email, PASSWORD, { cookie: elsewhere }));
    await expectLockedOut(await login(user.email, PASSWORD, { cookie: here }));
  });

  it("is ended by a password change, except on the browser that made it, which gets a new one", async () => {
    const { user, here, session, elsewhere } = await twoKnownBrowsers();
    const changed = await apiClient({ cookie: `${session}; ${here}` }).auth.password.$post({
      json: { current_password: PASSWORD, new_password: "a brand new password 2026" },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const renewed = deviceCookieOf(changed)!.pair;
    expect(renewed).not.toBe(here);
    await fillAccountCeiling(user.email);
    await expectLockedOut(await login(user.email, "a brand new password 2026", { cookie: elsewhere }));
    await expectLockedOut(await login(user.email, "a brand new password 2026", { cookie: here }));
    expect((await login(user.email, "a brand new password 2026", { cookie: renewed })).status).toBe(200);
  });
});

describe("failed sign-ins in the audit trail", () => {
  /** The trail as the Owner reads it in Settings → Audit. */
  async function trail(): Promise<AuditEvent[]> {
    const owner = await createUser({ role: "Owner", full_name: "Hannah Whitaker" });
    const res = apiClient({ cookie: await signIn(owner) }).crm.audit.$get({ query: {} });
    return (await expectJson(res, 200)).events;
  }
  const WINDOW_MS = 15 * 60_000;
  const windowOf = (t: number) => Math.floor(t / WINDOW_MS);
  const countIn = (detail: string) => Number(/^(\d+) failed sign-ins? between \d\d:\d\d and \d\d:\d\d$/.exec(detail)?.[1]);

  it(
    "summarises them per account per 15 minutes: one row with the count, not one row each",
    async () => {
      const started = Date.now();
      const sales = await createUser({ role: "Sales", full_name: "Marcus Reid" });
      const other = await createUser({ role: "Sales", full_name: "Priya Shah" });
      const device = await knownBrowser(sales);
      // From several networks, as a spread-out guess comes.
      let net = 20;
      await failTimes(3, sales.email, () => `192.0.${++net}.1`);
      const parallel = await Promise.all(
        Array.from({ length: 4 }, (_, i) => login(sales.email, `parallel ${i}`, { ip: `192.0.${++net}.1` })),
      );
      expect(parallel.map((r) => r.status)).toEqual([401, 401, 401, 401]);
      for (let i = 0; i < 2; i++) expect((await login(sales.email, `known ${i}`, { cookie: device })).status).toBe(401);
      await failTimes(1, other.email);
      // Neither a wrong password in a password change (signed in already) nor an e-mail with no account is a failed sign-in to an account.
      const session = await signIn(sales);
      const change = await apiClient({ cookie: session }).auth.password.$post({
        json: { current_password: "not it", new_password: "a brand new password 2026" },
      });
      expect(change.status).toBe(422);
      await failTimes(1, "nobody-here@example.com");
      const ended = Date.now();

      const events = (await trail()).filter((e) => e.action === "failed_sign_ins");
      const ofSales = events.filter((e) => e.subject_id === sales.id);
      // A 15-minute boundary may fall during the test: then the count is split over its two windows.
      expect(ofSales).toHaveLength(windowOf(started) === windowOf(ended) ? 1 : 2);
      expect(ofSales.reduce((n, e) => n + countIn(e.detail), 0)).toBe(9);
      for (const e of ofSales) expect(e).toMatchObject({ actor_id: null, actor_name: null, subject_name: "Marcus Reid" });
      expect(events.filter((e) => e.subject_id === other.id).map((e) => e.detail)).toEqual([
        expect.stringMatching(/^1 failed sign-in between/),
      ]);
      expect(events.filter((e) => e.subject_id !== sales.id && e.subject_id !== other.id)).toEqual([]);
      expect(auditActionLabels.failed_sign_ins).toBe("Failed sign-ins");
    },
    MANY_SIGN_INS_MS,
  );

  it("names each window by London clock times, and starts a new row when the window changes", async () => {
    const user = await createUser({ full_name: "Marcus Reid" });
    const db = createDb(env.DB);
    const source = { actorId: null, ipHash: "h", requestId: "r" };
    for (const at of ["2026-01-15T14:14:59.999Z", "2026-01-15T14:15:00.000Z", "2026-01-15T14:29:59.000Z", "2026-07-01T13:05:00.000Z"])
      await failedSignIn(db, source, user.id, Date.parse(at));
    const details = (await rows<{ detail: string }>("SELECT detail FROM audit_events WHERE action = 'failed_sign_ins' ORDER BY id")).map(
      (r) => r.detail,
    );
    expect(details).toEqual([
      "1 failed sign-in between 14:00 and 14:15",
      "2 failed sign-ins between 14:15 and 14:30",
      // British Summer Time: 13:05 UTC is 14:05 in London.
      "1 failed sign-in between 14:00 and 14:15",
    ]);
  });

  it("records the lockouts: a known browser's own, and the ceiling that shuts out unknown browsers", async () => {
    const user = await createUser({ full_name: "Marcus Reid" });
    const device = await knownBrowser(user);
    for (let i = 0; i < 6; i++) await login(user.email, `wrong ${i}`, { cookie: device });
    await fillAccountCeiling(user.email, 49);
    expect((await login(user.email, "the fiftieth guess")).status).toBe(401);
    const locks = (await trail()).filter((e) => e.action === "lockout" && e.subject_id === user.id).map((e) => e.detail);
    expect(locks.sort()).toEqual([
      "Sign-in locked for browsers not signed in here before, for 15 minutes, after 50 wrong passwords from everywhere",
      "Sign-in locked on one known browser for 15 minutes after 5 wrong passwords from it",
    ]);
  });
});

describe("ipBucket", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8:aa:bb::1", "2001:db8:aa:bb::/64"],
    ["2001:0DB8:00AA:00BB:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["local", "local"],
    ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
    ["2001:db8::1::2", "2001:db8::1::2"],
  ])("buckets %s as %s", (ip, bucket) => {
    expect(ipBucket(ip)).toBe(bucket);
  });
});
