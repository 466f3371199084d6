/** Staff sign-in, the shared team gate, sign-out, the current user and invitation acceptance. */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { loginInput, teamLoginInput } from "../../contract/auth";
import { acceptInviteInput } from "../../contract/user";
import { jsonBody } from "../lib/validate";
import { currentUser, endSession, issueSession } from "../auth/session";
import { acceptInvite, checkPassword, checkTeamPassword } from "../services/users";
import { assertUnderLimit, clearEvents, limits, recordEvent } from "../lib/rate-limit";
import { AppError, unauthenticated } from "../lib/errors";
import { clientIp } from "../middleware/auth";
import { ipHash, limitKeyOf } from "../lib/client-info";
import type { Db } from "../db/client";

/** The Team gate's account key; no e-mail address can be this string. */
export const TEAM_ACCOUNT = "team";

/**
 * The keys sign-in limits count under (an IPv6 client by its /64). Like every other limit they
 * are keyed hashes, so the events table never holds a visitor's address or an e-mail someone typed.
 */
export const loginAccountKey = (account: string, secret: string) => ipHash(`login-account:${account}`, secret);
const loginKeys = async (c: Context<AppEnv>, account: string) => ({
  ip: await limitKeyOf(clientIp(c), c.env.SESSION_SECRET),
  account: await loginAccountKey(account, c.env.SESSION_SECRET),
});

/** Counts a failure against both the IP and the account, then refuses. */
async function refuse(db: Db, keys: { ip: string; account: string }, message: string): Promise<never> {
  await db.batch([recordEvent(db, limits.loginIp, keys.ip), recordEvent(db, limits.loginAccount, keys.account)]);
  throw new AppError("unauthenticated", message);
}

export const auth = new Hono<AppEnv>()
  .post("/login", jsonBody(loginInput), async (c) => {
    const db = c.get("db");
    const { email, password } = c.req.valid("json");
    const keys = await loginKeys(c, email);
    await assertUnderLimit(db, limits.loginIp, keys.ip);
    await assertUnderLimit(db, limits.loginAccount, keys.account);
    const user = await checkPassword(db, email, password);
    if (!user) return refuse(db, keys, "Invalid email or password");
    await clearEvents(db, limits.loginAccount, keys.account);
    await issueSession(c, user.id);
    return c.json({ user }, 200);
  })
  .post("/team", jsonBody(teamLoginInput), async (c) => {
    const db = c.get("db");
    const keys = await loginKeys(c, TEAM_ACCOUNT);
    await assertUnderLimit(db, limits.loginIp, keys.ip);
    await assertUnderLimit(db, limits.loginAccount, keys.account);
    const user = await checkTeamPassword(db, c.req.valid("json").password);
    if (!user) return refuse(db, keys, "Invalid CRM access password");
    await clearEvents(db, limits.loginAccount, keys.account);
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
