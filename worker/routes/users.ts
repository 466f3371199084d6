/** Staff accounts (read by everyone signed in, for names) and invitations (Owner only). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { inviteInput } from "../../contract/user";
import { jsonBody } from "../lib/validate";
import { ownerOnly } from "../middleware/auth";
import { createInvite, deleteInvite, INVITE_TTL_MS, listUsers } from "../services/users";
import { AppError } from "../lib/errors";
import { sendMail } from "../email/send";
import { auditSourceOf } from "../middleware/audit";
import { auditEvent } from "../services/audit";

export const usersRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ users: await listUsers(c.get("db")) }, 200))
  .post("/invites", ownerOnly, jsonBody(inviteInput), async (c) => {
    const invite = await createInvite(c.get("db"), c.req.valid("json"), c.get("user").id);
    // The token rides in the fragment, which browsers never send to servers or in Referer.
    const link = `${new URL(c.req.url).origin}/auth/invite#token=${invite.token}`;
    const mail = sendMail(c.env, {
      to: invite.email,
      subject: `You're invited to the ${c.env.STUDIO_NAME} CRM`,
      text: [
        `${c.get("user").full_name} has invited you to join the ${c.env.STUDIO_NAME} CRM as ${invite.role}.`,
        "",
        "Set your name and password here:",
        link,
        "",
        `This link works once and expires in ${INVITE_TTL_MS / 3_600_000} hours.`,
      ].join("\n"),
    });
    await mail.catch(async (err: unknown) => {
      // An invitation nobody received must not block inviting the same person again.
      await deleteInvite(c.get("db"), invite.id);
      console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), what: "invite email failed", error: String(err) }));
      throw new AppError("internal", "The invitation e-mail could not be sent. Please try again.");
    });
    await auditEvent(c.get("db"), await auditSourceOf(c), "invite", `Invited ${invite.email} as ${invite.role}`);
    const { token: _secret, ...safe } = invite;
    return c.json({ invite: safe }, 201);
  });
