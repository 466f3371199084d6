/**
 * The CRM shell's inline first data (contract/crm-boot.ts, docs/decisions/0010): only a valid
 * session gets any, what a lead says stays text inside the JSON block, and the page is never stored.
 */
import { describe, expect, it } from "vitest";
import { cookieFor, expectJson, forgeToken, request, signInAs, type Api, type OkBody, type Staff } from "../support/helpers";
import { BOARD_FIRST_SCREEN, type CrmBoot } from "../../../contract/crm-boot";

const HOSTILE = "</script><script>alert(1)</script>";
const BLOCK = /<script type="application\/json" id="crm-boot">([\s\S]*?)<\/script>/g;

/** The board as its route answers it, which the shell inlines as it is. */
type Board = OkBody<Awaited<ReturnType<Api["crm"]["leads"]["board"]["$get"]>>>;
const addLead = async (who: Staff, name: string, value?: number) =>
  (await expectJson(who.api.crm.leads.$post({ json: { name, value } }), 201)).lead;

/** The CRM page as a browser loads it: HTML, not the JSON API, so a raw request. */
async function shell(path: string, cookie?: string) {
  const res = await request("GET", path, undefined, cookie);
  const html = await res.text();
  const blocks = [...html.matchAll(BLOCK)];
  return { res, html, blocks, boot: blocks.length === 1 ? (JSON.parse(blocks[0][1]) as CrmBoot) : undefined };
}

const scriptTags = (html: string) => (html.match(/<script\b/gi) ?? []).length;
const dataOf = (boot: CrmBoot | undefined, key: unknown[]) => boot?.queries.find((q) => JSON.stringify(q.key) === JSON.stringify(key));

