/**
 * Client feedback on a preview: the versions a client reviews, their comments with the studio's
 * replies, and their approval of a version. The public preview page (behind the unlock cookie)
 * and the CRM's client page both speak these shapes.
 *
 * A version ("release" in code, since `preview_versions` already names the KV pin of
 * docs/decisions/0007) is the preview URL as it stood when the studio set it: a new URL
 * publishes a new one. Comments and approvals name the version they were made on.
 */
import * as z from "zod";
import { expectedVersion } from "./common";
import { optionalText, requiredText } from "./text";

export const commentStatuses = ["Open", "Resolved"] as const;
export type CommentStatus = (typeof commentStatuses)[number];
export const notificationStatuses = ["pending", "sent", "failed"] as const;

export const COMMENT_MIN = 2;
export const COMMENT_MAX = 2000;
export const PAGE_MAX = 200;
export const NAME_MAX = 100;
export const REPLY_MAX = 2000;

/** What the preview page and the CRM show about one version. */
export const previewRelease = z.object({
  id: z.string(),
  preview_url: z.string().nullable(),
  published_at: z.string(),
});
export type PreviewRelease = z.infer<typeof previewRelease>;

export const previewReply = z.object({
  id: z.string(),
  comment_id: z.string(),
  /** The member of staff's name, as the client sees it under the comment. */
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type PreviewReply = z.infer<typeof previewReply>;

/** A comment as the client sees it on the preview page. */
export const publicComment = z.object({
  id: z.string(),
  author_name: z.string(),
  body: z.string(),
  page: z.string().nullable(),
  status: z.enum(commentStatuses),
  created_at: z.string(),
  release: previewRelease,
  replies: z.array(previewReply),
});
export type PublicComment = z.infer<typeof publicComment>;

/** A comment as the CRM sees it: the same, plus what the studio needs to act on it. */
export const previewComment = publicComment.extend({
  client_id: z.string(),
  updated_at: z.string(),
  email_status: z.enum(notificationStatuses),
  email_error: z.string().nullable(),
});
export type PreviewComment = z.infer<typeof previewComment>;

export const previewApproval = z.object({
  id: z.string(),
  approver_name: z.string(),
  created_at: z.string(),
  release: previewRelease,
});
export type PreviewApproval = z.infer<typeof previewApproval>;

/** The CRM's view of an approval: which project it moved, and whether the studio was e-mailed. */
export const previewApprovalAdmin = previewApproval.extend({
  client_id: z.string(),
  project_id: z.string().nullable(),
  project_title: z.string().nullable(),
  email_status: z.enum(notificationStatuses),
  email_error: z.string().nullable(),
});
export type PreviewApprovalAdmin = z.infer<typeof previewApprovalAdmin>;

/** GET /api/previews/:clientId/feedback: everything the preview page's panel shows. */
export interface PreviewFeedback {
  /** The version on screen; null while the preview has no URL. */
  release: PreviewRelease | null;
  /** The approval of the version on screen, if any. */
  approval: PreviewApproval | null;
  /** Newest first. */
  comments: PublicComment[];
}

// Normalised before the lengths are checked (contract/text.ts): "\u0001\u0001" is no name at all.
const authorName = requiredText({
  max: NAME_MAX,
  required: "Please enter your name",
  tooLong: `Your name must be at most ${NAME_MAX} characters`,
});

/** POST /api/previews/:clientId/comments */
export const commentInput = z
  .object({
    body: requiredText({
      min: COMMENT_MIN,
      max: COMMENT_MAX,
      multiline: true,
      required: `Your comment must be at least ${COMMENT_MIN} characters`,
      tooLong: `Your comment must be at most ${COMMENT_MAX.toLocaleString("en-GB")} characters`,
    }),
    page: optionalText(PAGE_MAX, { tooLong: `The page must be at most ${PAGE_MAX} characters` }),
    author_name: authorName,
  })
  .strict();
export type CommentInput = z.input<typeof commentInput>;

export const APPROVAL_CHECKBOX_LABEL = "I approve this version for launch";
export const STALE_RELEASE_MESSAGE = "A newer version has been published. Please review it before approving.";

/** POST /api/previews/:clientId/approvals */
export const approvalInput = z
  .object({
    release_id: z.string().min(1, "Choose the version to approve").max(64),
    approver_name: requiredText({
      min: 2,
      max: NAME_MAX,
      required: "Please type your full name",
      tooLong: `Your name must be at most ${NAME_MAX} characters`,
    }),
    confirm: z.literal(true, { error: "Please tick the box to approve this version" }),
  })
  .strict();
export type ApprovalInput = z.input<typeof approvalInput>;

/** POST /api/crm/preview-comments/:id/replies */
export const replyInput = z
  .object({
    body: requiredText({
      max: REPLY_MAX,
      multiline: true,
      required: "Reply is required",
      tooLong: `A reply must be at most ${REPLY_MAX.toLocaleString("en-GB")} characters`,
    }),
  })
  .strict();
export type ReplyInput = z.input<typeof replyInput>;

/** PATCH /api/crm/preview-comments/:id: Resolve / Reopen, from the copy the member of staff saw. */
export const commentPatch = z.object({ status: z.enum(commentStatuses), ...expectedVersion }).strict();
export type CommentPatch = z.input<typeof commentPatch>;

/** Success toasts of the preview page (docs/decisions/0009-preview-feedback.md). */
export const COMMENT_SENT_TOAST = "Thanks, your feedback was sent";
export const APPROVED_TOAST = "Approved. Thank you!";
