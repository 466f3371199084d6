/**
 * Staff sessions: an HS256 JWT in an HttpOnly `__Host-` cookie, valid 12 hours and renewed on
 * use, but never past 7 days from the sign-in itself (`auth_time` rides along on every renewal).
 * A session ends when it is signed out (its id is kept as revoked until it would have expired
 * anyway), and every session of an account ends when the account's session epoch moves on: a
 * new password, the account disabled, or "sign out everywhere".
 */
import { SignJWT, jwtVerify } from "jose";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import { eq, inArray, sql } from "drizzle-orm";
import type { AppEnv } from "../../env";
import type { Db } from "../../platform/db";
import { revoked_sessions, users } from "../../db/schema";
import type { SessionUser } from "../../../contract/user";
import { SESSION_COOKIE } from "../../../contract/auth";
import { nowIso } from "../../platform/time";
import { signingKeyFor } from "../../platform/keys";

export const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** However often it is renewed, a session ends this long after its sign-in. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A token older than this is replaced by a fresh one on the next request. */
const RENEW_AFTER_SECONDS = 15 * 60;
const ISSUER = "redbrick-crm";

interface SessionClaims {
  /** When the person signed in (seconds), kept across renewals. */
  auth_time: number;
  /** The account's session epoch at sign-in. */
  ep: number;
}

interface Claims extends SessionClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

/**
 * `sessionId` (the jti) stays the same when a token is renewed, so revoking it on sign-out
 * kills every copy, while parallel requests holding the previous copy keep working.
 */
async function writeSession(c: Context<AppEnv>, userId: string, sessionId: string, claims: SessionClaims): Promise<void> {
  // The cookie never outlives the session's absolute end.
  const left = Math.min(SESSION_TTL_SECONDS, claims.auth_time + SESSION_MAX_AGE_SECONDS - Math.floor(Date.now() / 1000));
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(`${Math.max(1, left)}s`)
    .sign(await signingKeyFor(c.env.SESSION_SECRET, "session"));
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: Math.max(1, left) });
}

/** A new session for a person who has just proved who they are, in their account's current epoch. */
export async function issueSession(c: Context<AppEnv>, db: Db, userId: string): Promise<void> {
  const row = await db.select({ ep: users.session_epoch }).from(users).where(eq(users.id, userId)).get();
  await writeSession(c, userId, crypto.randomUUID(), { auth_time: Math.floor(Date.now() / 1000), ep: row?.ep ?? 0 });
}

export function clearSession(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
}

async function readClaims(c: Context<AppEnv>): Promise<Claims | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, await signingKeyFor(c.env.SESSION_SECRET, "session"), {
      issuer: ISSUER,
      algorithms: ["HS256"],
    });
    const claims = payload as Partial<Claims>;
    if (!claims.sub || !claims.jti || !claims.iat || !claims.exp || typeof claims.auth_time !== "number" || typeof claims.ep !== "number")
      return null;
    if (Date.now() / 1000 - claims.auth_time > SESSION_MAX_AGE_SECONDS) return null;
    return claims as Claims;
  } catch {
    return null;
  }
}

export interface Session {
  user: SessionUser;
  /** The jti: the same across renewals, so it names this sign-in (and its live sockets). */
  sessionId: string;
}

/**
 * The signed-in session behind the request's cookie, or null when there is none, it is invalid,
 * expired, past its 7 days, revoked, from an earlier session epoch, or its account is disabled.
 * Renews the cookie when it is getting old.
 */
export async function currentSession(c: Context<AppEnv>, db: Db): Promise<Session | null> {
  const claims = await readClaims(c);
  if (!claims) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      full_name: users.full_name,
      role: users.role,
      disabled: users.disabled,
      session_epoch: users.session_epoch,
      revoked: revoked_sessions.jti,
    })
    .from(users)
    .leftJoin(revoked_sessions, eq(revoked_sessions.jti, claims.jti))
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row || row.disabled || row.revoked || row.session_epoch !== claims.ep) return null;
  if (Date.now() / 1000 - claims.iat > RENEW_AFTER_SECONDS) {
    await writeSession(c, row.id, claims.jti, { auth_time: claims.auth_time, ep: claims.ep });
  }
  return { user: { id: row.id, email: row.email, full_name: row.full_name, role: row.role }, sessionId: claims.jti };
}

