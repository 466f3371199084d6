/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/0014):
 * a browser that has signed in to an account keeps a signed cookie for it, so its wrong passwords
 * count against that browser alone, and the limits anyone can fill (per address, per network, per
 * account) never lock it out. One cookie per account, named after a hash of the account's id, so
 * a browser can be known to several accounts and a cookie for one says nothing about another.
 * It carries the account's session epoch: "sign out everywhere", a new password or disabling the
 * account ends every one of them, as it ends sessions.
 */
import { SignJWT, jwtVerify } from "jose";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import type { AppEnv } from "../../env";
import type { Db } from "../../platform/db";
import { users } from "../../db/schema";
import { sha256Hex } from "../../platform/ids";
import { signingKeyFor } from "../../platform/keys";

/** `__Host-`: Secure, for the whole site, from this exact host only. */
export const DEVICE_COOKIE_PREFIX = "__Host-rb_device_";
/** How long a browser stays known without signing in again. */
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const ISSUER = "redbrick-device";

/** The cookie that marks a browser known to `userId`. */
export async function deviceCookieName(userId: string): Promise<string> {
  return DEVICE_COOKIE_PREFIX + (await sha256Hex(`device:${userId}`)).slice(0, 16);
}

/** What a device cookie is checked against: the account as it is now. */
export interface DeviceAccount {
  id: string;
  session_epoch: number;
  disabled: boolean;
}

/**
 * The device's id (the token's jti, new at each sign-in) when `cookies` hold a valid device cookie
 * for this account in its current session epoch; null otherwise.
 */
export async function knownDevice(secret: string, account: DeviceAccount, cookies: Record<string, string>): Promise<string | null> {
  const token = cookies[await deviceCookieName(account.id)];
  if (!token || account.disabled) return null;
  try {
    const { payload } = await jwtVerify(token, await signingKeyFor(secret, "device-cookie"), {
      issuer: ISSUER,
      subject: account.id,
      algorithms: ["HS256"],
    });
    if (payload.ep !== account.session_epoch || typeof payload.jti !== "string" || !payload.jti) return null;
    return payload.jti;
  } catch {
    return null;
  }
}

/** Marks this browser as known to `userId`, with a new value at every sign-in, in the account's current epoch. */
export async function issueDeviceCookie(c: Context<AppEnv>, db: Db, userId: string): Promise<void> {
  const row = await db.select({ ep: users.session_epoch }).from(users).where(eq(users.id, userId)).get();
  const token = await new SignJWT({ ep: row?.ep ?? 0 })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_TTL_SECONDS}s`)
    .sign(await signingKeyFor(c.env.SESSION_SECRET, "device-cookie"));
  setCookie(c, await deviceCookieName(userId), token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: DEVICE_TTL_SECONDS,
  });
}

/** Forgets this browser for `userId` (it signed out everywhere; its epoch has ended anyway). */
export async function clearDeviceCookie(c: Context<AppEnv>, userId: string): Promise<void> {
  deleteCookie(c, await deviceCookieName(userId), { path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
}
