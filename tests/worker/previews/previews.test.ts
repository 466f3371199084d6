import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../../worker/platform/password";
import { createDb } from "../../../worker/platform/db";
import { previewKey, readPreview, writePreview, type PreviewRecord } from "../../../worker/modules/previews";

const CODE = "let-me-in-2026";
const stores = () => ({ kv: env.PREVIEWS, db: createDb(env.DB) });

/** Writes the card's next version, as the CRM would from the current copy. */
async function seedPreview(id: string, overrides: Partial<PreviewRecord> = {}) {
  await writePreview(stores(), id, await readPreview(env.PREVIEWS, id), {
    name: "VM Fitness",
    previewUrl: "https://staging.vmfitness.example/",
    code: await hashPassword(CODE, 1000),
    expiresAt: null,
    revoked: false,
    updatedAt: new Date().toISOString(),
    ...overrides,
  });
}

function verify(id: string, password: string, ip = "192.0.2.10") {
  return exports.default.fetch(`http://localhost/api/previews/${id}/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ password }),
  });
}
const cookieOf = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0];
/** Whether a page load carrying `cookie` is let straight in. */
const unlocked = async (id: string, cookie?: string) => ((await (await revisit(id, cookie)).json()) as { success: boolean }).success;
const revisit = (id: string, cookie?: string) =>
  exports.default.fetch(`http://localhost/api/previews/${id}`, { headers: cookie ? { Cookie: cookie } : {} });

beforeEach(async () => {
  await seedPreview("vm-fitness");
});

describe("client preview access", () => {
  it("unlocks with the right code and answers the client's name and preview URL", async () => {
    const res = await verify("vm-fitness", CODE);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, client: { name: "VM Fitness", previewUrl: "https://staging.vmfitness.example/" } });
    const setCookie = res.headers.get("Set-Cookie")!;
    // __Host-: Secure, Path=/ and no Domain, so no other host can set or read it.
    expect(setCookie).toMatch(/^__Host-rb_preview_vm-fitness=/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/Max-Age=43200/);
  });

  it("stays unlocked for a revisit carrying the cookie, and only for that client", async () => {
    const cookie = cookieOf(await verify("vm-fitness", CODE));
    expect((await revisit("vm-fitness", cookie)).status).toBe(200);
    expect(await unlocked("vm-fitness", cookie)).toBe(true);
    expect(await unlocked("vm-fitness")).toBe(false);
    await seedPreview("jemrex", { name: "Jemrex" });
    expect(await unlocked("jemrex", cookie.replace("rb_preview_vm-fitness", "rb_preview_jemrex"))).toBe(false);
  });

  it("refuses a wrong code with the spec's message", async () => {
    const res = await verify("vm-fitness", "wrong-code");
    expect(res.status).toBe(401);
    const body = (await res.json()) as { success: boolean; error: { message: string } };
    expect(body.success).toBe(false);
    expect(body.error.message).toBe("Invalid credentials. Please check your access code.");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers an id that is not one of the cards with 404", async () => {
    const unknown = await verify("no-such-client", CODE);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "not_found", message: "No such preview" } });
  });

  it("locks a client and address out after 5 failures in 15 minutes, even for the right code", async () => {
    for (let i = 0; i < 5; i++) expect((await verify("vm-fitness", "nope", "192.0.2.50")).status).toBe(401);
    const locked = await verify("vm-fitness", CODE, "192.0.2.50");
    expect(locked.status).toBe(429);
    const retry = Number(locked.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(900);
    expect((await verify("vm-fitness", CODE, "192.0.2.51")).status).toBe(200);
  });

  it("counts an IPv6 guesser by its /64, so rotating addresses buys no extra guesses", async () => {
    for (let i = 1; i <= 5; i++) expect((await verify("vm-fitness", "nope", `2001:db8:c0:1::${i.toString(16)}`)).status).toBe(401);
    expect((await verify("vm-fitness", CODE, "2001:0db8:00c0:0001:ffff:1:2:3")).status).toBe(429);
    expect((await verify("vm-fitness", CODE, "2001:db8:c0:2::1")).status).toBe(200);
  });

  it("counts an address across all the cards too: 20 wrong codes, then 429 on every card", async () => {
    const cards = ["vm-fitness", "jemrex", "galvin-locksmiths", "albbrit-interiors"];
    for (const id of cards.slice(1)) await seedPreview(id, { name: id });
    for (let i = 0; i < 20; i++) expect((await verify(cards[i % 4], "nope", "192.0.2.70")).status).toBe(401);
    for (const id of cards) expect((await verify(id, CODE, "192.0.2.70")).status).toBe(429);
    expect((await verify("vm-fitness", CODE, "192.0.2.71")).status).toBe(200);
  });

  it("reserves each guess before checking it: 50 parallel wrong codes check at most 5", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => verify("vm-fitness", `guess ${i}`, "192.0.2.80")));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Only checked guesses are logged and counted.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM preview_access_log").first<{ n: number }>())!.n).toBeLessThanOrEqual(5);
  });

  it("answers an unknown id at once and keeps nothing of it: no limit rows, no log", async () => {
    for (let i = 0; i < 30; i++) expect((await verify(`made-up-${i}`, CODE, "192.0.2.90")).status).toBe(404);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM rate_limit_events").first<{ n: number }>())!.n).toBe(0);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM preview_access_log").first<{ n: number }>())!.n).toBe(0);
    // Made-up ids did not use up the address's guesses on the real cards.
    expect((await verify("vm-fitness", CODE, "192.0.2.90")).status).toBe(200);
  });

  it("honours revocation, expiry and code rotation at once, even for an unlocked visitor", async () => {
    const cookie = cookieOf(await verify("vm-fitness", CODE));
    await seedPreview("vm-fitness", { revoked: true });
    expect(await unlocked("vm-fitness", cookie)).toBe(false);
    expect((await verify("vm-fitness", CODE)).status).toBe(401);

    await seedPreview("vm-fitness", { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await verify("vm-fitness", CODE, "192.0.2.12")).status).toBe(401);

    await seedPreview("vm-fitness", { updatedAt: "2026-01-01T00:00:00.000Z" });
    const fresh = cookieOf(await verify("vm-fitness", CODE, "192.0.2.13"));
    await seedPreview("vm-fitness", { updatedAt: "2026-02-01T00:00:00.000Z" });
    expect(await unlocked("vm-fitness", fresh)).toBe(false);
  });

  it("opens no edge's stale KV copy: revocation and a new code hold everywhere at once", async () => {
    const cookie = cookieOf(await verify("vm-fitness", CODE));
    const open = await env.PREVIEWS.get(previewKey("vm-fitness"));
    // The CRM revokes; a distant edge still serves the old, open copy from its KV cache.
    await seedPreview("vm-fitness", { revoked: true, updatedAt: new Date(Date.now() + 1000).toISOString() });
    await env.PREVIEWS.put(previewKey("vm-fitness"), open!);
    expect(await unlocked("vm-fitness", cookie)).toBe(false);
    expect((await verify("vm-fitness", CODE, "192.0.2.14")).status).toBe(401);
  });

  it("answers a preview without a URL with previewUrl null (Preview Coming Soon)", async () => {
    await seedPreview("jemrex", { name: "Jemrex", previewUrl: null });
    expect(await (await verify("jemrex", CODE)).json()).toEqual({ success: true, client: { name: "Jemrex", previewUrl: null } });
  });

  it("rejects an empty code as invalid input", async () => {
    expect((await verify("vm-fitness", "")).status).toBe(422);
  });
});

