/** Session and role gates for /api/crm/*. */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import type { Role } from "../../../contract/user";
import { currentSession } from "./session";
import { forbidden, unauthenticated } from "../../platform/errors";

export interface RouteRef {
  method: string;
  /** The full path as registered (`app.routes`), with `:param` placeholders. */
  path: string;
}

/**
 * Every CRM endpoint only an Owner may call (user management, studio settings, import,
 * delete-all). This is the one list: `requireSession` enforces it for every /api/crm request,
 * and the worker tests check that each entry is a registered route that refuses Sales, and
 * that no other route does. Add a route here when you register it.
 */
export const OWNER_ONLY_ROUTES: readonly RouteRef[] = [
  { method: "POST", path: "/api/crm/users/invites" },
  { method: "PUT", path: "/api/crm/settings" },
  { method: "PUT", path: "/api/crm/settings/stage-weights" },
  { method: "PUT", path: "/api/crm/settings/xero" },
  { method: "PUT", path: "/api/crm/settings/late-payment" },
  { method: "PUT", path: "/api/crm/settings/reminders" },
  { method: "POST", path: "/api/crm/invoices/:id/late-payment-charge" },
  // Cancelling decides what the studio keeps and credits (docs/decisions/0068).
  { method: "POST", path: "/api/crm/projects/:id/cancel" },
  { method: "PUT", path: "/api/crm/settings/payments" },
  { method: "PUT", path: "/api/crm/settings/bookings" },
  { method: "GET", path: "/api/crm/users/invites" },
  { method: "PATCH", path: "/api/crm/users/:id" },
  { method: "POST", path: "/api/crm/import" },
  { method: "POST", path: "/api/crm/delete-all" },
  { method: "GET", path: "/api/crm/backups" },
  { method: "POST", path: "/api/crm/backups/:id/restore" },
  { method: "GET", path: "/api/crm/export" },
  { method: "GET", path: "/api/crm/audit" },
  { method: "DELETE", path: "/api/crm/users/invites/:id" },
  { method: "GET", path: "/api/crm/digests/failed" },
  { method: "POST", path: "/api/crm/digests/:id/resend" },
  { method: "GET", path: "/api/crm/mail/refusals" },
];

const paramSegment = /^:[A-Za-z0-9_]+(\{.*\})?\??$/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function pathPattern(path: string): RegExp {
  const segments = path.split("/").map((seg) => (paramSegment.test(seg) ? "[^/]+" : escapeRe(seg)));
  return new RegExp(`^${segments.join("/")}/?$`);
}

const ownerOnlyPatterns = OWNER_ONLY_ROUTES.map((r) => ({ method: r.method.toUpperCase(), pattern: pathPattern(r.path) }));

/** Whether a request (method and decoded path) hits an Owner-only endpoint. */
export function isOwnerOnly(method: string, path: string): boolean {
  const m = method.toUpperCase();
  return ownerOnlyPatterns.some((r) => (r.method === m || (r.method === "GET" && m === "HEAD")) && r.pattern.test(path));
}

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const session = await currentSession(c, c.get("db"));
  if (!session) throw unauthenticated();
  const { user, sessionId } = session;
  if (user.role !== "Owner" && isOwnerOnly(c.req.method, c.req.path)) throw forbidden();
  c.set("user", user);
  c.set("sessionId", sessionId);
  await next();
});

/** A per-route role check; prefer listing Owner-only routes in OWNER_ONLY_ROUTES. */
export const requireRole = (...allowed: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!allowed.includes(c.get("user").role)) throw forbidden();
    await next();
  });

/** Kept as a second lock on routes that are also listed in OWNER_ONLY_ROUTES. */
export const ownerOnly = requireRole("Owner");