describe("the CRM shell's inline data", () => {
  it("carries the signed-in user and the pipeline's board, escaped, with no-store", async () => {
    const owner = await signInAs("Owner");
    const lead = await addLead(owner, HOSTILE);
    const signedOut = await shell("/crm");

    const asked = Date.now();
    const { res, html, blocks, boot } = await shell("/crm", owner.cookie);
    expect(res.status).toBe(200);
    // When the worker began reading, for the live socket's `since`; only the board comes short of its query.
    expect(boot?.read_at).toBeGreaterThanOrEqual(asked);
    expect(boot?.read_at).toBeLessThanOrEqual(Date.now());
    expect(boot?.queries.filter((q) => q.partial).map((q) => q.key)).toEqual([["leads", "board"]]);
    expect(signedOut.boot?.read_at).toBeUndefined();
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    // The block is data, not a script: the CSP still allows no inline script but those pinned by hash
    // (the boot script and the speculation rules; tests/worker/http/errors.test.ts names them).
    expect(res.headers.get("Content-Security-Policy")).toMatch(/script-src 'self'( 'sha256-[^']+')+(;|$)/);
    expect(res.headers.get("Content-Security-Policy")).not.toMatch(/'unsafe-inline'[^;]*;\s*style-src|script-src[^;]*'unsafe-inline'/);
    expect(blocks).toHaveLength(1);
    // The name is in the page only as escaped JSON: no element of its own, no closing tag.
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain("alert(1)</script>");
    expect(scriptTags(html)).toBe(scriptTags(signedOut.html));
    expect(boot?.user).toMatchObject({ id: owner.id, role: "Owner" });
    // The board is the API's own answer, so the web side can cache it as its query would: a first
    // screen's cards a column, which the live socket's first connection tops up to the page's 50.
    const api = await expectJson(owner.api.crm.leads.board.$get({ query: { per_column: String(BOARD_FIRST_SCREEN) } }), 200);
    expect(dataOf(boot, ["leads", "board"])?.data).toEqual(api);
    const board = dataOf(boot, ["leads", "board"])?.data as Board;
    const cards = board.columns.flatMap((c) => c.leads);
    expect(cards.find((l) => l.id === lead.id)?.name).toBe(HOSTILE);
    expect(dataOf(boot, ["tasks", "open-count"])?.data).toEqual({ open: 0 });
  });

  it("carries a first screen's cards a column, and each column's whole count and value", async () => {
    const owner = await signInAs("Owner");
    const extra = 2;
    for (let i = 0; i < BOARD_FIRST_SCREEN + extra; i++) await addLead(owner, `Lead ${i}`, 100);
    const board = dataOf((await shell("/crm", owner.cookie)).boot, ["leads", "board"])?.data as Board;
    const fresh = board.columns.find((c) => c.status === "New");
    expect(fresh).toMatchObject({ count: BOARD_FIRST_SCREEN + extra, value: 100 * (BOARD_FIRST_SCREEN + extra) });
    expect(fresh?.leads).toHaveLength(BOARD_FIRST_SCREEN);
  });

  it("gives the gate no data without a valid session: none, expired or forged", async () => {
    const owner = await signInAs("Owner");
    await addLead(owner, "Private Prospect Ltd");
    const now = Math.floor(Date.now() / 1000);
    const expired = cookieFor(await forgeToken({ sub: owner.id, iat: now - 7200, exp: now - 3600 }));
    const forged = cookieFor(await forgeToken({ sub: owner.id }, "a-secret-that-is-not-the-workers-0123456789abcdef"));
    for (const cookie of [undefined, expired, forged]) {
      const { res, html, blocks, boot } = await shell("/crm", cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(blocks).toHaveLength(1);
      expect(boot).toEqual({ user: null, queries: [] });
      expect(html).not.toContain("Private Prospect");
    }
  });

  it("inlines each page's own first data, and only what the role may read", async () => {
    const owner = await signInAs("Owner");
    await addLead(owner, "Ada Lovelace");
    const leads = (await shell("/crm/leads", owner.cookie)).boot;
    expect(dataOf(leads, ["leads", "list", {}])).toMatchObject({ firstPageParam: 0, data: { total: 1 } });
    expect(dataOf(leads, ["leads", "board"])).toBeUndefined();

    const sales = await signInAs("Sales");
    const settings = (await shell("/crm/settings", sales.cookie)).boot;
    expect(settings?.user).toMatchObject({ id: sales.id, role: "Sales" });
    expect(dataOf(settings, ["settings", "studio"])).toBeDefined();
    // Owner-only answers are refused to Sales, so they are not inlined either.
    expect(dataOf(settings, ["settings", "backups"])).toBeUndefined();
    expect(dataOf(settings, ["users", "invites"])).toBeUndefined();
    expect(dataOf(settings, ["digests", "failed"])).toBeUndefined();
    expect(dataOf(settings, ["mail", "refusals"])).toBeUndefined();
    expect(dataOf(settings, ["digests", "preference"])).toMatchObject({ data: { daily_digest: true } });
    expect(dataOf(settings, ["users", "audit", "list"])).toBeUndefined();
    expect(dataOf(settings, ["calendar-feed"])).toEqual({ key: ["calendar-feed"], data: { feed: { enabled: false, issued_at: null } } });
    const ownerSettings = (await shell("/crm/settings", owner.cookie)).boot;
    expect(dataOf(ownerSettings, ["users", "invites"])).toBeDefined();
    expect(dataOf(ownerSettings, ["digests", "failed"])).toMatchObject({ data: { digests: [] } });
    expect(dataOf(ownerSettings, ["mail", "refusals"])).toMatchObject({ data: { count: 0, latest: [] } });
    // The audit trail's first page, as the panel's infinite query asks for it: no cursor yet.
    const audit = dataOf(ownerSettings, ["users", "audit", "list"]);
    expect(audit).toMatchObject({ firstPageParam: null });
    expect(audit?.data).toEqual(await expectJson(owner.api.crm.audit.$get({ query: {} }), 200));
  });

  it("inlines the Activity Feed's first page for the filters in its URL, with no cursor yet", async () => {
    const owner = await signInAs("Owner");
    await expectJson(owner.api.crm.activities.$post({ json: { summary: "Rang Ada", type: "Call" } }), 201);
    await expectJson(owner.api.crm.activities.$post({ json: { summary: "Wrote to Ada", type: "Email" } }), 201);

    const all = (await shell("/crm/activity", owner.cookie)).boot;
    expect(dataOf(all, ["activities", "list", {}])).toMatchObject({ firstPageParam: null });
    expect(dataOf(all, ["activities", "list", {}])?.data).toEqual(await expectJson(owner.api.crm.activities.$get({ query: {} }), 200));

    const filtered = (await shell(`/crm/activity?type=Call&who=${owner.id}`, owner.cookie)).boot;
    const key = ["activities", "list", { type: "Call", who: owner.id }];
    expect(dataOf(filtered, key)).toMatchObject({ firstPageParam: null, data: { next: null, activities: [{ summary: "Rang Ada" }] } });
    // An unknown type is no filter, as the page reads it.
    expect(dataOf((await shell("/crm/activity?type=Tweet", owner.cookie)).boot, ["activities", "list", {}])).toBeDefined();
  });
});
