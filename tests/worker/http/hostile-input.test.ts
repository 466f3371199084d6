/**
 * Over a thousand malformed or hostile requests against every write endpoint, public and CRM:
 * each must be answered with JSON, never a 5xx, and a rejected one must change no row.
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { expectJson, signInAs, type Staff } from "../support/helpers";

const TABLES = [
  "leads",
  "lead_activities",
  "clients",
  "projects",
  "proposals",
  "invoices",
  "tasks",
  "activities",
  "form_submissions",
  "users",
  "invites",
  "settings",
];

/**
 * A cheap fingerprint of every table's contents. One statement rather than a batch of one per table: it is read after
 * each of the sweep's 2,600-odd requests, and D1 prepares, runs and answers each statement of a batch on its own.
 * Each table's aggregate is one row, so their cross join is one row too (D1 refuses a UNION ALL of twelve).
 */
const FINGERPRINT = `SELECT * FROM ${TABLES.map(
  (t) =>
    `(SELECT count(*) AS "${t}.n", max(updated_at) AS "${t}.u", total(length(CAST(${t === "settings" ? "value" : "id"} AS TEXT))) AS "${t}.l" FROM ${t})`,
).join(", ")}`;
async function fingerprint(): Promise<string> {
  return JSON.stringify(await env.DB.prepare(FINGERPRINT).first());
}

const huge = "x".repeat(200_000);
const hostileStrings = [
  "",
  " ",
  huge,
  "\u0000\u0001\u0002\u001f",
  "😀🎉👩‍👩‍👧‍👦",
  "'; DROP TABLE leads; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "../../etc/passwd",
  "\r\nBcc: victim@example.com",
  "%00",
  "\\",
];
const hostileValues: unknown[] = [
  ...hostileStrings,
  null,
  0,
  -1,
  1e308,
  -1e308,
  true,
  false,
  [],
  {},
  ["a"],
  { nested: { deep: true } },
  NaN,
];

/** Bodies that are wrong in shape, whatever the endpoint expects. */
const shapeAttacks: unknown[] = [
  null,
  [],
  "string",
  42,
  true,
  {},
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  { prototype: "x" },
  { unexpected_field: "x" },
];

const rawAttacks: { body: string; type?: string }[] = [
  { body: "{not json" },
  { body: "" },
  { body: '{"a":' },
  { body: "null" },
  { body: "[1,2,3]" },
  { body: "\u0000" },
  { body: '{"name": "x"}', type: "text/plain" },
  { body: "name=x&email=y", type: "application/x-www-form-urlencoded" },
  { body: '{"name": "x"}', type: "application/xml" },
  { body: '{"a":' + "[".repeat(5000) + "]".repeat(5000) + "}" },
];

/** Field names each write endpoint knows, to aim wrong values at real fields. */
const knownFields = [
  "name",
  "email",
  "subject",
  "message",
  "budget",
  "currentWebsite",
  "projectDescription",
  "phone",
  "propertyAddress",
  "password",
  "full_name",
  "token",
  "role",
  "status",
  "value",
  "company",
  "source",
  "notes",
  "next_action",
  "follow_up_date",
  "updated_at",
  "description",
  "action",
  "project_type",
  "title",
  "type",
  "client_id",
  "lead_id",
  "project_id",
  "budget",
  "stage",
  "start_date",
  "due_date",
  "number",
  "total",
  "date",
  "priority",
  "completed",
  "assignee_username",
  "summary",
  "website",
  "emails",
  "phones",
  "services",
  "active",
  "sent_date",
  "who_username",
  "related_type",
  "related_id",
  "confirm",
];

let staff: Staff;
let ids: Record<string, string>;

beforeEach(async () => {
  staff = await signInAs("Owner");
  const { crm } = staff.api;
  const lead = await expectJson(crm.leads.$post({ json: { name: "Target Lead" } }), 201);
  const client = await expectJson(crm.clients.$post({ json: { name: "Target Client" } }), 201);
  const project = await expectJson(crm.projects.$post({ json: { title: "Target", client_id: client.client.id } }), 201);
  const proposal = await expectJson(crm.proposals.$post({ json: { title: "Target", lead_id: lead.lead.id } }), 201);
  const task = await expectJson(crm.tasks.$post({ json: { title: "Target" } }), 201);
  const invoice = await expectJson(
    crm.invoices.$post({
      json: { number: "INV-202611-001", client_id: client.client.id, total: 10, date: "2026-11-01", due_date: "2026-11-30" },
    }),
    201,
  );
  ids = {
    leads: lead.lead.id,
    clients: client.client.id,
    projects: project.project.id,
    proposals: proposal.proposal.id,
    tasks: task.task.id,
    invoices: invoice.invoice.id,
  };
});

