/**
 * Client feedback on previews (docs/decisions/0009-preview-feedback.md): versions, comments, the studio's replies, approvals.
 *
 * The order is the promise "never lost", as for public enquiries: validate, store the comment or
 * approval with its Activity Feed entry (and, for an approval, the project's move to Launch) in
 * one batch, and only then e-mail the studio, whose outcome is recorded on the row for a resend.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { activities, clients, preview_approvals, preview_comments, preview_releases, preview_replies, projects } from "../db/schema";
import {
  STALE_RELEASE_MESSAGE,
  type approvalInput,
  type commentInput,
  type commentPatch,
  type PreviewApproval,
  type PreviewApprovalAdmin,
  type PreviewComment,
  type PreviewFeedback,
  type PreviewRelease,
  type PreviewReply,
  type PublicComment,
  type replyInput,
} from "../../contract/preview-feedback";
import type { SessionUser } from "../../contract/user";
import { AppError, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { nextStamp, nowIso } from "../lib/time";
import { limits, reserveAttempt } from "../lib/rate-limit";
import { abortIf, isGuardAbort, requireUpdated, runBatch } from "../lib/batch";
import { versionedResult } from "../lib/versioned";
import { trySend, type Mail } from "../email/send";
import type { Env } from "../env";
import type { Sender } from "../lib/client-info";

type MailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX">;

/** The client an unlocked preview belongs to, and what the page shows. */
export interface PreviewContext {
  previewId: string;
  client: { id: string; name: string };
  previewUrl: string | null;
}

/** The client linked to a preview card, or null. */
export function clientOfPreview(db: Db, previewId: string) {
  return db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.preview_id, previewId)).get();
}

// Versions -------------------------------------------------------------------------------------

const releaseColumns = { id: preview_releases.id, preview_url: preview_releases.preview_url, published_at: preview_releases.published_at };

function newestRelease(db: Db, previewId: string, clientId: string) {
  return db
    .select(releaseColumns)
    .from(preview_releases)
    .where(and(eq(preview_releases.preview_id, previewId), eq(preview_releases.client_id, clientId)))
    .orderBy(desc(preview_releases.published_at), desc(sql`rowid`))
    .limit(1)
    .get();
}

/**
 * The version on screen for this card and client. Setting a new URL publishes a new version; a
 * preview set before versions existed (or whose publish was interrupted) gets its version the
 * first time it is asked for, so what the client sees always has one.
 */
export async function publishRelease(db: Db, previewId: string, clientId: string, previewUrl: string | null): Promise<PreviewRelease> {
  const newest = await newestRelease(db, previewId, clientId);
  if (newest && newest.preview_url === previewUrl) return newest;
  const now = nowIso();
  const release = {
    id: newId(),
    preview_id: previewId,
    client_id: clientId,
    preview_url: previewUrl,
    // Strictly later than the version it replaces, so "newest" is never a tie.
    published_at: newest ? nextStamp(newest.published_at) : now,
    created_at: now,
    updated_at: now,
  };
  await db.insert(preview_releases).values(release);
  return { id: release.id, preview_url: release.preview_url, published_at: release.published_at };
}

const currentRelease = (db: Db, ctx: PreviewContext) => publishRelease(db, ctx.previewId, ctx.client.id, ctx.previewUrl);

// Reading ------------------------------------------------------------------------------------

/** Most comments one list shows; a client with more sees the newest. */
export const COMMENT_LIST_MAX = 200;

