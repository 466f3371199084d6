/**
 * User management for the Owner (DECISIONS 7): disable or re-enable an account, and list the
 * invitations still open. A disabled account's sessions stop at once: every request's session
 * check (auth/session.ts currentUser) reads the account and refuses a disabled one.
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { invites, users } from "../db/schema";
import type { User } from "../../contract/user";
import type { PendingInvite, UserStatusInput } from "../../contract/user-admin";
import { notFound } from "../lib/errors";
import { invalid } from "../lib/validate";
import { nowIso } from "../lib/time";

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

export async function setUserDisabled(db: Db, id: string, input: UserStatusInput, by: { id: string }): Promise<User> {
  // Nobody can lock themselves out, so there is always an Owner who can undo a mistake.
  if (id === by.id && input.disabled) throw invalid({ disabled: "You cannot disable your own account" });
  const [row] = await db
    .update(users)
    .set({ disabled: input.disabled, updated_at: nowIso() })
    .where(eq(users.id, id))
    .returning(publicColumns);
  if (!row) throw notFound("User");
  return row;
}

const inviter = alias(users, "inviter");

export function pendingInvites(db: Db): Promise<PendingInvite[]> {
  return db
    .select({
      id: invites.id,
      email: invites.email,
      role: invites.role,
      invited_by: invites.invited_by,
      invited_by_name: inviter.full_name,
      expires_at: invites.expires_at,
      created_at: invites.created_at,
    })
    .from(invites)
    .leftJoin(inviter, eq(inviter.id, invites.invited_by))
    .where(and(isNull(invites.accepted_at), gt(invites.expires_at, nowIso())))
    .orderBy(asc(invites.created_at));
}