/** What a live socket keeps of the session its upgrade presented: which one, its epoch, and when it ends. */
export interface SocketSession {
  sessionId: string;
  epoch: number;
  /** Epoch ms: the presented token's expiry (12 hours after its last renewal), never past the 7-day cap. */
  endsAt: number;
}

/**
 * The session the request's cookie presents, as signed (no D1 read: requireSession has just
 * checked it). A renewal answered with this request does not extend it: the socket closes when
 * the token it was opened with would, and the tab reconnects with whatever cookie it holds then.
 */
export async function presentedSession(c: Context<AppEnv>): Promise<SocketSession | null> {
  const claims = await readClaims(c);
  if (!claims) return null;
  return { sessionId: claims.jti, epoch: claims.ep, endsAt: Math.min(claims.exp, claims.auth_time + SESSION_MAX_AGE_SECONDS) * 1000 };
}

/** Sessions per D1 read: two bound lists of this size stay under D1's 100 parameters. */
const CHECK_CHUNK = 40;

/**
 * Of these sessions, the ids of those that have ended: signed out, signed out everywhere, a new
 * password (both move the account's epoch), the account disabled or gone. Expiry is the caller's
 * to compare with `endsAt`. Read from D1 as it is now, so nothing depends on having been told.
 */
export async function endedSessions(db: Db, sessions: { userId: string; sessionId: string; epoch: number }[]): Promise<Set<string>> {
  const ended = new Set<string>();
  for (let i = 0; i < sessions.length; i += CHECK_CHUNK) {
    const chunk = sessions.slice(i, i + CHECK_CHUNK);
    const [accounts, revoked] = await db.batch([
      db
        .select({ id: users.id, disabled: users.disabled, epoch: users.session_epoch })
        .from(users)
        .where(inArray(users.id, [...new Set(chunk.map((s) => s.userId))])),
      db
        .select({ jti: revoked_sessions.jti })
        .from(revoked_sessions)
        .where(
          inArray(
            revoked_sessions.jti,
            chunk.map((s) => s.sessionId),
          ),
        ),
    ]);
    const account = new Map(accounts.map((a) => [a.id, a]));
    const signedOut = new Set(revoked.map((r) => r.jti));
    for (const s of chunk) {
      const a = account.get(s.userId);
      if (!a || a.disabled || a.epoch !== s.epoch || signedOut.has(s.sessionId)) ended.add(s.sessionId);
    }
  }
  return ended;
}

export async function currentUser(c: Context<AppEnv>, db: Db): Promise<SessionUser | null> {
  return (await currentSession(c, db))?.user ?? null;
}

async function revoke(db: Db, claims: Claims): Promise<void> {
  // A renewed copy may live up to a full TTL from now.
  const expires = new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString();
  // Rows past their expiry go in the nightly housekeeping (modules/data/housekeeping.ts).
  await db.insert(revoked_sessions).values({ jti: claims.jti, expires_at: expires }).onConflictDoNothing();
}

/** Sign out: the token stops working at once, even if a copy of the cookie survives. Answers the session that ended. */
export async function endSession(c: Context<AppEnv>, db: Db): Promise<string | null> {
  const claims = await readClaims(c);
  if (claims) await revoke(db, claims);
  clearSession(c);
  return claims?.jti ?? null;
}

/** Ends every session of the account (a statement for a batch); sessions issued afterwards carry the new epoch. */
export function endAllSessions(db: Db, userId: string) {
  return db
    .update(users)
    .set({ session_epoch: sql`${users.session_epoch} + 1`, updated_at: nowIso() })
    .where(eq(users.id, userId))
    .returning({ session_epoch: users.session_epoch });
}
