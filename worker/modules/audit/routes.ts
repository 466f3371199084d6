/** GET /api/crm/audit: the audit trail, newest first, a page at a time (Owner). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { auditQuery } from "../../../contract/audit";
import { queryParams } from "../../platform/validate";
import { ownerOnly } from "../users-and-auth";
import { listAuditEvents } from "./audit";

export const auditRoute = new Hono<AppEnv>().get("/", ownerOnly, queryParams(auditQuery), async (c) =>
  c.json({ events: await listAuditEvents(c.get("db"), c.req.valid("query").before, c.req.valid("query").before_id) }, 200),
);
