/** Tells every open CRM tab that something changed, after the write has committed. */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { LiveEvent } from "../../contract/live";

export const HUB_NAME = "crm";

export function publish(c: Context<AppEnv>, event: Omit<LiveEvent, "by">): void {
  const hub = c.env.LIVE.get(c.env.LIVE.idFromName(HUB_NAME));
  const body: LiveEvent = { ...event, by: c.get("user")?.id ?? null };
  const sent = hub
    .fetch("https://live.internal/broadcast", { method: "POST", body: JSON.stringify(body) })
    .then(() => undefined)
    .catch((err: unknown) => console.error(JSON.stringify({ level: "warn", what: "live publish failed", error: String(err) })));
  c.executionCtx.waitUntil(sent);
}
