/**
 * Public client previews: POST /api/previews/:clientId/verify and GET /api/previews/:clientId
 * (cookie). Attempts and views are recorded for the CRM's access log and 'last viewed'.
 */
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { isPreviewId, PREVIEW_INVALID_MESSAGE, previewVerifyInput } from "../../../contract/preview";
import { jsonBody } from "../../platform/validate";
import { isNativeForm, nativeForm, type FormPage } from "../../http/native-form";
import { notFoundPage } from "../../http/assets";
import { AppError } from "../../platform/errors";
import { clientIp, coarseBrowser, senderOf } from "../../platform/client-info";
import { limits, reserveAttempt } from "../../platform/rate-limit";
import { checkCode, grantCookie, previewClientOf, unlockedContext, unlockedRecord } from "./access";
import { approvalInput, commentInput } from "../../../contract/preview-feedback";
import { publicFeedback } from "./preview-feedback";
import { addComment } from "./preview-comments";
import { approveRelease } from "./preview-approvals";
import { publish } from "../live";
import { logAttempt, markViewed } from "./log";

/**
 * Only the eight public cards exist: any other id (`..`, an encoded `/`, a very long one) is a 404
 * before anything is built from it, an asset path, a cookie name or the form page's selector.
 * A form posted by a browser gets the not-found page, a script the error envelope.
 */
const knownCard = createMiddleware<AppEnv>(async (c, next) => {
  if (isPreviewId(c.req.param("clientId") ?? "")) return next();
  if (isNativeForm(c.req.header("content-type"))) return notFoundPage(c);
  throw new AppError("not_found", "No such preview");
});

/** Feedback and approval need the unlock cookie before anything else is read (401 otherwise). */
const unlocked = createMiddleware<AppEnv>(async (c, next) => {
  c.set("preview", await unlockedContext(c, c.req.param("clientId") ?? ""));
  await next();
});

/**
 * The unlock form posted without JavaScript: back to the preview on success (the worker then
 * serves it unlocked, preview-pages-routes.ts), else the locked page with the message
 * beside the code.
 */
const unlockPage = (c: Context<AppEnv>): FormPage => {
  const path = `/clients/${c.req.param("clientId") ?? ""}`;
  return { path, action: `/api${path.replace("/clients", "/previews")}/verify`, sent: path, problemField: "password" };
};

const invalid = { success: false as const, error: { code: "unauthenticated" as const, message: PREVIEW_INVALID_MESSAGE } };

export const previews = new Hono<AppEnv>()
  // Made-up ids are answered at once, with no hashing and nothing stored: they cost an attacker
  // nothing extra and us nothing at all.
  .use("/:clientId", knownCard)
  .use("/:clientId/*", knownCard)
  .post("/:clientId/verify", nativeForm(unlockPage), jsonBody(previewVerifyInput), async (c) => {
    const id = c.req.param("clientId");
    const db = c.get("db");
    const ip = clientIp(c);
    const { ipKey: visitor, limitKey: ipKey } = await senderOf(ip, c.env.SESSION_SECRET);
    // Guesses are counted like sign-in (an IPv6 client by its /64), per card and across cards,
    // and reserved before the code is checked, so parallel guesses cannot all slip under the limit.
    const reservation = await reserveAttempt(db, [
      { limit: limits.preview, key: `${id}:${ipKey}` },
      { limit: limits.previewIp, key: ipKey },
    ]);
    const record = await checkCode(c, id, c.req.valid("json").password);
    const attempt = { browser: coarseBrowser(c.req.header("user-agent")), ipHash: visitor };
    if (!record) {
      await logAttempt(db, id, false, attempt);
      return c.json(invalid, 401);
    }
    await db.batch([reservation.release(), logAttempt(db, id, true, attempt), markViewed(db, id)]);
    await grantCookie(c, id, record);
    return c.json({ success: true as const, client: previewClientOf(record) }, 200);
  })
  .get("/:clientId", async (c) => {
    const id = c.req.param("clientId");
    const record = await unlockedRecord(c, id);
    // Asked on every page load: "still locked" is an answer, not an error (no console noise).
    if (!record) return c.json({ success: false as const, client: null }, 200);
    await markViewed(c.get("db"), id);
    return c.json({ success: true as const, client: previewClientOf(record) }, 200);
  })
  .get("/:clientId/feedback", unlocked, async (c) => c.json(await publicFeedback(c.get("db"), c.get("preview")), 200))
  .post("/:clientId/comments", unlocked, jsonBody(commentInput), async (c) => {
    const ctx = c.get("preview");
    const comment = await addComment(
      c.env,
      c.get("db"),
      ctx,
      c.req.valid("json"),
      await senderOf(clientIp(c), c.env.SESSION_SECRET),
      new URL(c.req.url).origin,
    );
    // One event per write: open tabs refresh the feed with it (web/src/lib/live.ts, shownWith).
    publish(c, { entity: "preview_feedback", op: "create", id: ctx.client.id });
    return c.json({ comment }, 201);
  })
  .post("/:clientId/approvals", unlocked, jsonBody(approvalInput), async (c) => {
    const ctx = c.get("preview");
    const result = await approveRelease(
      c.env,
      c.get("db"),
      ctx,
      c.req.valid("json"),
      await senderOf(clientIp(c), c.env.SESSION_SECRET),
      new URL(c.req.url).origin,
    );
    if (!result.created) return c.json({ approval: result.approval }, 200);
    // One event: open tabs refresh the feedback, the projects board and the feed with it.
    publish(c, { entity: "preview_approvals", op: "create", id: ctx.client.id });
    for (const id of result.raised ?? []) publish(c, { entity: "invoices", op: "create", id });
    return c.json({ approval: result.approval }, 201);
  });
