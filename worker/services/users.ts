/** Staff accounts, sign-in checks and invitations. No Hono here: (db, input) => result. */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { invites, users } from "../db/schema";
import type { AcceptInviteInput, InviteInput, SessionUser, User } from "../../contract/user";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../auth/password";
import { AppError } from "../lib/errors";
import { newId, randomToken, sha256Hex } from "../lib/ids";
import { isoIn, nowIso } from "../lib/time";

export const INVITE_TTL_MS = 48 * 60 * 60_000;
const inviter = alias(users, "inviter");

const publicColumns = {
  id: users.id,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
  job_title: users.job_title,
  is_team: users.is_team,
  disabled: users.disabled,
  created_at: users.created_at,
};

export function listUsers(db: Db): Promise<User[]> {
  return db.select(publicColumns).from(users).orderBy(asc(users.created_at));
}

const storedHash = (row: { password_hash: string; salt: string; iterations: number }) => ({
  hash: row.password_hash,
  salt: row.salt,
  iterations: row.iterations,
});

const toSession = (u: { id: string; email: string; full_name: string; role: SessionUser["role"] }): SessionUser => ({
  id: u.id,
  email: u.email,
  full_name: u.full_name,
  role: u.role,
});

/**
 * The user whose e-mail and password match, or null. Unknown e-mails still cost one PBKDF2
 * run, so response time does not reveal which addresses have accounts.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<SessionUser | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.is_team, false)))
    .limit(1);
  const ok = await verifyPassword(password, row ? storedHash(row) : DUMMY_HASH);
  if (!row || !ok || row.disabled) return null;
  return toSession(row);
}

/** The shared Team account, when the gate's CRM Access Password matches its hash. */
export async function checkTeamPassword(db: Db, password: string): Promise<SessionUser | null> {
  const [row] = await db.select().from(users).where(eq(users.is_team, true)).limit(1);
  const ok = await verifyPassword(password, row ? storedHash(row) : DUMMY_HASH);
  if (!row || !ok || row.disabled) return null;
  return toSession(row);
}

export interface CreatedInvite {
  id: string;
  email: string;
  role: InviteInput["role"];
  expires_at: string;
  /** The secret part of the link; only its hash is stored. */
  token: string;
}

export async function createInvite(db: Db, input: InviteInput, invitedBy: string): Promise<CreatedInvite> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing)
    throw new AppError("conflict", "Someone with that email already has an account", {
      email: "Someone with that email already has an account",
    });
  const token = randomToken(32);
  const row = {
    id: newId(),
    email: input.email,
    role: input.role,
    token_hash: await sha256Hex(token),
    invited_by: invitedBy,
    expires_at: isoIn(INVITE_TTL_MS),
  };
  await db.insert(invites).values(row);
  return { id: row.id, email: row.email, role: row.role, expires_at: row.expires_at, token };
}

/** Turns a valid, unexpired, unused invitation into an account, in one batch. */
export async function acceptInvite(db: Db, input: AcceptInviteInput): Promise<SessionUser> {
  const tokenHash = await sha256Hex(input.token);
  const [found] = await db
    .select({ invite: invites, inviterDisabled: inviter.disabled })
    .from(invites)
    .leftJoin(inviter, eq(inviter.id, invites.invited_by))
    .where(and(eq(invites.token_hash, tokenHash), isNull(invites.accepted_at), gt(invites.expires_at, nowIso())))
    .limit(1);
  // An invitation dies with its sender's access (disabling also deletes it; this covers a race).
  if (!found || found.inviterDisabled) throw new AppError("not_found", "This invitation link has expired or was already used");
  const invite = found.invite;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).limit(1);
  if (taken) throw new AppError("conflict", "Someone with that email already has an account");
  const pw = await hashPassword(input.password);
  const user = {
    id: newId(),
    email: invite.email,
    full_name: input.full_name,
    role: invite.role,
    password_hash: pw.hash,
    salt: pw.salt,
    iterations: pw.iterations,
  };
  // The accepted_at guard makes a second, simultaneous acceptance change nothing.
  const [, claimed] = await db.batch([
    db.insert(users).values(user),
    db
      .update(invites)
      .set({ accepted_at: nowIso(), user_id: user.id, updated_at: nowIso() })
      .where(and(eq(invites.id, invite.id), isNull(invites.accepted_at)))
      .returning({ id: invites.id }),
  ]);
  if (claimed.length === 0) throw new AppError("conflict", "This invitation was already used");
  return toSession(user);
}

export async function deleteInvite(db: Db, id: string): Promise<void> {
  await db.delete(invites).where(eq(invites.id, id));
}
