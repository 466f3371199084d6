/**
 * A client's comments on their preview and the studio's replies (docs/decisions/0009-preview-feedback.md).
 *
 * The order is the promise "never lost", as for public enquiries: validate, store the comment with
 * its Activity Feed entry in one batch, and only then e-mail the studio, whose outcome is recorded
 * on the row for a resend.
 */
import { and, count, desc, eq } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { activities, preview_comments, preview_releases, preview_replies } from "../../db/schema";
import type {
  commentInput,
  commentPatch,
  PreviewComment,
  PreviewReply,
  PublicComment,
  replyInput,
} from "../../../contract/preview-feedback";
import type { SessionUser } from "../../../contract/user";
import type { PreviewContext } from "../../env";
import { notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { nextStamp, nowIso } from "../../platform/time";
import { limits, reserveAttempt } from "../../platform/rate-limit";
import { versionedResult } from "../../platform/versioned";
import { trySend } from "../../platform/email";
import type { Sender } from "../../platform/client-info";
import { currentRelease } from "./preview-releases";
import { commentMail, recordDelivery, type MailEnv } from "./preview-notifications";

/** Most comments one list shows; a client with more sees the newest. */
export const COMMENT_LIST_MAX = 200;

export async function commentsOf(db: Db, clientId: string): Promise<PreviewComment[]> {
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

export const toPublicComment = ({ id, author_name, body, page, status, created_at, release, replies }: PreviewComment): PublicComment => ({
  id,
  author_name,
  body,
  page,
  status,
  created_at,
  release,
  replies,
});

/** Open comments across all clients: the Clients entry's badge. */
export async function openCommentCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(preview_comments).where(eq(preview_comments.status, "Open"));
  return row?.n ?? 0;
}

const excerpt = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * A client's comment: reserved first under the limits per client and network, per network and per
 * client (platform/rate-limit.ts), so a burst stores and e-mails no more than they allow and a refused
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
      who_name: input.author_name,
      who_kind: "client",
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