describe("a card the studio has not linked to a client", () => {
  const feedbackCall = (method: string, path: string, cookie?: string, body?: unknown) =>
    exports.default.fetch(`http://localhost/api/previews/vm-fitness/${path}`, {
      method,
      headers: {
        Origin: "http://localhost",
        "CF-Connecting-IP": "192.0.2.30",
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const calls = (cookie?: string) => [
    feedbackCall("GET", "feedback", cookie),
    feedbackCall("POST", "comments", cookie, { body: "Can the logo be bigger?", author_name: "Vicky Marsh" }),
    feedbackCall("POST", "approvals", cookie, { release_id: "x", approver_name: "Vicky Marsh", confirm: true }),
  ];

  it("opens, but says feedback is not open yet (409) rather than asking for the code again", async () => {
    const cookie = cookieOf(await verify("vm-fitness", CODE));
    expect(await unlocked("vm-fitness", cookie)).toBe(true);
    for (const res of await Promise.all(calls(cookie))) {
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { code: "conflict", message: "Feedback is not open for this preview yet" } });
    }
    const stored = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM preview_comments) + (SELECT count(*) FROM preview_approvals) AS n",
    ).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it("still answers 401 without the unlock cookie, so nobody learns which cards are linked", async () => {
    for (const res of await Promise.all(calls())) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    }
  });
});
