/** Tells every open CRM tab that something changed, after the write has committed; closes a disabled user's tabs. */
import type { Context } from "hono";
import type { AppEnv, Env } from "../../env";
import type { LiveEvent } from "../../../contract/live";

export const HUB_NAME = "crm";

/** Posts to the hub after the answer is sent; a hub failure never fails the write. */
function postToHub(env: Pick<Env, "LIVE">, waitUntil: (p: Promise<unknown>) => void, path: string, body?: unknown): void {
  const hub = env.LIVE.get(env.LIVE.idFromName(HUB_NAME));
  const sent = hub
    .fetch(`https://live.internal${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) })
    .then(() => undefined)
    .catch((err: unknown) => console.error(JSON.stringify({ level: "warn", what: `live ${path} failed`, error: String(err) })));
  waitUntil(sent);
}

function tellHub(c: Context<AppEnv>, path: string, body?: unknown): void {
  postToHub(c.env, (p) => c.executionCtx.waitUntil(p), path, body);
}

/** A change made by the Cron Trigger's jobs, which have no request: made by nobody. */
export function publishFromJob(env: Pick<Env, "LIVE">, ctx: { waitUntil(p: Promise<unknown>): void }, event: Omit<LiveEvent, "by">): void {
  postToHub(env, (p) => ctx.waitUntil(p), "/broadcast", { ...event, by: null } satisfies LiveEvent);
}

export function publish(c: Context<AppEnv>, event: Omit<LiveEvent, "by">): void {
  tellHub(c, "/broadcast", { ...event, by: c.get("user")?.id ?? null } satisfies LiveEvent);
}

export function disconnectUser(c: Context<AppEnv>, userId: string): void {
  tellHub(c, `/disconnect?user_id=${encodeURIComponent(userId)}`);
}

/** Closes the open tabs of one session (its sign-out), leaving the person's other sessions alone. */
export function disconnectSession(c: Context<AppEnv>, sessionId: string): void {
  tellHub(c, `/disconnect?session=${encodeURIComponent(sessionId)}`);
}