async function commentsOf(db: Db, clientId: string): Promise<PreviewComment[]> {
  const rows = await db
    .select({
      id: preview_comments.id,
      client_id: preview_comments.client_id,
      author_name: preview_comments.author_name,
      body: preview_comments.body,
      page: preview_comments.page,
      status: preview_comments.status,
      created_at: preview_comments.created_at,
      updated_at: preview_comments.updated_at,
      email_status: preview_comments.email_status,
      email_error: preview_comments.email_error,
      release_id: preview_releases.id,
      release_url: preview_releases.preview_url,
      release_published_at: preview_releases.published_at,
    })
    .from(preview_comments)
    .innerJoin(preview_releases, eq(preview_releases.id, preview_comments.release_id))
    .where(eq(preview_comments.client_id, clientId))
    .orderBy(desc(preview_comments.created_at), desc(preview_comments.id))
    .limit(COMMENT_LIST_MAX);
  const replies = rows.length
    ? await db
        .select({
          id: preview_replies.id,
          comment_id: preview_replies.comment_id,
          author_name: preview_replies.author_name,
          body: preview_replies.body,
          created_at: preview_replies.created_at,
        })
        .from(preview_replies)
        .innerJoin(preview_comments, eq(preview_comments.id, preview_replies.comment_id))
        .where(eq(preview_comments.client_id, clientId))
        .orderBy(preview_replies.created_at, preview_replies.id)
    : [];
  const byComment = new Map<string, PreviewReply[]>();
  for (const r of replies) byComment.set(r.comment_id, [...(byComment.get(r.comment_id) ?? []), r]);
  return rows.map(({ release_id, release_url, release_published_at, ...c }) => ({
    ...c,
    release: { id: release_id, preview_url: release_url, published_at: release_published_at },
    replies: byComment.get(c.id) ?? [],
  }));
}

const toPublicComment = ({ id, author_name, body, page, status, created_at, release, replies }: PreviewComment): PublicComment => ({
  id,
  author_name,
  body,
  page,
  status,
  created_at,
  release,
  replies,
});

async function approvalsOf(db: Db, clientId: string, releaseId?: string): Promise<PreviewApprovalAdmin[]> {
  const rows = await db
    .select({
      id: preview_approvals.id,
      client_id: preview_approvals.client_id,
      approver_name: preview_approvals.approver_name,
      created_at: preview_approvals.created_at,
      project_id: preview_approvals.project_id,
      project_title: projects.title,
      email_status: preview_approvals.email_status,
      email_error: preview_approvals.email_error,
      release_id: preview_releases.id,
      release_url: preview_releases.preview_url,
      release_published_at: preview_releases.published_at,
    })
    .from(preview_approvals)
    .innerJoin(preview_releases, eq(preview_releases.id, preview_approvals.release_id))
    .leftJoin(projects, eq(projects.id, preview_approvals.project_id))
    .where(and(eq(preview_approvals.client_id, clientId), releaseId ? eq(preview_approvals.release_id, releaseId) : undefined))
    .orderBy(desc(preview_approvals.created_at));
  return rows.map(({ release_id, release_url, release_published_at, ...a }) => ({
    ...a,
    release: { id: release_id, preview_url: release_url, published_at: release_published_at },
  }));
}

const toPublicApproval = ({ id, approver_name, created_at, release }: PreviewApprovalAdmin): PreviewApproval => ({
  id,
  approver_name,
  created_at,
  release,
});

/** What the preview page's panel shows: the version on screen, its approval, and the client's comments. */
export async function publicFeedback(db: Db, ctx: PreviewContext): Promise<PreviewFeedback> {
  const release = await currentRelease(db, ctx);
  const [comments, [approval]] = await Promise.all([commentsOf(db, ctx.client.id), approvalsOf(db, ctx.client.id, release.id)]);
  return {
    release: release.preview_url ? release : null,
    approval: approval ? toPublicApproval(approval) : null,
    comments: comments.map(toPublicComment),
  };
}

/**
 * The client page's Feedback section: every comment and every approval, newest first, and the
 * version now on screen (null when the client has no preview or it has no URL), so older ones can be told apart.
 */
export async function clientFeedback(db: Db, clientId: string) {
  const client = await db.select({ id: clients.id, preview_id: clients.preview_id }).from(clients).where(eq(clients.id, clientId)).get();
  if (!client) throw notFound("Client");
  const [comments, approvals, newest] = await Promise.all([
    commentsOf(db, clientId),
    approvalsOf(db, clientId),
    client.preview_id ? newestRelease(db, client.preview_id, clientId) : undefined,
  ]);
  return { comments, approvals, release: newest?.preview_url ? newest : null };
}

/** Open comments across all clients: the Clients entry's badge. */
export async function openCommentCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(preview_comments).where(eq(preview_comments.status, "Open"));
  return row?.n ?? 0;
}

