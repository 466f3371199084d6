/** Staff sign-in, the shared team gate, sign-out, the current user and invitation acceptance. */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { loginInput, teamLoginInput } from "../../contract/auth";
import { acceptInviteInput } from "../../contract/user";
import { jsonBody } from "../lib/validate";
import { currentUser, endSession, issueSession } from "../auth/session";
import { acceptInvite, checkPassword, checkTeamPassword } from "../services/users";
import { clearEvents, limits, reserveAttempt } from "../lib/rate-limit";
import { AppError, unauthenticated } from "../lib/errors";
import { clientIp } from "../middleware/auth";
import { ipHash, limitKeyOf, networkOf } from "../lib/client-info";
import type { SessionUser } from "../../contract/user";

/** The Team gate's account key; no e-mail address can be this string. */
export const TEAM_ACCOUNT = "team";

/**
 * The keys a sign-in attempt counts under (docs/decisions/0003, issue 14): the address (an IPv6
 * client's /64), the account from that network, and the account from everywhere. Like every
 * other limit they are keyed hashes, so the events table never holds an address or a typed e-mail.
 */
export async function loginKeys(account: string, ip: string, secret: string) {
  return {
    ip: await limitKeyOf(ip, secret),
    accountNetwork: await ipHash(`login-account:${account}:${networkOf(ip)}`, secret),
    account: await ipHash(`login-account:${account}`, secret),
  };
}

/**
 * Checks a password only once the attempt is reserved under every limit, so parallel guesses
 * cannot all slip under it; a success gives the reservation back and clears its network's failures.
 */
async function signIn(c: Context<AppEnv>, account: string, check: () => Promise<SessionUser | null>, message: string) {
  const db = c.get("db");
  const keys = await loginKeys(account, clientIp(c), c.env.SESSION_SECRET);
  const reservation = await reserveAttempt(db, [
    { limit: limits.loginIp, key: keys.ip },
    { limit: limits.loginAccountNetwork, key: keys.accountNetwork },
    { limit: limits.loginAccount, key: keys.account },
  ]);
  const user = await check();
  if (!user) throw new AppError("unauthenticated", message);
  await db.batch([reservation.release(), clearEvents(db, limits.loginAccountNetwork, keys.accountNetwork)]);
  await issueSession(c, user.id);
  return user;
}

export const auth = new Hono<AppEnv>()
  .post("/login", jsonBody(loginInput), async (c) => {
    const { email, password } = c.req.valid("json");
    const user = await signIn(c, email, () => checkPassword(c.get("db"), email, password), "Invalid email or password");
    return c.json({ user }, 200);
  })
  .post("/team", jsonBody(teamLoginInput), async (c) => {
    const password = c.req.valid("json").password;
    const user = await signIn(c, TEAM_ACCOUNT, () => checkTeamPassword(c.get("db"), password), "Invalid CRM access password");
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
