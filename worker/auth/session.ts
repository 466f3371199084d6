/**
 * Staff sessions: an HS256 JWT in an HttpOnly cookie, valid 12 hours and renewed on use.
 * Signing out records the token id as revoked until it would have expired.
 */
import { SignJWT, jwtVerify } from "jose";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import { eq, lt } from "drizzle-orm";
import type { AppEnv } from "../env";
import type { Db } from "../db/client";
import { revoked_sessions, users } from "../db/schema";
import type { SessionUser } from "../../contract/user";
import { nowIso } from "../lib/time";

export const SESSION_COOKIE = "rb_session";
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** A token older than this is replaced by a fresh one on the next request. */
const RENEW_AFTER_SECONDS = 15 * 60;
const ISSUER = "redbrick-crm";

function key(secret: string): Uint8Array {
  if (!secret || secret.length < 32) throw new Error("SESSION_SECRET must be set to at least 32 characters");
  return new TextEncoder().encode(secret);
}

/**
 * `sessionId` (the jti) stays the same when a token is renewed, so revoking it on sign-out
 * kills every copy, while parallel requests holding the previous copy keep working.
 */
export async function issueSession(c: Context<AppEnv>, userId: string, sessionId: string = crypto.randomUUID()): Promise<void> {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(key(c.env.SESSION_SECRET));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSession(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
}

interface Claims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

async function readClaims(c: Context<AppEnv>): Promise<Claims | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(c.env.SESSION_SECRET), { issuer: ISSUER, algorithms: ["HS256"] });
    if (!payload.sub || !payload.jti || !payload.iat || !payload.exp) return null;
    return payload as Claims;
  } catch {
    return null;
  }
}

/**
 * The signed-in user behind the request's cookie, or null when there is none, it is invalid,
 * expired, revoked, or its account is disabled. Renews the cookie when it is getting old.
 */
export async function currentUser(c: Context<AppEnv>, db: Db): Promise<SessionUser | null> {
  const claims = await readClaims(c);
  if (!claims) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      full_name: users.full_name,
      role: users.role,
      disabled: users.disabled,
      revoked: revoked_sessions.jti,
    })
    .from(users)
    .leftJoin(revoked_sessions, eq(revoked_sessions.jti, claims.jti))
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row || row.disabled || row.revoked) return null;
  if (Date.now() / 1000 - claims.iat > RENEW_AFTER_SECONDS) {
    await issueSession(c, row.id, claims.jti);
  }
  return { id: row.id, email: row.email, full_name: row.full_name, role: row.role };
}

async function revoke(db: Db, claims: Claims): Promise<void> {
  // A renewed copy may live up to a full TTL from now.
  const expires = new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString();
  await db.batch([
    db.insert(revoked_sessions).values({ jti: claims.jti, expires_at: expires }).onConflictDoNothing(),
    db.delete(revoked_sessions).where(lt(revoked_sessions.expires_at, nowIso())),
  ]);
}

/** Sign out: the token stops working at once, even if a copy of the cookie survives. */
export async function endSession(c: Context<AppEnv>, db: Db): Promise<void> {
  const claims = await readClaims(c);
  if (claims) await revoke(db, claims);
  clearSession(c);
}
