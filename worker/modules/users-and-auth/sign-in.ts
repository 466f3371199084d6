/**
 * Proving who you are (docs/guide/security.md): staff sign-in, the team gate, and changing your own password.
 * Every check of a guessable secret first reserves its attempt under the limits (platform/rate-limit.ts),
 * so parallel guesses cannot all slip under them. A browser that has signed in to the account
 * before (its device cookie, modules/users-and-auth/device.ts) meets only its own limit, so guesses from anywhere
 * else, the Owner's own network included, cannot lock it out; every other browser counts per
 * address, per account and network, and per account. No Hono here: the route issues the session
 * and the device cookie.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { users } from "../../db/schema";
import type { SessionUser } from "../../../contract/user";
import type { PasswordChangeInput } from "../../../contract/auth";
import { hashPassword } from "../../platform/password";
import { endAllSessions } from "./session";
import { knownDevice, type DeviceAccount } from "./device";
import { AppError, notFound } from "../../platform/errors";
import { invalid } from "../../platform/validate";
import { runBatch } from "../../platform/batch";
import { ipHash, limitKeyOf, networkOf } from "../../platform/client-info";
import { clearEvents, eventsInWindow, limits, reserveAttempt, type Limit } from "../../platform/rate-limit";
import { auditEvent, failedSignIn, type AuditSource } from "../audit";
import { checkPassword, checkTeamPassword } from "./users";

/** The Team gate's account key; no e-mail address can be this string. */
export const TEAM_ACCOUNT = "team";

/**
 * The keys a sign-in attempt from an unknown browser counts under (docs/decisions/0003): the
 * address (an IPv6 client's /64), the account from that network, and the account from everywhere.
 * Like every other limit they are keyed hashes, so the events table never holds an address or a typed e-mail.
 */
export async function loginKeys(account: string, ip: string, secret: string) {
  return {
    ip: await limitKeyOf(ip, secret),
    accountNetwork: await ipHash(`login-account:${account}:${networkOf(ip)}`, secret),
    account: await ipHash(`login-account:${account}`, secret),
  };
}

/** The key a known browser's failures count under: its device cookie's id, keyed. */
export const deviceKey = (deviceId: string, secret: string) => ipHash(`login-device:${deviceId}`, secret);

export interface Attempt {
  /** The account tried: an e-mail, or TEAM_ACCOUNT. */
  account: string;
  ip: string;
  secret: string;
  /** The request's cookies, where a device cookie for the account may be. */
  cookies: Record<string, string>;
  audit: AuditSource;
}

/** The account an e-mail (or the gate) names; null when there is none. */
async function accountOf(db: Db, account: string): Promise<DeviceAccount | null> {
  const row = await db
    .select({ id: users.id, session_epoch: users.session_epoch, disabled: users.disabled })
    .from(users)
    .where(account === TEAM_ACCOUNT ? eq(users.is_team, true) : and(eq(users.email, account), eq(users.is_team, false)))
    .get();
  return row ?? null;
}

/** A limit a failure may just have filled, and the trail's line when it did. */
interface Lock {
  limit: Limit;
  key: string;
  detail: string;
}

/**
 * After a wrong password: counted in the account's summary row of the trail (when `summarise`),
 * and each limit this failure filled written there as a lockout.
 */
async function recordFailure(db: Db, a: Attempt, account: DeviceAccount | null, locks: Lock[], summarise: boolean) {
  if (!account) return;
  const filled = [];
  for (const lock of locks) if ((await eventsInWindow(db, lock.limit, lock.key)) === lock.limit.max) filled.push(lock);
  const rows = [
    ...(summarise ? [failedSignIn(db, a.audit, account.id)] : []),
    ...filled.map((lock) => auditEvent(db, a.audit, "lockout", lock.detail, account.id)),
  ];
  if (rows.length) await runBatch(db, rows);
}

/**
 * Runs `check` for a reserved attempt: the user on success (its reservation given back and its
 * failures forgotten), 401 with `message` on failure (counted, and any lockout it causes written
 * to the audit trail), 429 when a limit is already reached. `summarise` counts failures in the
 * trail's per-account summary (sign-ins do; a password change, by someone signed in, does not).
 */
