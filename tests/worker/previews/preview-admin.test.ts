import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { expectJson, rows, signInAs, type Staff } from "../support/helpers";
import { previewKey, readPreview } from "../../../worker/modules/previews";
import { previewIds, type PreviewAdmin, type PreviewAccessEntry } from "../../../contract/preview";

let staff: Staff;
let clientId = "";
type Fields = { error: { code: string; message: string; fields: Record<string, string> } };

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const base = () => `/api/crm/clients/${clientId}/preview`;
const link = (body: Record<string, unknown>, id = clientId) => staff.call("PUT", `/api/crm/clients/${id}/preview`, body);
const newCode = async () => expectJson<{ code: string; preview: PreviewAdmin }>(staff.call("POST", `${base()}/code`), 201);
const preview = async () => (await expectJson<{ preview: PreviewAdmin | null }>(staff.call("GET", base()), 200)).preview;

function verify(id: string, password: string, opts: { ip?: string; ua?: string } = {}) {
  return exports.default.fetch(`http://localhost/api/previews/${id}/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": opts.ip ?? "192.0.2.10", "User-Agent": opts.ua ?? FIREFOX },
    body: JSON.stringify({ password }),
  });
}
const cookieOf = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0];
const unlocked = async (id: string, cookie: string) => ((await (await revisit(id, cookie)).json()) as { success: boolean }).success;
const revisit = (id: string, cookie: string) =>
  exports.default.fetch(`http://localhost/api/previews/${id}`, { headers: { Cookie: cookie } });

beforeEach(async () => {
  staff = await signInAs("Sales");
  clientId = (await expectJson<{ client: { id: string } }>(staff.call("POST", "/api/crm/clients", { name: "VM Fitness" }), 201)).client.id;
});

describe("preview ids", () => {
  it("are the eight public cards", () => {
    expect(previewIds).toHaveLength(8);
    expect(previewIds).toEqual(expect.arrayContaining(["vm-fitness", "jemrex", "galvin-locksmiths", "albbrit-interiors"]));
  });
});

describe("managing a client's preview", () => {
  it("answers null for a client with no preview, and 404 for an unknown client", async () => {
    expect(await preview()).toBeNull();
    expect((await staff.call("GET", "/api/crm/clients/nope/preview")).status).toBe(404);
    expect((await link({ preview_id: "vm-fitness" }, "nope")).status).toBe(404);
    expect((await staff.call("POST", "/api/crm/clients/nope/preview/code")).status).toBe(404);
  });

  it("links a client to a card with its URL and expiry; Sales may do it", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { preview: linked } = await expectJson<{ preview: PreviewAdmin }>(
      link({ preview_id: "vm-fitness", previewUrl: "https://staging.vmfitness.example/", expiresAt }),
      200,
    );
    expect(linked).toMatchObject({
      preview_id: "vm-fitness",
      name: "VM Fitness",
      previewUrl: "https://staging.vmfitness.example/",
      hasCode: false,
      expiresAt,
      revoked: false,
      last_viewed_at: null,
    });
    expect(await preview()).toEqual(linked);
    expect((await rows<{ preview_id: string }>("SELECT preview_id FROM clients"))[0].preview_id).toBe("vm-fitness");
    // No code yet: the card cannot be opened.
    expect((await verify("vm-fitness", "anything")).status).toBe(401);
  });

  it("validates the card, the URL and the expiry", async () => {
    const card = await expectJson<Fields>(link({ preview_id: "not-a-card" }), 422);
    expect(card.error.fields.preview_id).toBe("Choose one of the preview cards");
    for (const previewUrl of ["http://staging.example.com", "javascript:alert(1)", "staging.example.com"]) {
      const url = await expectJson<Fields>(link({ preview_id: "vm-fitness", previewUrl }), 422);
      expect(url.error.fields.previewUrl).toBe("Please enter a valid https:// URL");
    }
    const past = await expectJson<Fields>(link({ preview_id: "vm-fitness", expiresAt: "2020-01-01T00:00:00Z" }), 422);
    expect(past.error.fields.expiresAt).toBe("Choose a time in the future");
    expect((await link({ preview_id: "vm-fitness", expiresAt: "next week" })).status).toBe(422);
    expect(await preview()).toBeNull();
  });

  it("refuses a card already linked to another client", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const other = (await expectJson<{ client: { id: string } }>(staff.call("POST", "/api/crm/clients", { name: "Jemrex" }), 201)).client.id;
    const taken = await expectJson<Fields>(link({ preview_id: "vm-fitness" }, other), 409);
    expect(taken.error.fields.preview_id).toBe("That preview is already linked to VM Fitness");
  });

  it("issues a code shown once, stored only as a hash, that unlocks the public preview", async () => {
    expect((await staff.call("POST", `${base()}/code`)).status).toBe(409);
    await expectJson(link({ preview_id: "vm-fitness", previewUrl: "https://staging.vmfitness.example/" }), 200);
    const { code, preview: after } = await newCode();
    expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}$/);
    expect(after.hasCode).toBe(true);
    const stored = await env.PREVIEWS.get("preview:vm-fitness");
    expect(stored).not.toContain(code);
    expect((await readPreview(env.PREVIEWS, "vm-fitness"))!.code!.iterations).toBe(100_000);
    expect(JSON.stringify(await preview())).not.toContain(code);
    const res = await verify("vm-fitness", code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, client: { name: "VM Fitness", previewUrl: "https://staging.vmfitness.example/" } });
  });

  it("rotating the code locks out the old code and visitors who unlocked with it", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const first = await newCode();
    const cookie = cookieOf(await verify("vm-fitness", first.code));
    expect((await revisit("vm-fitness", cookie)).status).toBe(200);
    const second = await newCode();
    expect(second.code).not.toBe(first.code);
    expect(second.preview.updatedAt! > first.preview.updatedAt!).toBe(true);
    expect(await unlocked("vm-fitness", cookie)).toBe(false);
    expect((await verify("vm-fitness", first.code, { ip: "192.0.2.20" })).status).toBe(401);
    expect((await verify("vm-fitness", second.code, { ip: "192.0.2.21" })).status).toBe(200);
  });

  it("revokes at once, even for an unlocked visitor, and restores", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    const cookie = cookieOf(await verify("vm-fitness", code));
    const { preview: revoked } = await expectJson<{ preview: PreviewAdmin }>(staff.call("POST", `${base()}/revoke`), 200);
    expect(revoked.revoked).toBe(true);
    expect(await unlocked("vm-fitness", cookie)).toBe(false);
    expect((await verify("vm-fitness", code, { ip: "192.0.2.30" })).status).toBe(401);
    const { preview: restored } = await expectJson<{ preview: PreviewAdmin }>(staff.call("POST", `${base()}/restore`), 200);
    expect(restored).toMatchObject({ revoked: false, hasCode: true });
    expect(restored.updatedAt! > revoked.updatedAt!).toBe(true);
    // The old cookie stays dead; the code works again.
    expect(await unlocked("vm-fitness", cookie)).toBe(false);
    expect((await verify("vm-fitness", code, { ip: "192.0.2.31" })).status).toBe(200);
  });

  it("keeps the code when only the URL or expiry change", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    const cookie = cookieOf(await verify("vm-fitness", code));
    await expectJson(link({ preview_id: "vm-fitness", previewUrl: "https://v2.vmfitness.example/" }), 200);
    const res = await revisit("vm-fitness", cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ client: { previewUrl: "https://v2.vmfitness.example/" } });
  });

  it("refuses a change made from an edge's stale copy of the card, so a revocation it had not seen holds", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    const open = await env.PREVIEWS.get(previewKey("vm-fitness"));
    await expectJson(staff.call("POST", `${base()}/revoke`), 200);
    const revoked = await env.PREVIEWS.get(previewKey("vm-fitness"));
    // This edge still serves the copy from before the revocation.
    await env.PREVIEWS.put(previewKey("vm-fitness"), open!);
    const stale = await expectJson<Fields>(staff.call("POST", `${base()}/code`), 409);
    expect(stale.error.message).toBe("This preview was changed by someone else. It has been reloaded with the latest details.");
    expect(
      (await expectJson<Fields>(link({ preview_id: "vm-fitness", previewUrl: "https://v3.vmfitness.example/" }), 409)).error.code,
    ).toBe("conflict");
    // Once the edge catches up, the card is still revoked, and the next change goes through.
    await env.PREVIEWS.put(previewKey("vm-fitness"), revoked!);
    expect((await verify("vm-fitness", code, { ip: "192.0.2.35" })).status).toBe(401);
    expect((await preview())!.revoked).toBe(true);
    await expectJson(staff.call("POST", `${base()}/restore`), 200);
  });

  it("a new URL or expiry makes older copies of the card stale, so a shortened expiry holds at once", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    const before = await env.PREVIEWS.get(previewKey("vm-fitness"));
    await expectJson(link({ preview_id: "vm-fitness", expiresAt: new Date(Date.now() + 1000).toISOString() }), 200);
    // An edge serving the copy from before the new expiry opens nothing.
    await env.PREVIEWS.put(previewKey("vm-fitness"), before!);
    expect((await verify("vm-fitness", code, { ip: "192.0.2.36" })).status).toBe(401);
  });

  it("moving a client to another card revokes the old one; a card passing to a new client starts without a code", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    const { preview: moved } = await expectJson<{ preview: PreviewAdmin }>(link({ preview_id: "jemrex" }), 200);
    expect(moved).toMatchObject({ preview_id: "jemrex", hasCode: false });
    expect((await readPreview(env.PREVIEWS, "vm-fitness"))!.revoked).toBe(true);
    expect((await verify("vm-fitness", code)).status).toBe(401);
    const other = (await expectJson<{ client: { id: string } }>(staff.call("POST", "/api/crm/clients", { name: "Someone Else" }), 201))
      .client.id;
    const { preview: taken } = await expectJson<{ preview: PreviewAdmin }>(link({ preview_id: "vm-fitness" }, other), 200);
    expect(taken).toMatchObject({ name: "Someone Else", hasCode: false, revoked: false });
    expect((await verify("vm-fitness", code, { ip: "192.0.2.40" })).status).toBe(401);
  });

  it("unlinks a client, revoking its card", async () => {
    expect((await staff.call("DELETE", base())).status).toBe(409);
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    await expectJson(staff.call("DELETE", base()), 200);
    expect(await preview()).toBeNull();
    expect((await verify("vm-fitness", code)).status).toBe(401);
  });
});

