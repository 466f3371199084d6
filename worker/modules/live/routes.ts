/**
 * GET /api/crm/live: the WebSocket upgrade to the live hub. The session was checked by the CRM
 * gate; here the Origin must be our own, since browsers let any page open a WebSocket and send
 * our cookie with it. A cookie arriving from another site proves nobody, so it is a 401 (docs/decisions/0049-no-silent-lost-updates.md).
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { AppError, unauthenticated } from "../../platform/errors";
import { queryParams } from "../../platform/validate";
import { liveConnectQuery } from "../../../contract/live";
import { presentedSession } from "../users-and-auth";
import { HUB_NAME } from "./publish";

export const liveRoute = new Hono<AppEnv>().get("/", queryParams(liveConnectQuery), async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new AppError("bad_request", "Expected a WebSocket upgrade");
  const origin = c.req.header("Origin");
  if (!origin || origin !== new URL(c.req.url).origin)
    throw new AppError("unauthenticated", "Cross-site WebSocket connections are not allowed");
  const user = c.get("user");
  // The hub checks the session again before attaching, keeps it with the socket, and closes the
  // socket when the session ends (worker/modules/live/hub.ts, docs/decisions/0015).
  const session = await presentedSession(c);
  if (!session) throw unauthenticated();
  const url = new URL("https://live.internal/connect");
  url.searchParams.set("user_id", user.id);
  url.searchParams.set("full_name", user.full_name);
  url.searchParams.set("session_id", session.sessionId);
  url.searchParams.set("epoch", String(session.epoch));
  url.searchParams.set("ends_at", String(session.endsAt));
  const { since } = c.req.valid("query");
  if (since !== undefined) url.searchParams.set("since", String(since));
  const hub = c.env.LIVE.get(c.env.LIVE.idFromName(HUB_NAME));
  return hub.fetch(url.toString(), { headers: { Upgrade: "websocket" } }) as unknown as Response;
});
