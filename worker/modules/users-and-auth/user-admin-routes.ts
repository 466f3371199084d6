/**
 * Owner-only user management, mounted on /api/crm/users beside modules/users-and-auth/users-routes.ts (which lists the
 * team and sends invitations): GET /invites (pending), DELETE /invites/:id (revoke) and
 * PATCH /:id {disabled}. Each change leaves a line in the audit trail.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { userStatusInput } from "../../../contract/user-admin";
import { jsonBody } from "../../platform/validate";
import { ownerOnly } from "./middleware";
import { setUserDisabled } from "./user-admin";
import { pendingInvites, revokeInvite } from "./invites";
import { auditSourceOf } from "../audit";
import { disconnectUser, publish } from "../live";

export const userAdminRoute = new Hono<AppEnv>()
  .get("/invites", ownerOnly, async (c) => c.json({ invites: await pendingInvites(c.get("db")) }, 200))
  .delete("/invites/:id", ownerOnly, async (c) => {
    await revokeInvite(c.get("db"), c.req.param("id"), await auditSourceOf(c));
    publish(c, { entity: "users", op: "update", id: null });
    return c.json({ ok: true as const }, 200);
  })
  .patch("/:id", ownerOnly, jsonBody(userStatusInput), async (c) => {
    const user = await setUserDisabled(c.get("db"), c.req.param("id"), c.req.valid("json"), c.get("user"), await auditSourceOf(c));
    publish(c, { entity: "users", op: "update", id: user.id });
    if (user.disabled) disconnectUser(c, user.id);
    return c.json({ user }, 200);
  });
