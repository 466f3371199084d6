import { env, exports } from "cloudflare:workers";
import { evictAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { expectJson, request, signInAs, type Staff } from "./helpers";
import type { LiveHub } from "../../worker/live/hub";
import type { ServerMessage } from "../../contract/live";

let staff: Staff;
beforeEach(async () => {
  staff = await signInAs("Sales", "Marcus Reid");
});

/** Opens a live socket as `cookie` and collects what it receives. */
async function connect(cookie: string | undefined, origin = "http://localhost") {
  const res = await exports.default.fetch("http://localhost/api/crm/live", {
    headers: { Upgrade: "websocket", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
  if (!res.webSocket) return { res, messages: [] as ServerMessage[], ws: null };
  const ws = res.webSocket;
  const messages: ServerMessage[] = [];
  ws.addEventListener("message", (e) => messages.push(JSON.parse(e.data as string)));
  ws.accept();
  return { res, messages, ws };
}

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
    await expectJson(staff.call("POST", "/api/crm/tasks", { title: "Call the printers" }), 201);
    await until(() => changes(tab.messages).length >= 1);
    await new Promise((r) => setTimeout(r, 50));
    const events = changes(tab.messages);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "change", event: { entity: "tasks", op: "create", by: staff.id } });
  });

  it("broadcasts every kind of CRM write: each entity, each op, imports and delete-all", async () => {
    const owner = await signInAs("Owner", "Hannah Whitaker");
    const tab = await connect(staff.cookie);
    const made = async <T>(path: string, body: unknown, who = staff) => expectJson<Record<string, T>>(who.call("POST", path, body), 201);
    type Row = { id: string; updated_at: string };
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

    let lead!: Row;
    await expectOne("leads", "create", async () => (lead = (await made<Row>("/api/crm/leads", { name: "Broadcast Lead" })).lead));
    await expectOne("leads", "update", () =>
      expectJson(staff.call("PATCH", `/api/crm/leads/${lead.id}`, { status: "Qualified", updated_at: lead.updated_at }), 200),
    );
    await expectOne("lead_activities", "create", () => made(`/api/crm/leads/${lead.id}/activities`, { description: "Rang them" }));
    let client!: Row;
    await expectOne("clients", "create", async () => (client = (await made<Row>("/api/crm/clients", { name: "Broadcast Ltd" })).client));
    await expectOne("clients", "update", () =>
      expectJson(staff.call("PATCH", `/api/crm/clients/${client.id}`, { name: "Broadcast Limited", updated_at: client.updated_at }), 200),
    );
    await expectOne("projects", "create", () => made("/api/crm/projects", { title: "Broadcast Site", client_id: client.id }));
    await expectOne("proposals", "create", () => made("/api/crm/proposals", { title: "Broadcast Proposal" }));
    await expectOne("invoices", "create", () =>
      made("/api/crm/invoices", { number: "INV-202611-901", client_id: client.id, total: 100, date: "2026-11-01", due_date: "2026-12-01" }),
    );
    await expectOne("activities", "create", () => made("/api/crm/activities", { summary: "Broadcast call", type: "Call" }));
    await expectOne("leads", "delete", () => expectJson(staff.call("DELETE", `/api/crm/leads/${lead.id}`), 200));

    const exported = await expectJson(owner.call("GET", "/api/crm/export"), 200);
    await expectOne("all", "reset", () => expectJson(owner.call("POST", "/api/crm/delete-all", { confirm: "DELETE ALL" }), 200), owner);
    await expectOne("all", "reset", () => expectJson(owner.call("POST", "/api/crm/import", exported), 200), owner);
  });

  it("does not broadcast a refused write", async () => {
    const tab = await connect(staff.cookie);
    await expectJson(staff.call("POST", "/api/crm/tasks", { title: "" }), 422);
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

    await expectJson(owner.call("PATCH", `/api/crm/users/${staff.id}`, { disabled: true }), 200);
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
    await expectJson(staff.call("POST", "/api/crm/tasks", { title: "After eviction" }), 201);
    await until(() => changes(tab.messages).length === 1);
    const stub = env.LIVE.get(env.LIVE.idFromName("crm"));
    const sockets = await runInDurableObject(stub, (hub: LiveHub, state) => {
      expect(hub).toBeDefined();
      return state.getWebSockets().length;
    });
    expect(sockets).toBe(1);
  });

  it("answers a plain GET without an upgrade with a 400, not a socket", async () => {
    const res = await request("GET", "/api/crm/live", undefined, staff.cookie);
    expect(res.status).toBe(400);
  });
});
