/**
 * Staff sign-in, the shared team gate, sign-out (this session or every one), changing one's own
 * password, the current user and invitation acceptance. The work is in modules/users-and-auth/sign-in.ts.
 * Whoever proves a password here gets a session and a new device cookie (modules/users-and-auth/device.ts).
 */
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../env";
import { loginInput, passwordChangeInput, teamLoginInput } from "../../../contract/auth";
import { acceptInviteInput } from "../../../contract/user";
import { jsonBody } from "../../platform/validate";
import { nativeForm, type FormPage } from "../../http/native-form";
import { clearSession, currentSession, currentUser, endSession, issueSession } from "./session";
import { clearDeviceCookie, issueDeviceCookie } from "./device";
import { acceptInvite } from "./invites";
import { changePassword, signInToTeam, signInWithPassword, signOutEverywhere, TEAM_ACCOUNT } from "./sign-in";
import { unauthenticated } from "../../platform/errors";
import { clientIp } from "../../platform/client-info";
import { auditSourceOf } from "../audit";
import { disconnectSession, disconnectUser } from "../live";

async function attemptOf(c: Context<AppEnv>, account: string, actorId: string | null = null) {
  return { account, ip: clientIp(c), secret: c.env.SESSION_SECRET, cookies: getCookie(c), audit: await auditSourceOf(c, actorId) };
}

/** Someone has just proved who they are from this browser: a session, and the browser known to the account (a new value each time). */
async function signedInHere(c: Context<AppEnv>, userId: string) {
  const db = c.get("db");
  await issueSession(c, db, userId);
  await issueDeviceCookie(c, db, userId);
}

async function signedIn(c: Context<AppEnv>) {
  const session = await currentSession(c, c.get("db"));
  if (!session) throw unauthenticated();
  return session;
}

/** Staff sign-in posted without JavaScript (or before /auth has hydrated): into the CRM, or the page again with why. */
const signInPage: FormPage = { path: "/auth", action: "/api/auth/login", sent: "/crm", problemField: "password" };

export const auth = new Hono<AppEnv>()
  .post("/login", nativeForm(signInPage), jsonBody(loginInput), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.get("db");
    const user = await signInWithPassword(db, await attemptOf(c, email), email, password);
    await signedInHere(c, user.id);
    return c.json({ user }, 200);
  })
  .post("/team", jsonBody(teamLoginInput), async (c) => {
    const db = c.get("db");
    const user = await signInToTeam(db, await attemptOf(c, TEAM_ACCOUNT), c.req.valid("json").password);
    await signedInHere(c, user.id);
    return c.json({ user }, 200);
  })
  .post("/logout", async (c) => {
    const sessionId = await endSession(c, c.get("db"));
    // This session's open CRM tabs stop receiving changes at once.
    if (sessionId) disconnectSession(c, sessionId);
    return c.json({ ok: true as const }, 200);
  })
  .post("/logout-all", async (c) => {
    const { user } = await signedIn(c);
    await signOutEverywhere(c.get("db"), await auditSourceOf(c, user.id), user.id);
    clearSession(c);
    await clearDeviceCookie(c, user.id);
    disconnectUser(c, user.id);
    return c.json({ ok: true as const }, 200);
  })
  .post("/password", jsonBody(passwordChangeInput), async (c) => {
    const { user } = await signedIn(c);
    const db = c.get("db");
    await changePassword(db, await attemptOf(c, user.email, user.id), user, c.req.valid("json"));
    // Every session and known browser ended with the old password, this tab's too: it gets new ones at once.
    disconnectUser(c, user.id);
    await signedInHere(c, user.id);
    return c.json({ ok: true as const }, 200);
  })
  .get("/me", async (c) => {
    const user = await currentUser(c, c.get("db"));
    if (!user) throw unauthenticated();
    return c.json({ user }, 200);
  })
  .post("/accept-invite", jsonBody(acceptInviteInput), async (c) => {
    const db = c.get("db");
    const user = await acceptInvite(db, c.req.valid("json"), await auditSourceOf(c, null));
    await signedInHere(c, user.id);
    return c.json({ user }, 201);
  });
