/**
 * Invitations: the Owner invites someone by e-mail, they accept with a name and password, and the
 * Owner can list the open ones or revoke one. No Hono here: routes pass in what they read.
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../platform/db";
import { invites, users } from "../../db/schema";
import type { AcceptInviteInput, InviteInput, SessionUser } from "../../../contract/user";
import type { PendingInvite } from "../../../contract/user-admin";
import type { EmailOutcome } from "../../../contract/email-outcome";
import type { Env } from "../../env";
import { hashPassword } from "../../platform/password";
import { sendOrExplain } from "../../platform/email";
import { AppError, notFound } from "../../platform/errors";
import { newId, randomToken, sha256Hex } from "../../platform/ids";
import { isoIn, nowIso } from "../../platform/time";
import { auditEvent, type AuditSource } from "../audit";
import { checkInvitee, reserveSend, studioDomains } from "./send-guard";
import { toSession } from "./users";

export const INVITE_TTL_MS = 48 * 60 * 60_000;
const inviter = alias(users, "inviter");

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

/**
 * Turns a valid, unexpired, unused invitation into an account, in one batch with its line in the
 * audit trail: the new account is both who acted and what was created.
 */
export async function acceptInvite(db: Db, input: AcceptInviteInput, source: AuditSource): Promise<SessionUser> {
  const tokenHash = await sha256Hex(input.token);
  const [found] = await db
    .select({ invite: invites, inviterDisabled: inviter.disabled, inviterName: inviter.full_name })
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
    auditEvent(
      db,
      { ...source, actorId: user.id },
      "invite_accepted",
      `Joined as ${user.role} (${user.email}), invited by ${found.inviterName ?? "a former colleague"}`,
      user.id,
    ),
  ]);
  if (claimed.length === 0) throw new AppError("conflict", "This invitation was already used");
  return toSession(user);
}

export interface InviteSender {
  id: string;
  full_name: string;
}

export interface InviteContext {
  db: Db;
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_NAME" | "STUDIO_INBOX">;
  /** The site's origin, for the link in the e-mail. */
  origin: string;
  by: InviteSender;
  source: AuditSource;
  requestId: string;
}

export interface SentInvite {
  invite: Omit<CreatedInvite, "token">;
  email: EmailOutcome;
  /** The invitation link, only when it could not be e-mailed: the Owner copies it or sends it from their own mail. */
  link: string | null;
}

/**
 * Creates the invitation, e-mails its link and records it. When Cloudflare will not send the mail
 * (an address the account cannot reach), the invitation stands all the same and the answer carries
 * its link, for the Owner to send by hand (docs/decisions/0024); otherwise the link, like its
 * token, is never answered. It passes modules/users-and-auth/send-guard.ts first: an address outside the
 * studio's own domains needs the Owner's tick, and the Owner's sends count against their 20 an hour.
 */
export async function sendInvite(ctx: InviteContext, input: InviteInput): Promise<SentInvite> {
  const outside = checkInvitee(input.email, await studioDomains(ctx.db, ctx.env), input.confirm_recipient);
  const reservation = await reserveSend(ctx.db, ctx.by.id);
  return inviteAndSend(ctx, input, outside).catch(reservation.giveBack);
}

async function inviteAndSend(ctx: InviteContext, input: InviteInput, outside: boolean): Promise<SentInvite> {
  const { db, env } = ctx;
  const invite = await createInvite(db, input, ctx.by.id);
  // The token rides in the fragment, which browsers never send to servers or in Referer.
  const link = `${ctx.origin}/auth/invite#token=${invite.token}`;
  const email = await sendOrExplain(
    env,
    {
      to: invite.email,
      subject: `You're invited to the ${env.STUDIO_NAME} CRM`,
      text: [
        `${ctx.by.full_name} has invited you to join the ${env.STUDIO_NAME} CRM as ${invite.role}.`,
        "",
        "Set your name and password here:",
        link,
        "",
        `This link works once and expires in ${INVITE_TTL_MS / 3_600_000} hours.`,
      ].join("\n"),
    },
    "Copy the invitation link and send it yourself.",
    { requestId: ctx.requestId, invite: invite.id },
  );
  await auditEvent(
    db,
    ctx.source,
    "invite",
    `Invited ${invite.email} as ${invite.role}${outside ? " (not at the studio's own domains; confirmed)" : ""}${email.sent ? "" : " (Cloudflare wouldn't e-mail the link, so it was shown to copy)"}`,
  );
  const { token: _secret, ...safe } = invite;
  return { invite: safe, email, link: email.sent ? null : link };
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