function writeRoutes() {
  const seen = new Set<string>();
  return (
    app.routes
      // Signing out (here or everywhere) would end the session the rest of the sweep uses; neither has a body to attack.
      .filter(
        (r) =>
          ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) &&
          r.path.startsWith("/api/") &&
          r.path !== "/api/auth/logout" &&
          r.path !== "/api/auth/logout-all",
      )
      // Deleting the target would turn the rest of the sweep into 404s: deletes aim at a missing id.
      .map((r) => {
        const entity = r.path.split("/")[3] ?? "";
        const target = r.method === "DELETE" ? "missing-id" : (ids[entity] ?? ids.leads);
        return {
          method: r.method,
          path: r.path
            .replace(/:id\b/, target)
            .replace(/:clientId\b/, "vm-fitness")
            .replace(/:[a-zA-Z]+/g, target),
        };
      })
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`))
  );
}

describe("hostile input", () => {
  it(
    "answers every malformed request to every write endpoint with a JSON 4xx (or 2xx when valid), never a 5xx, changing nothing when refused",
    { timeout: 240_000 },
    async () => {
      const routes = writeRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const cases: { method: string; path: string; body: string; type?: string }[] = [];
      for (const r of routes) {
        for (const attack of rawAttacks) cases.push({ ...r, ...attack });
        for (const shape of shapeAttacks) cases.push({ ...r, body: JSON.stringify(shape) });
      }
      // Wrong values aimed at real field names, spread across the routes.
      let i = 0;
      for (const field of knownFields) {
        for (const value of hostileValues) {
          const r = routes[i++ % routes.length];
          cases.push({ ...r, body: JSON.stringify({ [field]: value, updated_at: "2026-01-01T00:00:00.000Z" }) });
        }
      }
      // Valid requests whose text is hostile: stored as given (or refused when too long), never a crash.
      for (const text of hostileStrings.filter((t) => t.trim())) {
        cases.push({ method: "POST", path: "/api/crm/leads", body: JSON.stringify({ name: text, notes: text, company: text }) });
        cases.push({ method: "POST", path: "/api/crm/clients", body: JSON.stringify({ name: text, notes: text }) });
        cases.push({ method: "POST", path: "/api/crm/tasks", body: JSON.stringify({ title: text, notes: text }) });
        cases.push({ method: "POST", path: "/api/crm/activities", body: JSON.stringify({ summary: text }) });
        cases.push({ method: "POST", path: "/api/crm/projects", body: JSON.stringify({ title: text, notes: text }) });
        cases.push({ method: "POST", path: "/api/crm/proposals", body: JSON.stringify({ title: text, notes: text }) });
        cases.push({ method: "POST", path: `/api/crm/leads/${ids.leads}/activities`, body: JSON.stringify({ description: text }) });
        cases.push({
          method: "POST",
          path: "/api/contact",
          body: JSON.stringify({ name: `Jo ${text}`, email: "jo@example.com", subject: `Hello ${text}`, message: `A message: ${text}` }),
        });
      }
      expect(cases.length).toBeGreaterThanOrEqual(1000);
      const NATIVE_FORM_PATHS = ["/api/contact", "/api/redesign", "/api/valuation", "/api/book", "/api/auth/login"];
      const isNativeFormPost = (c: { path: string; type?: string }) =>
        NATIVE_FORM_PATHS.includes(c.path) ||
        /^\/api\/previews\/[^/]+\/verify$/.test(c.path) ||
        /^\/api\/book\/call\/[^/]+\/(cancel|move)$/.test(c.path)
          ? /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(c.type ?? "")
          : false;

      const failures: string[] = [];
      const statuses: Record<number, number> = {};
      let n = 0;
      // The rows as they stand before each request: read once, then again only after a request that
      // may have changed them (one fingerprint per request rather than one either side of it).
      let before = await fingerprint();
      // Raw requests: what they send is what no client's types allow.
      for (const c of cases) {
        const res = await exports.default.fetch(`http://localhost${c.path}`, {
          method: c.method,
          headers: { "Content-Type": c.type ?? "application/json", Cookie: staff.cookie, "CF-Connecting-IP": `10.0.${n++ % 250}.1` },
          body: c.method === "GET" ? undefined : c.body,
        });
        const text = await res.text();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const label = `${c.method} ${c.path} ${c.type ?? ""} ${c.body.slice(0, 60)} -> ${res.status} ${text.slice(0, 120)}`;
        if (res.status >= 500) failures.push(label);
        // An HTML form's post to a public form or sign-in is answered, like a browser expects, with a page (worker/http/native-form.ts).
        if (isNativeFormPost(c)) {
          if (res.status >= 400 && !res.headers.get("content-type")?.startsWith("text/html")) failures.push(`not a page: ${label}`);
          const after = await fingerprint();
          if (res.status >= 400 && after !== before) failures.push(`refused but changed rows: ${label}`);
          before = after;
          continue;
        }
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          failures.push(`not JSON: ${label}`);
        }
        if (res.status >= 400 && !(parsed && typeof parsed === "object" && "error" in parsed)) failures.push(`no error envelope: ${label}`);
        const after = await fingerprint();
        if (res.status >= 400 && after !== before) failures.push(`refused but changed rows: ${label}`);
        before = after;
      }
      expect(failures).toEqual([]);
      // The sweep reached the handlers: valid inputs were accepted and most hostile ones refused as invalid.
      expect((statuses[200] ?? 0) + (statuses[201] ?? 0)).toBeGreaterThan(20);
      expect(statuses[422]).toBeGreaterThan(500);
      expect(statuses[401] ?? 0).toBeLessThan(200);
      expect(Object.prototype).not.toHaveProperty("polluted");
      expect(Object.prototype).not.toHaveProperty("admin");
    },
  );
});