describe("the access log", () => {
  it("records every unlock attempt with time, success and a coarse browser, the address only as a hash", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    await verify("vm-fitness", "wrong", { ip: "203.0.113.7", ua: IPHONE });
    await verify("vm-fitness", code, { ip: "203.0.113.8" });
    const log = await expectJson<{ preview_id: string; entries: PreviewAccessEntry[]; last_viewed_at: string }>(
      staff.call("GET", `${base()}/log`),
      200,
    );
    expect(log.preview_id).toBe("vm-fitness");
    expect(log.entries.map((e) => [e.success, e.browser])).toEqual([
      [true, "Firefox (desktop)"],
      [false, "Safari (mobile)"],
    ]);
    expect(log.entries[0].ip_hash).not.toBe(log.entries[1].ip_hash);
    expect(JSON.stringify(await rows("SELECT * FROM preview_access_log"))).not.toContain("203.0.113");
    expect(Date.parse(log.last_viewed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("updates 'last viewed' on a revisit with the unlock cookie", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    const cookie = cookieOf(await verify("vm-fitness", code));
    const first = (await preview())!.last_viewed_at!;
    await new Promise((r) => setTimeout(r, 5));
    expect((await revisit("vm-fitness", cookie)).status).toBe(200);
    const second = (await preview())!.last_viewed_at!;
    expect(second > first).toBe(true);
    // A revisit is a view, not an unlock attempt.
    expect(await rows("SELECT id FROM preview_access_log")).toHaveLength(1);
  });

  it("lists the newest 50, and logs nothing for ids that are not public cards", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const at = (i: number) => new Date(Date.now() - (60 - i) * 1000).toISOString();
    const values = Array.from({ length: 60 }, (_, i) => `('vm-fitness', ${i % 2}, 'Chrome (desktop)', 'h${i}', '${at(i)}')`).join(",");
    await env.DB.prepare(`INSERT INTO preview_access_log (preview_id, success, browser, ip_hash, created_at) VALUES ${values}`).run();
    const log = await expectJson<{ entries: PreviewAccessEntry[] }>(staff.call("GET", `${base()}/log`), 200);
    expect(log.entries).toHaveLength(50);
    expect(log.entries[0].ip_hash).toBe("h59");
    await verify("made-up-id", "x");
    expect(await rows("SELECT id FROM preview_access_log WHERE preview_id = 'made-up-id'")).toHaveLength(0);
  });

  it("answers an empty log for a client with no preview", async () => {
    expect(await expectJson(staff.call("GET", `${base()}/log`), 200)).toEqual({ preview_id: null, entries: [], last_viewed_at: null });
  });
});
