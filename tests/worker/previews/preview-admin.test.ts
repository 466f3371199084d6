import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { apiClient, errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";
import { previewKey, readPreview } from "../../../worker/modules/previews";
import { previewIds, type PreviewLinkInput } from "../../../contract/preview";

let staff: Staff;
let clientId = "";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** The client's preview card, as the CRM's client page manages it. */
const previewCard = () => staff.api.crm.clients[":id"].preview;
const ofClient = () => ({ param: { id: clientId } });
const link = (body: PreviewLinkInput, id = clientId) => staff.api.crm.clients[":id"].preview.$put({ param: { id: id }, json: body });
const newCode = async () => expectJson(previewCard().code.$post(ofClient()), 201);
const preview = async () => (await expectJson(previewCard().$get(ofClient()), 200)).preview;

function verify(id: string, password: string, opts: { ip?: string; ua?: string } = {}) {
  return apiClient({ ip: opts.ip ?? "192.0.2.10", headers: { "User-Agent": opts.ua ?? FIREFOX } }).previews[":clientId"].verify.$post({
    param: { clientId: id },
    json: { password },
  });
}
const cookieOf = (res: { headers: Headers }) => res.headers.get("Set-Cookie")!.split(";")[0];
const unlocked = async (id: string, cookie: string) => (await (await revisit(id, cookie)).json()).success;
const revisit = (id: string, cookie: string) => apiClient({ cookie }).previews[":clientId"].$get({ param: { clientId: id } });

beforeEach(async () => {
  staff = await signInAs("Sales");
  clientId = (await expectJson(staff.api.crm.clients.$post({ json: { name: "VM Fitness" } }), 201)).client.id;
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
    expect((await staff.api.crm.clients[":id"].preview.$get({ param: { id: "nope" } })).status).toBe(404);
    expect((await link({ preview_id: "vm-fitness" }, "nope")).status).toBe(404);
    expect((await staff.api.crm.clients[":id"].preview.code.$post({ param: { id: "nope" } })).status).toBe(404);
  });

  it("links a client to a card with its URL and expiry; Sales may do it", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { preview: linked } = await expectJson(
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
    const card = await errorOf(link({ preview_id: unchecked("not-a-card") }), 422);
    expect(card.fields?.preview_id).toBe("Choose one of the preview cards");
    for (const previewUrl of ["http://staging.example.com", "javascript:alert(1)", "staging.example.com"]) {
      const url = await errorOf(link({ preview_id: "vm-fitness", previewUrl }), 422);
      expect(url.fields?.previewUrl).toBe("Please enter a valid https:// URL");
    }
    const past = await errorOf(link({ preview_id: "vm-fitness", expiresAt: "2020-01-01T00:00:00Z" }), 422);
    expect(past.fields?.expiresAt).toBe("Choose a time in the future");
    expect((await link({ preview_id: "vm-fitness", expiresAt: "next week" })).status).toBe(422);
    expect(await preview()).toBeNull();
  });

  it("refuses a card already linked to another client", async () => {
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const other = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Jemrex" } }), 201)).client.id;
    const taken = await errorOf(link({ preview_id: "vm-fitness" }, other), 409);
    expect(taken.fields?.preview_id).toBe("That preview is already linked to VM Fitness");
  });

  it("issues a code shown once, stored only as a hash, that unlocks the public preview", async () => {
    expect((await previewCard().code.$post(ofClient())).status).toBe(409);
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
    const { preview: revoked } = await expectJson(previewCard().revoke.$post(ofClient()), 200);
    expect(revoked.revoked).toBe(true);
    expect(await unlocked("vm-fitness", cookie)).toBe(false);
    expect((await verify("vm-fitness", code, { ip: "192.0.2.30" })).status).toBe(401);
    const { preview: restored } = await expectJson(previewCard().restore.$post(ofClient()), 200);
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
    await expectJson(previewCard().revoke.$post(ofClient()), 200);
    const revoked = await env.PREVIEWS.get(previewKey("vm-fitness"));
    // This edge still serves the copy from before the revocation.
    await env.PREVIEWS.put(previewKey("vm-fitness"), open!);
    const stale = await errorOf(previewCard().code.$post(ofClient()), 409);
    expect(stale.message).toBe("This preview was changed by someone else. It has been reloaded with the latest details.");
    expect((await errorOf(link({ preview_id: "vm-fitness", previewUrl: "https://v3.vmfitness.example/" }), 409)).code).toBe("conflict");
    // Once the edge catches up, the card is still revoked, and the next change goes through.
    await env.PREVIEWS.put(previewKey("vm-fitness"), revoked!);
    expect((await verify("vm-fitness", code, { ip: "192.0.2.35" })).status).toBe(401);
    expect((await preview())!.revoked).toBe(true);
    await expectJson(previewCard().restore.$post(ofClient()), 200);
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
    const { preview: moved } = await expectJson(link({ preview_id: "jemrex" }), 200);
    expect(moved).toMatchObject({ preview_id: "jemrex", hasCode: false });
    expect((await readPreview(env.PREVIEWS, "vm-fitness"))!.revoked).toBe(true);
    expect((await verify("vm-fitness", code)).status).toBe(401);
    const other = (await expectJson(staff.api.crm.clients.$post({ json: { name: "Someone Else" } }), 201)).client.id;
    const { preview: taken } = await expectJson(link({ preview_id: "vm-fitness" }, other), 200);
    expect(taken).toMatchObject({ name: "Someone Else", hasCode: false, revoked: false });
    expect((await verify("vm-fitness", code, { ip: "192.0.2.40" })).status).toBe(401);
  });

  it("unlinks a client, revoking its card", async () => {
    expect((await previewCard().$delete(ofClient())).status).toBe(409);
    await expectJson(link({ preview_id: "vm-fitness" }), 200);
    const { code } = await newCode();
    await expectJson(previewCard().$delete(ofClient()), 200);
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
    const log = await expectJson(previewCard().log.$get(ofClient()), 200);
    expect(log.preview_id).toBe("vm-fitness");
    expect(log.entries.map((e) => [e.success, e.browser])).toEqual([
      [true, "Firefox (desktop)"],
      [false, "Safari (mobile)"],
    ]);
    expect(log.entries[0].ip_hash).not.toBe(log.entries[1].ip_hash);
    expect(JSON.stringify(await rows("SELECT * FROM preview_access_log"))).not.toContain("203.0.113");
    expect(Date.parse(log.last_viewed_at!)).toBeGreaterThan(Date.now() - 60_000);
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
    const log = await expectJson(previewCard().log.$get(ofClient()), 200);
    expect(log.entries).toHaveLength(50);
    expect(log.entries[0].ip_hash).toBe("h59");
    await verify("made-up-id", "x");
    expect(await rows("SELECT id FROM preview_access_log WHERE preview_id = 'made-up-id'")).toHaveLength(0);
  });

  it("answers an empty log for a client with no preview", async () => {
    expect(await expectJson(previewCard().log.$get(ofClient()), 200)).toEqual({ preview_id: null, entries: [], last_viewed_at: null });
  });
});
