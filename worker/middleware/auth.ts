/** Session and role gates for /api/crm/*. */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import type { Role } from "../../contract/user";
import { currentUser } from "../auth/session";
import { forbidden, unauthenticated } from "../lib/errors";

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const user = await currentUser(c, c.get("db"));
  if (!user) throw unauthenticated();
  c.set("user", user);
  await next();
});

export const requireRole = (...allowed: Role[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!allowed.includes(c.get("user").role)) throw forbidden();
    await next();
  });

export const ownerOnly = requireRole("Owner");

/** The client's address as Cloudflare saw it; tests and local runs may have none. */
export const clientIp = (c: { req: { header(name: string): string | undefined } }) =>
  c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "local";
