/**
 * Client feedback on previews as each side reads it (docs/decisions/0009-preview-feedback.md):
 * the preview page's panel and the client page's Feedback section. The parts live by concern:
 * versions in preview-releases.ts, comments and replies in preview-comments.ts, approvals in
 * preview-approvals.ts, and the studio's e-mail about them in preview-notifications.ts.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients } from "../../db/schema";
import type { PreviewFeedback } from "../../../contract/preview-feedback";
import type { PreviewContext } from "../../env";
import { notFound } from "../../platform/errors";
import { currentRelease, newestRelease } from "./preview-releases";
import { commentsOf, toPublicComment } from "./preview-comments";
import { approvalsOf, toPublicApproval } from "./preview-approvals";

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
