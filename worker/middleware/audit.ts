/** Where the audit trail's events come from: the signed-in member of staff (if any), the address as a keyed hash, the request id. */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ipHash } from "../lib/client-info";
import type { AuditSource } from "../services/audit";
import { clientIp } from "./auth";

export async function auditSourceOf(c: Context<AppEnv>, actorId: string | null = c.get("user")?.id ?? null): Promise<AuditSource> {
  return { actorId, ipHash: await ipHash(clientIp(c), c.env.SESSION_SECRET), requestId: c.get("requestId") };
}
