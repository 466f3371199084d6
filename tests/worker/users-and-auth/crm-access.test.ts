/**
 * The CRM is private and roles are enforced by the worker. The sweeps iterate every route
 * registered under /api/crm (app.routes), so routes added later are covered without editing
 * this file; the Owner-only list is the one in worker/modules/users-and-auth/middleware.ts.
 * The sweeps send raw requests by method and path, since they walk routes they do not name;
 * the tests of named routes go through the typed client.
 */
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { isOwnerOnly, OWNER_ONLY_ROUTES } from "../../../worker/modules/users-and-auth";
import { apiClient, call, cookieFor, errorOf, expectJson, forgeToken, rows, signedIn, type Api } from "../support/helpers";

interface Route {
  method: string;
  path: string;
}

/** Every concrete endpoint under /api/crm, once per method and path (middleware entries are "ALL"). */
const crmRoutes: Route[] = [
  ...new Map(
    app.routes
      .filter((r) => r.path.startsWith("/api/crm/") && r.method !== "ALL")
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, () => crypto.randomUUID());

function hit(route: Route, cookie?: string) {
  const hasBody = !["GET", "HEAD", "DELETE"].includes(route.method);
  return call(concrete(route.path), { method: route.method, cookie, json: hasBody ? {} : undefined });
}

const label = (r: Route) => `${r.method} ${r.path}`;

describe("the /api/crm route list", () => {
  it("is read from the app and includes the known entities", () => {
    const paths = new Set(crmRoutes.map(label));
    for (const entity of ["leads", "clients", "projects", "proposals", "invoices", "tasks", "activities", "users"]) {
      expect(paths, entity).toContain(`GET /api/crm/${entity}`);
    }
    expect(paths).toContain("PATCH /api/crm/leads/:id");
    expect(paths).toContain("POST /api/crm/users/invites");
  });

  it("has every Owner-only entry registered as a route", () => {
    expect(OWNER_ONLY_ROUTES.length).toBeGreaterThan(0);
    for (const owned of OWNER_ONLY_ROUTES) {
      expect(
        crmRoutes.some((r) => r.method === owned.method && r.path === owned.path),
        `${owned.method} ${owned.path} is listed as Owner-only but no such route is registered`,
      ).toBe(true);
    }
  });
});

describe("every /api/crm route requires a session", () => {
  it("answers 401 with the envelope without a cookie", async () => {
    for (const route of crmRoutes) {
      const res = await hit(route);
      expect(res.status, label(route)).toBe(401);
      expect((await res.json()) as object, label(route)).toMatchObject({ error: { code: "unauthenticated" } });
    }
  });

  it("answers 401 for a garbage, a forged and an expired cookie", async () => {
    const { user } = await signedIn("Owner");
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      cookieFor("garbage"),
      cookieFor(await forgeToken({ sub: user.id }, "not-the-secret-but-just-as-long-0123456789")),
      cookieFor(await forgeToken({ sub: user.id, iat: now - 50_000, exp: now - 10 })),
    ];
    for (const route of crmRoutes) {
      for (const cookie of bad) {
        const res = await hit(route, cookie);
        expect(res.status, `${label(route)} with ${cookie.slice(0, 24)}…`).toBe(401);
      }
    }
  });

  it("answers 401 for unknown paths under /api/crm too, so they reveal nothing", async () => {
    // A path no route declares, so the typed client has no name for it.
    expect(await errorOf(call("/api/crm/nope"), 401)).toMatchObject({ code: "unauthenticated" });
  });
});

