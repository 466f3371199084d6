/** Per-request basics: a request id, the database handle and security headers. */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { createDb } from "../platform/db";
import { securityHeaders } from "./security-headers";
import { assertSecretFitFor } from "../platform/keys";

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  c.set("db", createDb(c.env.DB));
  // Every route signs or hashes with SESSION_SECRET; a deployed demo secret would let anyone forge a session.
  assertSecretFitFor(c.env.SESSION_SECRET, c.req.url);
  await next();
  // A WebSocket handshake's response belongs to the runtime; leave it untouched.
  if (c.res.status === 101) return;
  // API answers are per-user and live: never cache them anywhere.
  if (c.req.path.startsWith("/api/") && !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
});