async function attempt(
  db: Db,
  a: Attempt,
  check: () => Promise<SessionUser | null>,
  message: string,
  summarise: boolean,
): Promise<SessionUser> {
  const account = await accountOf(db, a.account);
  const device = account ? await knownDevice(a.secret, account, a.cookies) : null;
  if (device) {
    // A known browser: its failures count against it alone, and no other limit applies to it.
    const key = await deviceKey(device, a.secret);
    const reservation = await reserveAttempt(db, [{ limit: limits.loginDevice, key }]);
    const user = await check();
    if (user) {
      await db.batch([reservation.release(), clearEvents(db, limits.loginDevice, key)]);
      return user;
    }
    const detail = `Sign-in locked on one known browser for 15 minutes after ${limits.loginDevice.max} wrong passwords from it`;
    await recordFailure(db, a, account, [{ limit: limits.loginDevice, key, detail }], summarise);
    throw new AppError("unauthenticated", message);
  }

  const keys = await loginKeys(a.account, a.ip, a.secret);
  const reservation = await reserveAttempt(db, [
    { limit: limits.loginIp, key: keys.ip },
    { limit: limits.loginAccountNetwork, key: keys.accountNetwork },
    { limit: limits.loginAccount, key: keys.account },
  ]);
  const user = await check();
  if (user) {
    await db.batch([reservation.release(), clearEvents(db, limits.loginAccountNetwork, keys.accountNetwork)]);
    return user;
  }
  await recordFailure(
    db,
    a,
    account,
    [
      {
        limit: limits.loginAccountNetwork,
        key: keys.accountNetwork,
        detail: `Sign-in locked for 15 minutes after ${limits.loginAccountNetwork.max} wrong passwords from one network`,
      },
      {
        limit: limits.loginAccount,
        key: keys.account,
        detail: `Sign-in locked for browsers not signed in here before, for 15 minutes, after ${limits.loginAccount.max} wrong passwords from everywhere`,
      },
    ],
    summarise,
  );
  throw new AppError("unauthenticated", message);
}

export async function signInWithPassword(db: Db, a: Attempt, email: string, password: string): Promise<SessionUser> {
  const user = await attempt(db, a, () => checkPassword(db, email, password), "Invalid email or password", true);
  await auditEvent(db, { ...a.audit, actorId: user.id }, "sign_in", "Signed in with e-mail and password");
  return user;
}

export async function signInToTeam(db: Db, a: Attempt, password: string): Promise<SessionUser> {
  const user = await attempt(db, a, () => checkTeamPassword(db, password), "Invalid CRM access password", true);
  await auditEvent(db, { ...a.audit, actorId: user.id }, "sign_in", "Signed in through the CRM gate");
  return user;
}

/**
 * A member of staff changes their own password, proving the current one (a guess like any other,
 * limited the same way). Every other session of theirs ends at once; the caller issues this tab a new one.
 */
export async function changePassword(db: Db, a: Attempt, user: SessionUser, input: PasswordChangeInput): Promise<void> {
  const row = await db.select({ is_team: users.is_team }).from(users).where(eq(users.id, user.id)).get();
  if (!row) throw notFound("User");
  // The team gate's password is the studio's, set with `npm run hash-password -- --team`.
  if (row.is_team) throw new AppError("forbidden", "The shared team password is changed by the studio's owner from the command line");
  try {
    await attempt(db, a, () => checkPassword(db, user.email, input.current_password), "Your current password is not right", false);
  } catch (err) {
    if (err instanceof AppError && err.code === "unauthenticated")
      throw invalid({ current_password: "Your current password is not right" });
    throw err;
  }
  const pw = await hashPassword(input.new_password);
  await db.batch([
    db.update(users).set({ password_hash: pw.hash, salt: pw.salt, iterations: pw.iterations }).where(eq(users.id, user.id)),
    endAllSessions(db, user.id),
    auditEvent(db, a.audit, "password_changed", "Changed their password; every other session was signed out", user.id),
  ]);
}

/** "Sign out everywhere": every session of the account ends, this one included. */
export async function signOutEverywhere(db: Db, audit: AuditSource, userId: string): Promise<void> {
  await db.batch([endAllSessions(db, userId), auditEvent(db, audit, "signed_out_everywhere", "Signed out of every session", userId)]);
}