describe("roles", () => {
  it("refuses Sales on every Owner-only route with 403, before reading the body", async () => {
    const sales = await signedIn("Sales");
    for (const owned of OWNER_ONLY_ROUTES) {
      const res = await hit(owned, sales.cookie);
      expect(res.status, label(owned)).toBe(403);
      expect((await res.json()) as object).toMatchObject({
        error: { code: "forbidden", message: "You do not have permission to do that" },
      });
    }
  });

  it("gives Sales the same answer as an Owner on every other route: the role matters only on the list", async () => {
    const owner = await signedIn("Owner");
    const sales = await signedIn("Sales");
    for (const route of crmRoutes.filter((r) => !isOwnerOnly(r.method, r.path))) {
      const path = concrete(route.path);
      const hasBody = !["GET", "HEAD", "DELETE"].includes(route.method);
      const asOwner = await call(path, { method: route.method, cookie: owner.cookie, json: hasBody ? {} : undefined });
      const asSales = await call(path, { method: route.method, cookie: sales.cookie, json: hasBody ? {} : undefined });
      expect(asSales.status, label(route)).not.toBe(403);
      expect(asSales.status, label(route)).toBe(asOwner.status);
    }
  });

  it("cannot be dodged by encoding the path differently", async () => {
    const sales = await signedIn("Sales");
    // Spellings of the path that no client would send, so they go raw.
    for (const path of ["/api/crm/users/%69nvites", "/api/crm/users/invites/", "/api/crm//users/invites", "/api/crm/users/./invites"]) {
      const res = await call(path, { cookie: sales.cookie, json: { email: "someone@example.com", role: "Owner" } });
      expect([403, 404], path).toContain(res.status);
    }
    expect(await rows("SELECT id FROM invites")).toHaveLength(0);
  });

  it("matches Owner-only paths exactly, with their parameters", () => {
    expect(isOwnerOnly("POST", "/api/crm/users/invites")).toBe(true);
    expect(isOwnerOnly("post", "/api/crm/users/invites")).toBe(true);
    expect(isOwnerOnly("GET", "/api/crm/users/invites")).toBe(true);
    expect(isOwnerOnly("DELETE", "/api/crm/users/invites")).toBe(false);
    expect(isOwnerOnly("POST", "/api/crm/users/invites/extra")).toBe(false);
    expect(isOwnerOnly("POST", "/api/crm/users/invitesX")).toBe(false);
    expect(isOwnerOnly("GET", "/api/crm/users")).toBe(false);
  });
});

/** Each list's typed read, answering its body (the list under the entity's own key). */
const lists: Record<string, (api: Api) => Promise<Record<string, unknown>>> = {
  leads: (api) => expectJson(api.crm.leads.$get({ query: {} }), 200),
  clients: (api) => expectJson(api.crm.clients.$get({ query: {} }), 200),
  projects: (api) => expectJson(api.crm.projects.$get({ query: {} }), 200),
  proposals: (api) => expectJson(api.crm.proposals.$get({ query: {} }), 200),
  invoices: (api) => expectJson(api.crm.invoices.$get({ query: {} }), 200),
  tasks: (api) => expectJson(api.crm.tasks.$get({ query: {} }), 200),
  activities: (api) => expectJson(api.crm.activities.$get({ query: {} }), 200),
  users: (api) => expectJson(api.crm.users.$get(), 200),
};

describe("lists with a session", () => {
  it.each([
    ["leads", "leads"],
    ["clients", "clients"],
    ["projects", "projects"],
    ["proposals", "proposals"],
    ["invoices", "invoices"],
    ["tasks", "tasks"],
    ["activities", "activities"],
    ["users", "users"],
  ])("GET /api/crm/%s answers 200 with its list", async (path, key) => {
    const { cookie, user } = await signedIn("Sales");
    const body = await lists[path](apiClient({ cookie }));
    expect(Array.isArray(body[key]), JSON.stringify(body)).toBe(true);
    if (key === "users") {
      const users = body.users as { id: string }[];
      expect(users.map((u) => u.id)).toContain(user.id);
      // Staff names for everyone signed in, but never a password hash or salt.
      expect(JSON.stringify(users)).not.toMatch(/"(password_hash|salt|iterations)"/);
    }
  });
});

describe("records", () => {
  it("answers 404 for an unknown id", async () => {
    const { cookie } = await signedIn("Sales");
    expect(await errorOf(apiClient({ cookie }).crm.leads[":id"].$get({ param: { id: "nope" } }), 404)).toMatchObject({
      code: "not_found",
    });
  });

  it("refuses a lead edit made from a stale copy with 409", async () => {
    const { cookie } = await signedIn("Sales");
    const api = apiClient({ cookie });
    const { lead } = await expectJson(api.crm.leads.$post({ json: { name: "Ann Lee", company: "Lee Bakery" } }), 201);
    const edit = (name: string) => api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { name, updated_at: lead.updated_at } });
    const first = await expectJson(edit("Ann Lee-Smith"), 200);
    expect(first.lead.name).toBe("Ann Lee-Smith");
    expect(first.lead.updated_at).not.toBe(lead.updated_at);
    const error = await errorOf(edit("Overwritten"), 409);
    expect(error.code).toBe("conflict");
    const current = await expectJson(api.crm.leads[":id"].$get({ param: { id: lead.id } }), 200);
    expect(current.lead.name).toBe("Ann Lee-Smith");
  });
});
