/** Staff sign-in, the shared team gate, sign-out, the current user and invitation acceptance. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { loginInput, teamLoginInput } from "../../contract/auth";
import { acceptInviteInput } from "../../contract/user";
import { jsonBody } from "../lib/validate";
import { currentUser, endSession, issueSession } from "../auth/session";
import { acceptInvite, checkPassword, checkTeamPassword } from "../services/users";
import { assertUnderLimit, clearEvents, limits, recordEvent } from "../lib/rate-limit";
import { AppError, unauthenticated } from "../lib/errors";
import { clientIp } from "../middleware/auth";
import type { Db } from "../db/client";

/** Counts a failure against both the IP and the account, then refuses. */
async function refuse(db: Db, ip: string, account: string, message: string): Promise<never> {
  await db.batch([recordEvent(db, limits.loginIp, ip), recordEvent(db, limits.loginAccount, account)]);
  throw new AppError("unauthenticated", message);
}

export const auth = new Hono<AppEnv>()
  .post("/login", jsonBody(loginInput), async (c) => {
    const db = c.get("db");
    const { email, password } = c.req.valid("json");
    const ip = clientIp(c);
    await assertUnderLimit(db, limits.loginIp, ip);
    await assertUnderLimit(db, limits.loginAccount, email);
    const user = await checkPassword(db, email, password);
    if (!user) return refuse(db, ip, email, "Invalid email or password");
    await clearEvents(db, limits.loginAccount, email);
    await issueSession(c, user.id);
    return c.json({ user }, 200);
  })
  .post("/team", jsonBody(teamLoginInput), async (c) => {
    const db = c.get("db");
    const ip = clientIp(c);
    await assertUnderLimit(db, limits.loginIp, ip);
    await assertUnderLimit(db, limits.loginAccount, "team");
    const user = await checkTeamPassword(db, c.req.valid("json").password);
    if (!user) return refuse(db, ip, "team", "Invalid CRM access password");
    await clearEvents(db, limits.loginAccount, "team");
    await issueSession(c, user.id);
    return c.json({ user }, 200);
  })
  .post("/logout", async (c) => {
    await endSession(c, c.get("db"));
    return c.json({ ok: true as const }, 200);
  })
  .get("/me", async (c) => {
    const user = await currentUser(c, c.get("db"));
    if (!user) throw unauthenticated();
    return c.json({ user }, 200);
  })
  .post("/accept-invite", jsonBody(acceptInviteInput), async (c) => {
    const user = await acceptInvite(c.get("db"), c.req.valid("json"));
    await issueSession(c, user.id);
    return c.json({ user }, 201);
  });
