/** Where the audit trail's events come from: the signed-in member of staff (if any), the address as a keyed hash, the request id. */
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { clientIp, ipHash } from "../../platform/client-info";
import type { AuditSource } from "./audit";

export async function auditSourceOf(c: Context<AppEnv>, actorId: string | null = c.get("user")?.id ?? null): Promise<AuditSource> {
  return { actorId, ipHash: await ipHash(clientIp(c), c.env.SESSION_SECRET), requestId: c.get("requestId") };
}

/**
 * What a service that e-mails someone on a signed-in colleague's behalf (an invitation, a client's
 * link) takes from the request: the database, the mail bindings, the site's origin for links, who
 * is acting and the audit source.
 */
export async function sendingContextOf(c: Context<AppEnv>) {
  return {
    db: c.get("db"),
    env: c.env,
    origin: new URL(c.req.url).origin,
    by: c.get("user"),
    source: await auditSourceOf(c),
    requestId: c.get("requestId"),
  };
}
