/**
 * GET /api/crm/live: the WebSocket upgrade to the live hub. The session was checked by the CRM
 * gate; here the Origin must be our own, since browsers let any page open a WebSocket and send
 * our cookie with it. A cookie arriving from another site proves nobody, so it is a 401 (docs/decisions/product/18-no-silent-lost-updates.md).
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { HUB_NAME } from "../live/publish";

export const liveRoute = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new AppError("bad_request", "Expected a WebSocket upgrade");
  const origin = c.req.header("Origin");
  if (!origin || origin !== new URL(c.req.url).origin)
    throw new AppError("unauthenticated", "Cross-site WebSocket connections are not allowed");
  const user = c.get("user");
  const url = new URL("https://live.internal/connect");
  url.searchParams.set("user_id", user.id);
  url.searchParams.set("full_name", user.full_name);
  url.searchParams.set("session_id", c.get("sessionId"));
  const hub = c.env.LIVE.get(c.env.LIVE.idFromName(HUB_NAME));
  return hub.fetch(url.toString(), { headers: { Upgrade: "websocket" } }) as unknown as Response;
});
