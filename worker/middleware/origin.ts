/**
 * Refuses state-changing requests that a browser sent from another site. Requests with no
 * Origin and no Sec-Fetch-Site come from non-browser clients, which cannot ride on a
 * visitor's cookies, and are let through.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE.has(c.req.method)) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const own = new URL(c.req.url).origin;
    if ((origin && origin !== own) || site === "cross-site") {
      throw new AppError("forbidden", "Cross-site requests are not allowed");
    }
  }
  await next();
});
