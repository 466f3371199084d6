/**
 * User management for the Owner (docs/decisions/0038-sign-up-is-by-invitation.md): disable or re-enable an account
 * (invitations: modules/users-and-auth/invites.ts). A disabled account's sessions stop at once: every request's session
 * check (modules/users-and-auth/session.ts currentUser) reads the account and refuses a disabled one.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { invites, users } from "../../db/schema";
import type { User } from "../../../contract/user";
import type { UserStatusInput } from "../../../contract/user-admin";
import { notFound } from "../../platform/errors";
import { invalid } from "../../platform/validate";
import { nowIso } from "../../platform/time";
import { endAllSessions } from "./session";
import { auditEvent, type AuditSource } from "../audit";
import { publicUserColumns } from "./users";

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
    db.update(users).set({ disabled: input.disabled, updated_at: nowIso() }).where(eq(users.id, id)).returning(publicUserColumns),
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
