/**
 * A client's approval of a version of their preview (docs/decisions/0009-preview-feedback.md):
 * stored with the move of their project in Review to Launch and an Activity Feed entry in one
 * batch, and only then e-mailed to the studio.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { activities, preview_approvals, preview_releases, projects } from "../../db/schema";
import {
  STALE_RELEASE_MESSAGE,
  type approvalInput,
  type PreviewApproval,
  type PreviewApprovalAdmin,
} from "../../../contract/preview-feedback";
import type { PreviewContext } from "../../env";
import { AppError } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { nextStamp, nowIso } from "../../platform/time";
import { abortIf, isGuardAbort, requireUpdated, runBatch } from "../../platform/batch";
import { trySend } from "../../platform/email";
import type { Sender } from "../../platform/client-info";
import { currentRelease, newestRelease } from "./preview-releases";
import { approvalMail, recordDelivery } from "./preview-notifications";
import { deliverRaised, projectEventWrites, raiseContextOf, type DeliveryEnv, type RaiseWrites } from "../instalments";

export async function approvalsOf(db: Db, clientId: string, releaseId?: string): Promise<PreviewApprovalAdmin[]> {
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

export const toPublicApproval = ({ id, approver_name, created_at, release }: PreviewApprovalAdmin): PreviewApproval => ({
  id,
  approver_name,
  created_at,
  release,
});

export interface ApprovalResult {
  approval: PreviewApproval;
  /** False when this version had already been approved: the first approval stands. */
  created: boolean;
  /** The project moved from Review to Launch, if any. */
  movedProjectId: string | null;
  /** What the approval raised (the instalments due on launch approval), shared and e-mailed to the client. */
  raised?: string[];
}

const staleRelease = () => new AppError("conflict", STALE_RELEASE_MESSAGE);

/**
 * The client approves the version on screen. Refused (409) when a newer version was published
 * since the page loaded; a second approval of the same version answers the first. The client's
 * project in Review (the most recently updated) moves to Launch in the same batch as the
 * approval, so neither happens without the other, and the instalments due on launch approval of
 * the proposals that started it are raised in that batch too (docs/decisions/0063), whether or not
 * the deposit has been paid.
 */
export async function approveRelease(
  env: DeliveryEnv,
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
    const due: RaiseWrites = project
      ? await projectEventWrites(db, project.id, "on_launch_approval", await raiseContextOf(db, env.STUDIO_NAME))
      : { writes: [], raised: [] };
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
              ...due.writes,
            ]
          : []),
        db.insert(activities).values({
          id: newId(),
          who_username: null,
          who_name: input.approver_name,
          who_kind: "client",
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
    const raised = await deliverRaised(env, db, origin, due.raised);
    return {
      approval: { id, approver_name: input.approver_name, created_at: now, release },
      created: true,
      movedProjectId: project?.id ?? null,
      raised,
    };
  }
  throw new AppError("conflict", "The project changed while your approval was being saved. Please try again.");
}
