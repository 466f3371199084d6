/**
 * /api/crm/form-submissions: the enquiries whose notification e-mail failed, and a resend.
 * The submission and its lead are already safe in D1; this only repairs the e-mail.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { getNotification, listFailedNotifications, notificationFor, recordEmailOutcome } from "../services/form-submissions";
import { sendMail } from "../email/send";
import { publish } from "../live/publish";

export const formSubmissionsRoute = new Hono<AppEnv>()
  .get("/failed", async (c) => c.json({ notifications: await listFailedNotifications(c.get("db")) }, 200))
  .post("/:id/retry-email", async (c) => {
    const db = c.get("db");
    const { row, mail } = await notificationFor(db, c.req.param("id"), c.env.STUDIO_INBOX);
    if (row.email_status === "sent") return c.json({ notification: await getNotification(db, row.id) }, 200);
    const error = await sendMail(c.env, mail).then(
      () => null,
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    await recordEmailOutcome(db, row.id, error);
    // The failed list is keyed under "leads" in the CRM, so a lead event refreshes it in every tab.
    if (row.lead_id) publish(c, { entity: "leads", op: "update", id: row.lead_id });
    if (error) {
      console.error(JSON.stringify({ level: "error", what: "notification email retry failed", submission: row.id, error }));
      throw new AppError("upstream_failed", "The notification e-mail could not be sent. It stays marked for another retry.");
    }
    return c.json({ notification: await getNotification(db, row.id) }, 200);
  });
