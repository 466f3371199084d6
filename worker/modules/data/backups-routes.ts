/** /api/crm/backups: the backups delete-all took in the last 30 days, and restoring one (Owner). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { ownerOnly } from "../users-and-auth";
import { listBackups, restoreBackup } from "./backups";
import { publish } from "../live";
import { auditSourceOf } from "../audit";

export const backupsRoute = new Hono<AppEnv>()
  .get("/", ownerOnly, async (c) => c.json({ backups: await listBackups(c.get("db")) }, 200))
  .post("/:id/restore", ownerOnly, async (c) => {
    const result = await restoreBackup(c.get("db"), c.env.PREVIEWS, c.req.param("id"), await auditSourceOf(c));
    publish(c, { entity: "all", op: "reset", id: null });
    return c.json(result, 200);
  });