// Client actions -------------------------------------------------------------------------------

const excerpt = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const londonTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** Where the studio opens the client in the CRM, for the e-mails. */
const crmLink = (origin: string, clientId: string) => `${origin}/crm/clients/${clientId}`;

function commentMail(
  inbox: string,
  ctx: PreviewContext,
  comment: { author_name: string; body: string; page: string | null },
  release: PreviewRelease,
  origin: string,
): Mail {
  return {
    to: inbox,
    subject: `Preview feedback from ${comment.author_name} (${ctx.client.name})`,
    text: [
      `${comment.author_name} left feedback on the preview of ${ctx.client.name}.`,
      "",
      comment.body,
      "",
      `Page: ${comment.page ?? "Not given"}`,
      `Version: ${release.preview_url ?? "No preview URL"}, published ${londonTime(release.published_at)}`,
      "",
      `Reply, resolve or make it a task in the CRM: ${crmLink(origin, ctx.client.id)}`,
    ].join("\n"),
  };
}

/** Records how a notification went on the comment or approval it is about. */
async function recordDelivery(db: Db, table: typeof preview_comments | typeof preview_approvals, id: string, error: string | null) {
  await db
    .update(table)
    .set({
      email_status: error ? "failed" : "sent",
      email_error: error ? error.slice(0, 500) : null,
      email_attempts: sql`${table.email_attempts} + 1`,
    })
    .where(eq(table.id, id));
}

/**
 * A client's comment: reserved first under the limits per client and network, per network and per
 * client (lib/rate-limit.ts), so a burst stores and e-mails no more than they allow and a refused
 * one does not count; stored with its Activity Feed entry, then e-mailed to the studio.
 */
export async function addComment(
  env: MailEnv,
  db: Db,
  ctx: PreviewContext,
  input: z.output<typeof commentInput>,
  sender: Sender,
  origin: string,
): Promise<PublicComment> {
  const reservation = await reserveAttempt(db, [
    { limit: limits.commentsClientNetwork, key: `${ctx.client.id}:${sender.networkKey}` },
    { limit: limits.commentsNetwork, key: sender.networkKey },
    { limit: limits.commentsClient, key: ctx.client.id },
  ]);
  const release = await currentRelease(db, ctx).catch(reservation.giveBack);
  const now = nowIso();
  const id = newId();
  const stored = db.batch([
    db
      .insert(preview_comments)
      .values({ id, client_id: ctx.client.id, release_id: release.id, ...input, created_at: now, updated_at: now }),
    db.insert(activities).values({
      id: newId(),
      who_username: null,
      type: "Note",
      summary: `${input.author_name} left feedback on the preview of ${ctx.client.name}: "${excerpt(input.body)}"`,
      related_type: "client",
      related_id: ctx.client.id,
      created_at: now,
      updated_at: now,
    }),
  ]);
  await stored.catch(reservation.giveBack);
  const error = await trySend(env, commentMail(env.STUDIO_INBOX, ctx, input, release, origin), { comment: id });
  await recordDelivery(db, preview_comments, id, error);
  return { id, author_name: input.author_name, body: input.body, page: input.page, status: "Open", created_at: now, release, replies: [] };
}

export interface ApprovalResult {
  approval: PreviewApproval;
  /** False when this version had already been approved: the first approval stands. */
  created: boolean;
  /** The project moved from Review to Launch, if any. */
  movedProjectId: string | null;
}

const staleRelease = () => new AppError("conflict", STALE_RELEASE_MESSAGE);

function approvalMail(
  inbox: string,
  ctx: PreviewContext,
  approverName: string,
  release: PreviewRelease,
  project: { title: string } | null,
  origin: string,
): Mail {
  return {
    to: inbox,
    subject: `${ctx.client.name} approved their preview`,
    text: [
      `${approverName} approved the preview of ${ctx.client.name} for launch.`,
      "",
      `Version: ${release.preview_url}, published ${londonTime(release.published_at)}`,
      project
        ? `The project "${project.title}" has moved from Review to Launch.`
        : "No project of theirs was in Review, so nothing has moved on the Projects board.",
      "",
      `Open the client in the CRM: ${crmLink(origin, ctx.client.id)}`,
    ].join("\n"),
  };
}

