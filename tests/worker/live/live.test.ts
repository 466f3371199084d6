import { env, exports } from "cloudflare:workers";
import { evictAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { cookieFor, errorOf, expectJson, forgeToken, sessionCookieOf, signInAs, type Staff } from "../support/helpers";
import { deleteAll, exportAll, importText } from "../support/crm-data";
import { SESSION_MAX_AGE_SECONDS } from "../../../worker/modules/users-and-auth";
import { CHANGE_LOG, type ChangeLog, type LiveHub } from "../../../worker/modules/live/hub";
import { MISSED_MARGIN_MS, type ServerMessage } from "../../../contract/live";

let staff: Staff;
beforeEach(async () => {
  staff = await signInAs("Sales", "Marcus Reid");
});

/** Opens a live socket as `cookie` and collects what it receives: a WebSocket upgrade, which the typed client does not make. */
async function connect(cookie: string | undefined, origin = "http://localhost", query = "") {
  const res = await exports.default.fetch(`http://localhost/api/crm/live${query}`, {
    headers: { Upgrade: "websocket", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
  if (!res.webSocket) return { res, messages: [] as ServerMessage[], ws: null, closed: () => null as number | null };
  const ws = res.webSocket;
  const messages: ServerMessage[] = [];
  let closedWith: number | null = null;
  ws.addEventListener("message", (e) => messages.push(JSON.parse(e.data as string)));
  ws.addEventListener("close", (e) => (closedWith = e.code));
  ws.accept();
  return { res, messages, ws, closed: () => closedWith };
}

const hub = () => env.LIVE.get(env.LIVE.idFromName("crm"));
const changes = (messages: ServerMessage[]) => messages.filter((m) => m.kind === "change");
async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("live hub", () => {
  it("refuses an upgrade without a session, and from another origin", async () => {
    const anonymous = await connect(undefined);
    expect(anonymous.res.status).toBe(401);
    expect(anonymous.ws).toBeNull();
    const foreign = await connect(staff.cookie, "https://evil.example");
    expect(foreign.res.status).toBe(401);
    expect(foreign.ws).toBeNull();
  });

  it("broadcasts exactly one event per committed write, naming who made it", async () => {
    const tab = await connect(staff.cookie);
    expect(tab.res.status).toBe(101);
    await expectJson(staff.api.crm.tasks.$post({ json: { title: "Call the printers" } }), 201);
    await until(() => changes(tab.messages).length >= 1);
    await new Promise((r) => setTimeout(r, 50));
    const events = changes(tab.messages);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "change", event: { entity: "tasks", op: "create", by: staff.id } });
  });

  it("broadcasts every kind of CRM write: each entity, each op, imports and delete-all", async () => {
    const owner = await signInAs("Owner", "Hannah Whitaker");
    const tab = await connect(staff.cookie);
    const { crm } = staff.api;
    /** Performs `write` and expects exactly one new event, for `entity` and `op`, by `who`. */
    const expectOne = async (entity: string, op: string, write: () => Promise<unknown>, who = staff) => {
      const before = changes(tab.messages).length;
      await write();
      await until(() => changes(tab.messages).length > before);
      await new Promise((r) => setTimeout(r, 50));
      const fresh = changes(tab.messages).slice(before);
      expect(fresh, `${entity} ${op}`).toHaveLength(1);
      expect(fresh[0]).toMatchObject({ event: { entity, op, by: who.id } });
    };

    type Row = { id: string; updated_at: string };
    let lead!: Row;
    await expectOne(
      "leads",
      "create",
      async () => (lead = (await expectJson(crm.leads.$post({ json: { name: "Broadcast Lead" } }), 201)).lead),
    );
    await expectOne("leads", "update", () =>
      expectJson(crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: "Qualified", updated_at: lead.updated_at } }), 200),
    );
    await expectOne("lead_activities", "create", () =>
      expectJson(crm.leads[":id"].activities.$post({ param: { id: lead.id }, json: { description: "Rang them" } }), 201),
    );
    let client!: Row;
    await expectOne(
      "clients",
      "create",
      async () => (client = (await expectJson(crm.clients.$post({ json: { name: "Broadcast Ltd" } }), 201)).client),
    );
    await expectOne("clients", "update", () =>
      expectJson(
        crm.clients[":id"].$patch({ param: { id: client.id }, json: { name: "Broadcast Limited", updated_at: client.updated_at } }),
        200,
      ),
    );
    await expectOne("projects", "create", () =>
      expectJson(crm.projects.$post({ json: { title: "Broadcast Site", client_id: client.id } }), 201),
    );
    await expectOne("proposals", "create", () =>
      expectJson(crm.proposals.$post({ json: { title: "Broadcast Proposal", client_id: client.id } }), 201),
    );
    await expectOne("invoices", "create", () =>
      expectJson(
        crm.invoices.$post({
          json: { number: "INV-202611-901", client_id: client.id, total: 100, date: "2026-11-01", due_date: "2026-12-01" },
        }),
        201,
      ),
    );
    await expectOne("activities", "create", () =>
      expectJson(crm.activities.$post({ json: { summary: "Broadcast call", type: "Call" } }), 201),
    );
    await expectOne("leads", "delete", () => expectJson(crm.leads[":id"].$delete({ param: { id: lead.id } }), 200));

    const exported = await exportAll(owner);
    await expectOne("all", "reset", () => deleteAll(owner), owner);
    await expectOne("all", "reset", () => expectJson(importText(owner, JSON.stringify(exported)), 200), owner);
  });

  it("does not broadcast a refused write", async () => {
    const tab = await connect(staff.cookie);
    await errorOf(staff.api.crm.tasks.$post({ json: { title: "" } }), 422);
    await new Promise((r) => setTimeout(r, 100));
    expect(changes(tab.messages)).toHaveLength(0);
  });

  it("tells every tab who is connected and what they are viewing", async () => {
    const owner = await signInAs("Owner", "Hannah Whitaker");
    const a = await connect(staff.cookie);
    const b = await connect(owner.cookie);
    b.ws!.send(JSON.stringify({ kind: "viewing", viewing: "pipeline" }));
    await until(() =>
      a.messages.some((m) => m.kind === "presence" && m.present.some((p) => p.full_name === "Hannah Whitaker" && p.viewing === "pipeline")),
    );
    b.ws!.close(1000);
    await until(() => {
      const last = a.messages.filter((m) => m.kind === "presence").at(-1);
      return !!last && last.kind === "presence" && last.present.every((p) => p.full_name !== "Hannah Whitaker");
    });
  });

  it("closes a disabled user's tabs at once and drops them from everyone's presence", async () => {
    const owner = await signInAs("Owner", "Hannah Whitaker");
    const watcher = await connect(owner.cookie);
    const tab = await connect(staff.cookie);
    // A second tab of the same user: both go in one step, not one presence update per tab.
    await connect(staff.cookie);
    let closedWith: number | undefined;
    tab.ws!.addEventListener("close", (e) => (closedWith = e.code));
    const presences = () => watcher.messages.filter((m) => m.kind === "presence");
    await until(() => presences().some((m) => m.kind === "presence" && m.present.filter((p) => p.user_id === staff.id).length === 2));
    const before = presences().length;

    await expectJson(owner.api.crm.users[":id"].$patch({ param: { id: staff.id }, json: { disabled: true } }), 200);
    await until(() => closedWith !== undefined);
    expect(closedWith).toBe(4401);
    await until(() => presences().length > before);
    const first = presences()[before];
    expect(first.kind === "presence" && first.present.map((p) => p.user_id)).toEqual([owner.id]);
    // Nor can the disabled account open a new socket.
    expect((await connect(staff.cookie)).res.status).toBe(401);
  });

  it("keeps its sockets across eviction (hibernation)", async () => {
    const tab = await connect(staff.cookie);
    await evictAllDurableObjects();
    await expectJson(staff.api.crm.tasks.$post({ json: { title: "After eviction" } }), 201);
    await until(() => changes(tab.messages).length === 1);
    const stub = env.LIVE.get(env.LIVE.idFromName("crm"));
    const sockets = await runInDurableObject(stub, (hub: LiveHub, state) => {
      expect(hub).toBeDefined();
      return state.getWebSockets().length;
    });
    expect(sockets).toBe(1);
  });

  /** The hub as one restarted since it wrote a change log begun at `keptFrom` (epoch ms). */
  async function hubWithLog(keptFrom: number) {
    await runInDurableObject(hub(), (_: LiveHub, state) =>
      state.storage.put(CHANGE_LOG, { kept_from: keptFrom, at: {} } satisfies ChangeLog),
    );
    await evictAllDurableObjects();
  }
  /** Makes `write` while `watching` listens, until the hub has broadcast it; answers the time just before it. */
  async function changeWhile(watching: Awaited<ReturnType<typeof connect>>, write: () => Promise<unknown>) {
    const before = Date.now();
    await write();
    await until(() => changes(watching.messages).length === 1);
    return before;
  }
  /** The first message a tab whose page read its data at `since` receives. */
  async function firstMessageSince(since: number) {
    const tab = await connect(staff.cookie, undefined, `?since=${since}`);
    await until(() => tab.messages.length > 0);
    return tab.messages[0];
  }

  it("tells a tab that gives since what changed after it, first and only to it, and nothing to one that does not", async () => {
    // A hub whose log reaches far back, as one that has run a while.
    await hubWithLog(1_000);
    const watching = await connect(staff.cookie);
    const read = await changeWhile(watching, () =>
      expectJson(staff.api.crm.tasks.$post({ json: { title: "Made while a page loaded" } }), 201),
    );
    // A page read just before the change: its tab is told, before anything else, that tasks changed.
    expect(await firstMessageSince(read)).toEqual({ kind: "missed", entities: ["tasks"] });
    // A page read well after it: nothing was missed.
    expect(await firstMessageSince(Date.now() + MISSED_MARGIN_MS + 1)).toEqual({ kind: "missed", entities: [] });
    // A tab with no inline data asks nothing and is told nothing; the others never see these answers.
    const plain = await connect(staff.cookie);
    await until(() => plain.messages.length > 0);
    await new Promise((r) => setTimeout(r, 50));
    for (const tab of [plain, watching]) expect(tab.messages.filter((m) => m.kind === "missed")).toEqual([]);
  });

  it("tells a tab that everything may have changed when its log does not reach back to since", async () => {
    // The hub started keeping its log after the page's read (its first start, or a log lost).
    await hubWithLog(Date.now());
    expect(await firstMessageSince(Date.now() - 60_000)).toEqual({ kind: "missed", entities: ["all"] });
  });

  it("keeps when each entity changed across the hub's restarts", async () => {
    await hubWithLog(1_000);
    const watching = await connect(staff.cookie);
    const read = await changeWhile(watching, () =>
      expectJson(staff.api.crm.clients.$post({ json: { name: "Stockport Bike Works" } }), 201),
    );
    await evictAllDurableObjects();
    expect(await firstMessageSince(read)).toEqual({ kind: "missed", entities: ["clients"] });
  });

  it("refuses a since that is not a time with a 422", async () => {
    for (const since of ["soon", "-5", "1.5", ""]) {
      const { res } = await connect(staff.cookie, undefined, `?since=${since}`);
      expect((await errorOf(res, 422)).code, since).toBe("validation_failed");
    }
  });

  it("answers a plain GET without an upgrade with a 400, not a socket", async () => {
    const res = await staff.api.crm.live.$get({ query: {} });
    expect(res.status).toBe(400);
  });
});

