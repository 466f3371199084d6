/** The users-and-auth module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { roles } from "../../../contract/user";
import { id, stamps, oneOf, bool } from "../../platform/columns";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    full_name: text("full_name").notNull(),
    role: text("role", { enum: roles }).notNull(),
    job_title: text("job_title"),
    password_hash: text("password_hash").notNull(),
    salt: text("salt").notNull(),
    iterations: integer("iterations").notNull(),
    disabled: bool("disabled").notNull().default(false),
    /** The shared account the gate's CRM Access Password signs in to. */
    is_team: bool("is_team").notNull().default(false),
    /**
     * Sessions carry the epoch they were issued in; bumping it (a new password, the account
     * disabled, "sign out everywhere") ends every session of the account at once.
     */
    session_epoch: integer("session_epoch").notNull().default(0),
    /** Whether the 08:00 daily digest is e-mailed to this account (Your account's switch). */
    daily_digest: bool("daily_digest").notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_one_team")
      .on(t.is_team)
      .where(sql`${t.is_team} = 1`),
    check("users_role_check", oneOf(t.role, roles)),
    check("users_iterations_check", sql`${t.iterations} BETWEEN 1 AND 100000`),
  ],
);

export const invites = sqliteTable(
  "invites",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role", { enum: roles }).notNull(),
    token_hash: text("token_hash").notNull(),
    // An invitation outlives neither its sender's account nor its purpose.
    invited_by: text("invited_by").references(() => users.id, { onDelete: "cascade" }),
    expires_at: text("expires_at").notNull(),
    accepted_at: text("accepted_at"),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [
    uniqueIndex("invites_token_hash_unique").on(t.token_hash),
    index("invites_email_idx").on(t.email),
    check("invites_role_check", oneOf(t.role, roles)),
  ],
);

/** Signed-out sessions, kept until their token would have expired anyway. */
export const revoked_sessions = sqliteTable(
  "revoked_sessions",
  { jti: text("jti").primaryKey(), expires_at: text("expires_at").notNull() },
  (t) => [index("revoked_sessions_expires_idx").on(t.expires_at)],
);
