/**
 * /api/crm/form-submissions: the enquiries whose notification e-mail failed, and a resend.
 * The submission and its lead are already safe in D1; this only repairs the e-mail.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { AppError } from "../../platform/errors";
import { listFailedNotifications, resendNotification } from "./form-submissions";
import { publish } from "../live";

export const formSubmissionsRoute = new Hono<AppEnv>()
  .get("/failed", async (c) => c.json({ notifications: await listFailedNotifications(c.get("db")) }, 200))
  .post("/:id/retry-email", async (c) => {
    const { error, notification, leadId, resent } = await resendNotification(c.env, c.get("db"), c.req.param("id"));
    // The failed list is keyed under "leads" in the CRM, so a lead event refreshes it in every tab.
    if (resent && leadId) publish(c, { entity: "leads", op: "update", id: leadId });
    if (error) throw new AppError("upstream_failed", "The notification e-mail could not be sent. It stays marked for another retry.");
    return c.json({ notification }, 200);
  });
