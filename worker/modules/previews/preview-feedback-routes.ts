/**
 * The studio's side of client feedback (docs/decisions/0009-preview-feedback.md), for Owner and Sales alike:
 * GET /api/crm/clients/:id/feedback, the open-comment count of the Clients badge, and on
 * /api/crm/preview-comments/:id a reply, Resolve / Reopen, and an e-mail resend (approvals too).
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../env";
import { commentPatch, replyInput } from "../../../contract/preview-feedback";
import { jsonBody } from "../../platform/validate";
import { AppError } from "../../platform/errors";
import { clientFeedback } from "./preview-feedback";
import { openCommentCount, replyToComment, setCommentStatus } from "./preview-comments";
import { resendFeedbackEmail } from "./preview-notifications";
import { publish } from "../live";

/** POST …/:id/retry-email for a comment or an approval: the same resend, told apart by `kind`. */
async function retryEmail(c: Context<AppEnv>, kind: "comment" | "approval") {
  const { clientId, error, resent } = await resendFeedbackEmail(
    c.env,
    c.get("db"),
    kind,
    c.req.param("id") ?? "",
    new URL(c.req.url).origin,
  );
  if (resent) publish(c, { entity: "preview_feedback", op: "update", id: clientId });
  if (error) throw new AppError("upstream_failed", "The notification e-mail could not be sent. It stays marked for another retry.");
  return c.json({ ok: true as const }, 200);
}

/** Mounted on /api/crm/clients beside the clients route. */
export const clientFeedbackRoute = new Hono<AppEnv>().get("/:id/feedback", async (c) =>
  c.json(await clientFeedback(c.get("db"), c.req.param("id")), 200),
);

export const previewCommentsRoute = new Hono<AppEnv>()
  .get("/open-count", async (c) => c.json({ open: await openCommentCount(c.get("db")) }, 200))
  .post("/:id/replies", jsonBody(replyInput), async (c) => {
    const { reply, clientId } = await replyToComment(c.get("db"), c.req.param("id"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "preview_feedback", op: "update", id: clientId });
    return c.json({ reply }, 201);
  })
  .patch("/:id", jsonBody(commentPatch), async (c) => {
    const comment = await setCommentStatus(c.get("db"), c.req.param("id"), c.req.valid("json"));
    publish(c, { entity: "preview_feedback", op: "update", id: comment.client_id });
    return c.json({ comment }, 200);
  })
  .post("/:id/retry-email", (c) => retryEmail(c, "comment"));

export const previewApprovalsRoute = new Hono<AppEnv>().post("/:id/retry-email", (c) => retryEmail(c, "approval"));
