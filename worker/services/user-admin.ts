/**
 * User management for the Owner (docs/product-decisions.md 7): disable or re-enable an account, and list the
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
import { endAllSessions } from "../auth/session";
import { auditEvent, type AuditSource } from "./audit";

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

/**
 * Disables or re-enables an account. Disabling ends all its sessions (a re-enabled account signs
 * in afresh) and its open invitations: an invitation outlives neither its sender's access nor its purpose.
 */
export async function setUserDisabled(db: Db, id: string, input: UserStatusInput, by: { id: string }, source: AuditSource): Promise<User> {
  // Nobody can lock themselves out, so there is always an Owner who can undo a mistake.
  if (id === by.id && input.disabled) throw invalid({ disabled: "You cannot disable your own account" });
  const target = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).get();
  if (!target) throw notFound("User");
  const [[row]] = await db.batch([
    db.update(users).set({ disabled: input.disabled, updated_at: nowIso() }).where(eq(users.id, id)).returning(publicColumns),
    ...(input.disabled
      ? [endAllSessions(db, id), db.delete(invites).where(and(eq(invites.invited_by, id), isNull(invites.accepted_at)))]
      : []),
    auditEvent(
      db,
      source,
      input.disabled ? "user_disabled" : "user_enabled",
      `${input.disabled ? "Disabled" : "Enabled"} ${target.email}`,
      id,
    ),
  ]);
  if (!row) throw notFound("User");
  return row;
}

/** Withdraws an invitation that has not been used: its link stops working at once. */
export async function revokeInvite(db: Db, id: string, source: AuditSource): Promise<void> {
  const invite = await db
    .select({ email: invites.email })
    .from(invites)
    .where(and(eq(invites.id, id), isNull(invites.accepted_at)))
    .get();
  if (!invite) throw notFound("Invitation");
  await db.batch([
    db.delete(invites).where(and(eq(invites.id, id), isNull(invites.accepted_at))),
    auditEvent(db, source, "invite_revoked", `Revoked the invitation to ${invite.email}`),
  ]);
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
