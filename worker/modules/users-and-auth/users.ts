/** Staff accounts and sign-in checks. No Hono here: (db, input) => result. Invitations: modules/users-and-auth/invites.ts. */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { users } from "../../db/schema";
import type { SessionUser, User } from "../../../contract/user";
import { DUMMY_HASH, verifyPassword } from "../../platform/password";

/** The columns any signed-in user may read about an account (never the password hash). */
export const publicUserColumns = {
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
  return db.select(publicUserColumns).from(users).orderBy(asc(users.created_at));
}

const storedHash = (row: { password_hash: string; salt: string; iterations: number }) => ({
  hash: row.password_hash,
  salt: row.salt,
  iterations: row.iterations,
});

export const toSession = (u: { id: string; email: string; full_name: string; role: SessionUser["role"] }): SessionUser => ({
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
