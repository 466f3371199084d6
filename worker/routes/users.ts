/** Staff accounts (read by everyone signed in, for names) and invitations (Owner only). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { inviteInput } from "../../contract/user";
import { jsonBody } from "../lib/validate";
import { ownerOnly } from "../middleware/auth";
import { listUsers } from "../services/users";
import { sendInvite } from "../services/invites";
import { auditSourceOf } from "../middleware/audit";

export const usersRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ users: await listUsers(c.get("db")) }, 200))
  .post("/invites", ownerOnly, jsonBody(inviteInput), async (c) => {
    const invite = await sendInvite(
      {
        db: c.get("db"),
        env: c.env,
        origin: new URL(c.req.url).origin,
        by: c.get("user"),
        source: await auditSourceOf(c),
        requestId: c.get("requestId"),
      },
      c.req.valid("json"),
    );
    return c.json({ invite }, 201);
  });
