/** Staff accounts (read by everyone signed in, for names) and invitations (Owner only). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { inviteInput } from "../../../contract/user";
import { jsonBody } from "../../platform/validate";
import { ownerOnly } from "./middleware";
import { listUsers } from "./users";
import { sendInvite } from "./invites";
import { sendingContextOf } from "../audit";

export const usersRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ users: await listUsers(c.get("db")) }, 200))
  .post("/invites", ownerOnly, jsonBody(inviteInput), async (c) => {
    const sent = await sendInvite(await sendingContextOf(c), c.req.valid("json"));
    // 201 whether or not the mail went: the invitation exists either way (docs/decisions/0024).
    return c.json(sent, 201);
  });
