/**
 * Refuses state-changing requests that a browser sent from another site. Requests with no
 * Origin and no Sec-Fetch-Site come from non-browser clients, which cannot ride on a
 * visitor's cookies, and are let through.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { AppError } from "../platform/errors";

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

/**
 * The same check for forms on pages served with `Referrer-Policy: no-referrer` (the client's
 * proposal page): there a browser sends its own page's posts with `Origin: null`, so an opaque
 * origin is let through unless Sec-Fetch-Site says the post came from another site. These posts
 * carry no cookie that could be ridden on; the secret link is their credential.
 */
export const sameOriginOrOpaque = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE.has(c.req.method)) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if ((origin && origin !== "null" && origin !== new URL(c.req.url).origin) || site === "cross-site" || site === "same-site") {
      throw new AppError("forbidden", "Cross-site requests are not allowed");
    }
  }
  await next();
});