const openSockets = () => runInDurableObject(hub(), (_: LiveHub, state) => state.getWebSockets().length);
const SWEEP_LIMIT_MS = 60_000;

describe("a socket outlives no session", () => {
  /** A session cookie of `staff`, signed as the worker signs it, with some claims set (its expiry, its sign-in time). */
  const session = async (claims: { exp?: number; auth_time?: number; ep?: number; jti?: string }) =>
    cookieFor(await forgeToken({ sub: staff.id, ...claims }));
  const now = () => Math.floor(Date.now() / 1000);
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("checks every open socket's session at most 60 s apart while any is open", async () => {
    const before = Date.now();
    const tab = await connect(staff.cookie);
    expect(tab.res.status).toBe(101);
    const alarm = await runInDurableObject(hub(), (_: LiveHub, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(before + SWEEP_LIMIT_MS);
    // Each check books the next one.
    expect(await runDurableObjectAlarm(hub())).toBe(true);
    const next = await runInDurableObject(hub(), (_: LiveHub, state) => state.storage.getAlarm());
    expect(next).not.toBeNull();
    expect(next!).toBeLessThanOrEqual(Date.now() + SWEEP_LIMIT_MS);
    expect(tab.closed()).toBeNull();
  });

  it("closes a tab once its session has expired unused (12 hours idle)", async () => {
    const owner = await signInAs("Owner", "Hannah Whitaker");
    const watcher = await connect(owner.cookie);
    const tab = await connect(await session({ exp: now() + 2 }));
    expect(tab.res.status).toBe(101);
    await wait(2100);
    await runDurableObjectAlarm(hub());
    await until(() => tab.closed() !== null);
    expect(tab.closed()).toBe(4401);
    expect(watcher.closed()).toBeNull();
    const last = watcher.messages.filter((m) => m.kind === "presence").at(-1);
    expect(last?.kind === "presence" && last.present.map((p) => p.user_id)).toEqual([owner.id]);
  });

  it("closes a tab at the session's 7-day cap, however recently it was renewed", async () => {
    const tab = await connect(await session({ auth_time: now() - SESSION_MAX_AGE_SECONDS + 2, exp: now() + 3600 }));
    expect(tab.res.status).toBe(101);
    await wait(2100);
    await runDurableObjectAlarm(hub());
    await until(() => tab.closed() !== null);
    expect(tab.closed()).toBe(4401);
  });

  it("closes tabs whose session ended without the hub being told: everywhere, one sign-out, a disabled account", async () => {
    const everywhere = await connect(staff.cookie);
    const otherUser = await signInAs("Sales", "Priya Shah");
    const signedOut = await connect(otherUser.cookie);
    const third = await signInAs("Sales", "Tom Baker");
    const disabled = await connect(third.cookie);
    const bystander = await signInAs("Owner", "Hannah Whitaker");
    const stays = await connect(bystander.cookie);
    // Straight into D1, as if the worker's message to the hub had been lost.
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET session_epoch = session_epoch + 1 WHERE id = ?").bind(staff.id),
      env.DB.prepare("UPDATE users SET disabled = 1 WHERE id = ?").bind(third.id),
    ]);
    const jti = JSON.parse(atob(otherUser.cookie.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).jti as string;
    await env.DB.prepare("INSERT INTO revoked_sessions (jti, expires_at) VALUES (?, ?)")
      .bind(jti, new Date(Date.now() + 3_600_000).toISOString())
      .run();
    expect(await runDurableObjectAlarm(hub())).toBe(true);
    await until(() => [everywhere, signedOut, disabled].every((t) => t.closed() !== null));
    for (const t of [everywhere, signedOut, disabled]) expect(t.closed()).toBe(4401);
    expect(stays.closed()).toBeNull();
    expect(await openSockets()).toBe(1);
  });

  it("closes every tab of the account at once on sign-out-everywhere, without waiting for the check", async () => {
    const other = cookieFor(await forgeToken({ sub: staff.id }));
    const tabs = [await connect(staff.cookie), await connect(other)];
    await expectJson(staff.api.auth["logout-all"].$post(), 200);
    await until(() => tabs.every((t) => t.closed() !== null), 1000);
    expect(tabs.map((t) => t.closed())).toEqual([4401, 4401]);
    expect((await connect(other)).res.status).toBe(401);
  });

  it("closes every tab of the account at once on a password change; the new session connects again", async () => {
    const other = cookieFor(await forgeToken({ sub: staff.id }));
    const tabs = [await connect(staff.cookie), await connect(other)];
    const res = await staff.api.auth.password.$post({
      json: { current_password: "correct horse battery", new_password: "a brand new password 2026" },
    });
    expect(res.status).toBe(200);
    await until(() => tabs.every((t) => t.closed() !== null), 1000);
    expect(tabs.map((t) => t.closed())).toEqual([4401, 4401]);
    expect((await connect(other)).res.status).toBe(401);
    const fresh = await connect(sessionCookieOf(res)!);
    expect(fresh.res.status).toBe(101);
  });

  /** The hub's own connect, as the worker calls it after checking the session at `epoch`. */
  const hubConnect = (jti: string, epoch: number) => {
    const url = new URL("https://live.internal/connect");
    for (const [k, v] of Object.entries({
      user_id: staff.id,
      full_name: "Marcus Reid",
      session_id: jti,
      epoch: String(epoch),
      ends_at: String(Date.now() + 3_600_000),
    }))
      url.searchParams.set(k, v);
    return hub().fetch(url.toString(), { headers: { Upgrade: "websocket" } });
  };

  it("does not attach an upgrade whose session ends while the hub is checking it", async () => {
    // The hub is reading the session when the worker's "close this account's tabs" arrives.
    const [res] = await Promise.all([
      hubConnect(crypto.randomUUID(), 0),
      hub().fetch(`https://live.internal/disconnect?user_id=${staff.id}`, { method: "POST" }),
    ]);
    expect(res.status).toBe(401);
    expect(await openSockets()).toBe(0);
  });

  it("does not attach an upgrade that the worker let through just before sign-out-everywhere", async () => {
    // The worker read the session at epoch 0; sign-out-everywhere then committed and told the hub,
    // which had nothing to close yet; only then does the upgrade reach the hub.
    await env.DB.prepare("UPDATE users SET session_epoch = session_epoch + 1 WHERE id = ?").bind(staff.id).run();
    const res = await hubConnect(crypto.randomUUID(), 0);
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
    expect(await openSockets()).toBe(0);
  });
});