/**
 * The client approves the version on screen. Refused (409) when a newer version was published
 * since the page loaded; a second approval of the same version answers the first. The client's
 * project in Review (the most recently updated) moves to Launch in the same batch as the
 * approval, so neither happens without the other.
 */
export async function approveRelease(
  env: MailEnv,
  db: Db,
  ctx: PreviewContext,
  input: z.output<typeof approvalInput>,
  sender: Sender,
  origin: string,
): Promise<ApprovalResult> {
  const release = await currentRelease(db, ctx);
  if (input.release_id !== release.id) throw staleRelease();
  if (!release.preview_url) throw new AppError("conflict", "There is no version to approve yet.");
  const existing = async () => {
    const [first] = await approvalsOf(db, ctx.client.id, release.id);
    return first ? { approval: toPublicApproval(first), created: false, movedProjectId: first.project_id } : null;
  };
  const already = await existing();
  if (already) return already;

  // A project moved by someone else between the read and the batch makes the batch abort; read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const project = await db
      .select({ id: projects.id, title: projects.title, updated_at: projects.updated_at })
      .from(projects)
      .where(and(eq(projects.client_id, ctx.client.id), eq(projects.stage, "Review")))
      .orderBy(desc(projects.updated_at))
      .limit(1)
      .get();
    const now = nowIso();
    const id = newId();
    const newestId = db
      .select({ id: preview_releases.id })
      .from(preview_releases)
      .where(and(eq(preview_releases.preview_id, ctx.previewId), eq(preview_releases.client_id, ctx.client.id)))
      .orderBy(desc(preview_releases.published_at), desc(sql`rowid`))
      .limit(1);
    const summary = project
      ? `${input.approver_name} approved the preview of ${ctx.client.name}; "${project.title}" moved from Review to Launch`
      : `${input.approver_name} approved the preview of ${ctx.client.name}; no project was in Review, so nothing moved`;
    try {
      await runBatch(db, [
        // A version published after the read above wins: this approval is for an older one.
        abortIf(db, sql`(${newestId}) IS NOT ${release.id}`),
        db.insert(preview_approvals).values({
          id,
          client_id: ctx.client.id,
          release_id: release.id,
          approver_name: input.approver_name,
          ip_hash: sender.ipKey,
          project_id: project?.id ?? null,
          created_at: now,
          updated_at: now,
        }),
        ...(project
          ? [
              db
                .update(projects)
                .set({ stage: "Launch", stage_changed_by: `Client: ${input.approver_name}`, updated_at: nextStamp(project.updated_at) })
                .where(and(eq(projects.id, project.id), eq(projects.updated_at, project.updated_at), eq(projects.stage, "Review"))),
              requireUpdated(db),
            ]
          : []),
        db.insert(activities).values({
          id: newId(),
          who_username: null,
          type: "StatusChange",
          summary,
          related_type: "client",
          related_id: ctx.client.id,
          created_at: now,
          updated_at: now,
        }),
      ]);
    } catch (err) {
      // Approved a moment ago by another request: the first approval stands.
      const raced = await existing();
      if (raced) return raced;
      if (!isGuardAbort(err)) throw err;
      if ((await newestRelease(db, ctx.previewId, ctx.client.id))?.id !== release.id) throw staleRelease();
      continue;
    }
    const error = await trySend(env, approvalMail(env.STUDIO_INBOX, ctx, input.approver_name, release, project ?? null, origin), {
      approval: id,
    });
    await recordDelivery(db, preview_approvals, id, error);
    return {
      approval: { id, approver_name: input.approver_name, created_at: now, release },
      created: true,
      movedProjectId: project?.id ?? null,
    };
  }
  throw new AppError("conflict", "The project changed while your approval was being saved. Please try again.");
}

// Studio actions -------------------------------------------------------------------------------

async function commentRow(db: Db, id: string) {
  const row = await db
    .select({ id: preview_comments.id, client_id: preview_comments.client_id })
    .from(preview_comments)
    .where(eq(preview_comments.id, id))
    .get();
  if (!row) throw notFound("Comment");
  return row;
}

