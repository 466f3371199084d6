/** Sign-in attempts are limited per account and per IP: 5 failures in 15 minutes, then 429. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loginKeys } from "../../worker/services/sign-in";
import { ipBucket } from "../../worker/lib/client-info";
import { EVENT_RETENTION_MS, limits } from "../../worker/lib/rate-limit";
import { call, createUser, errorOf, freshIp, json, login, PASSWORD, rows, sessionCookieOf } from "./helpers";

const WINDOW_SECONDS = 15 * 60;

async function expectLockedOut(res: Response) {
  const retryAfter = res.headers.get("Retry-After");
  const error = await errorOf(res, 429);
  expect(error.code).toBe("rate_limited");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(sessionCookieOf(res)).toBeNull();
  return Number(retryAfter);
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

  it("slows a guess spread over many networks: 50 failures to one account from anywhere, then 429 everywhere", async () => {
    const user = await createUser();
    const key = (await loginKeys(user.email, "192.0.2.1", env.SESSION_SECRET)).account;
    const insert = env.DB.prepare("INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('login-account', ?, ?)");
    await env.DB.batch(Array.from({ length: 49 }, () => insert.bind(key, new Date().toISOString())));
    expect((await login(user.email, "wrong", { ip: "192.0.2.9" })).status).toBe(401);
    await expectLockedOut(await login(user.email, PASSWORD, { ip: "198.51.100.99" }));
  });

  it("reserves each attempt before checking the password: 50 parallel wrong sign-ins check at most 5", async () => {
    const user = await createUser();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(user.email, `guess ${i}`, { ip: "203.0.113.50" })));
    const statuses = answers.map((r) => r.status);
    // A 401 means the password was checked; a 429 was refused before any hashing.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await rows("SELECT id FROM rate_limit_events WHERE bucket = 'login-ip'")).length).toBeLessThanOrEqual(5);
    // Refused attempts keep nothing: the account's ceiling counts only what was checked.
    expect((await rows("SELECT id FROM rate_limit_events WHERE bucket = 'login-account'")).length).toBeLessThanOrEqual(5);
  });

  it("counts the account whatever the case of the e-mail typed", async () => {
    const user = await createUser({ email: "case.test@example.com" });
    for (const email of [
      "CASE.TEST@example.com",
      "Case.Test@Example.com",
      "case.test@EXAMPLE.COM",
      "case.test@example.com",
      "CASE.test@example.com",
    ]) {
      expect((await login(email, "nope")).status).toBe(401);
    }
    await expectLockedOut(await login(user.email, PASSWORD));
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

  it("drops events older than a day whenever a limit is checked", async () => {
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    const recent = new Date(Date.now() - 60_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ('forms-ip', 'a', ?1), ('login-ip', 'b', ?1), ('login-ip', 'c', ?2)",
    )
      .bind(old, recent)
      .run();
    const user = await createUser();
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect(await rows("SELECT key FROM rate_limit_events")).toEqual([{ key: "c" }]);
  });

  it("limits the Team gate the same way", async () => {
    await createUser({ is_team: true, role: "Sales", password: "team gate password" });
    for (let i = 0; i < 5; i++) {
      expect((await call("/api/auth/team", { json: { password: `guess ${i}` }, ip: freshIp() })).status).toBe(401);
    }
    await expectLockedOut(await call("/api/auth/team", { json: { password: "team gate password" }, ip: freshIp() }));
  });

  it("does not count requests refused for an invalid body", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await call("/api/auth/login", { json: { email: user.email, password: "" }, ip })).status).toBe(422);
    }
    expect(await json(login(user.email, PASSWORD, { ip }), 200)).toMatchObject({ user: { id: user.id } });
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
