/**
 * The studio's e-mail about a client's comment or approval, and its resend. A notification is sent
 * only once the comment or approval is stored; how it went is recorded on that row, so a failed one
 * is listed in the CRM and can be sent again, rebuilt from what was stored.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import {
  clients,
  preview_approvals,
  preview_comments,
  preview_releases,
  projects,
  proposal_messages,
  proposal_responses,
} from "../../db/schema";
import type { PreviewRelease } from "../../../contract/preview-feedback";
import { notFound } from "../../platform/errors";
import { trySend, type Mail } from "../../platform/email";
import type { Env, PreviewContext } from "../../env";
import { releaseColumns } from "./preview-releases";

export type MailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX">;

const londonTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** Where the studio opens the client in the CRM, for the e-mails. */
const crmLink = (origin: string, clientId: string) => `${origin}/crm/clients/${clientId}`;

export function commentMail(
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

export function approvalMail(
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

/** The rows a studio notification is recorded on: a preview comment or approval, a proposal's answer or question. */
type NotifiedTable = typeof preview_comments | typeof preview_approvals | typeof proposal_responses | typeof proposal_messages;

/** Records how a notification went on the row it is about. */
export async function recordDelivery(db: Db, table: NotifiedTable, id: string, error: string | null) {
  await db
    .update(table)
    .set({
      email_status: error ? "failed" : "sent",
      email_error: error ? error.slice(0, 500) : null,
      email_attempts: sql`${table.email_attempts} + 1`,
    })
    .where(eq(table.id, id));
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