/** A reply under a comment, signed with the member of staff's name; the client sees it on their page. */
export async function replyToComment(db: Db, commentId: string, input: z.output<typeof replyInput>, by: SessionUser) {
  const comment = await commentRow(db, commentId);
  const now = nowIso();
  const reply = {
    id: newId(),
    comment_id: commentId,
    author_id: by.id,
    author_name: by.full_name,
    body: input.body,
    created_at: now,
    updated_at: now,
  };
  await db.insert(preview_replies).values(reply);
  const { author_id: _by, updated_at: _u, ...shown } = reply;
  return { reply: shown satisfies PreviewReply, clientId: comment.client_id };
}

/** Resolve or Reopen, from the copy the member of staff saw (409 when it changed since). */
export async function setCommentStatus(db: Db, commentId: string, patch: z.output<typeof commentPatch>) {
  const rows = await db
    .update(preview_comments)
    .set({ status: patch.status, updated_at: nextStamp(patch.updated_at) })
    .where(and(eq(preview_comments.id, commentId), eq(preview_comments.updated_at, patch.updated_at)))
    .returning({
      id: preview_comments.id,
      client_id: preview_comments.client_id,
      status: preview_comments.status,
      updated_at: preview_comments.updated_at,
    });
  return versionedResult(rows, () => commentRow(db, commentId).catch(() => null), "Comment");
}

const feedbackClient = { id: clients.id, name: clients.name, preview_id: clients.preview_id };

/** What a resend needs of a stored comment or approval: whose it is, whether it already went, and the mail to send again. */
interface StoredNotification {
  clientId: string;
  sent: boolean;
  mail: Mail;
}

async function storedCommentMail(env: MailEnv, db: Db, id: string, origin: string): Promise<StoredNotification> {
  const row = await db
    .select({ comment: preview_comments, client: feedbackClient, release: releaseColumns })
    .from(preview_comments)
    .innerJoin(clients, eq(clients.id, preview_comments.client_id))
    .innerJoin(preview_releases, eq(preview_releases.id, preview_comments.release_id))
    .where(eq(preview_comments.id, id))
    .get();
  if (!row) throw notFound("Comment");
  const ctx = { previewId: row.client.preview_id ?? "", client: row.client, previewUrl: row.release.preview_url };
  return {
    clientId: row.client.id,
    sent: row.comment.email_status === "sent",
    mail: commentMail(env.STUDIO_INBOX, ctx, row.comment, row.release, origin),
  };
}

async function storedApprovalMail(env: MailEnv, db: Db, id: string, origin: string): Promise<StoredNotification> {
  const row = await db
    .select({ approval: preview_approvals, client: feedbackClient, release: releaseColumns, project_title: projects.title })
    .from(preview_approvals)
    .innerJoin(clients, eq(clients.id, preview_approvals.client_id))
    .innerJoin(preview_releases, eq(preview_releases.id, preview_approvals.release_id))
    .leftJoin(projects, eq(projects.id, preview_approvals.project_id))
    .where(eq(preview_approvals.id, id))
    .get();
  if (!row) throw notFound("Approval");
  const ctx = { previewId: row.client.preview_id ?? "", client: row.client, previewUrl: row.release.preview_url };
  const project = row.project_title !== null ? { title: row.project_title } : null;
  return {
    clientId: row.client.id,
    sent: row.approval.email_status === "sent",
    mail: approvalMail(env.STUDIO_INBOX, ctx, row.approval.approver_name, row.release, project, origin),
  };
}

/** Sends a comment's or approval's notification again, rebuilt from what was stored; one already sent is left as it is. */
export async function resendFeedbackEmail(env: MailEnv, db: Db, kind: "comment" | "approval", id: string, origin: string) {
  const stored = await (kind === "comment" ? storedCommentMail : storedApprovalMail)(env, db, id, origin);
  if (stored.sent) return { clientId: stored.clientId, error: null, resent: false };
  const error = await trySend(env, stored.mail, { [kind]: id });
  await recordDelivery(db, kind === "comment" ? preview_comments : preview_approvals, id, error);
  return { clientId: stored.clientId, error, resent: true };
}
