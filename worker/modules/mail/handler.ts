/**
 * The worker's third door: `email(message, env, ctx)`, for mail Email Routing hands over from the
 * CRM's own address. Filing never throws: whatever arrives is filed, put in Unfiled mail, or
 * refused with `setReject` and a reason the sender's mail server passes back to them.
 */
import { createDb } from "../../platform/db";
import type { Env } from "../../env";
import { publishFromJob } from "../live";
import { receiveMail } from "./mail-filing";

/** Email Routing writes its verdicts as this server (Authentication-Results: mx.cloudflare.net; …). */
const DEFAULT_AUTHSERV_ID = "mx.cloudflare.net";

export async function handleInboundMail(message: ForwardableEmailMessage, env: Env, ctx: ExecutionContext): Promise<void> {
  const db = createDb(env.DB);
  let outcome;
  try {
    outcome = await receiveMail(
      db,
      { from: message.from, to: message.to, size: message.rawSize, raw: message.raw },
      { inbox: env.CRM_INBOX, authservId: env.MAIL_AUTHSERV_ID || DEFAULT_AUTHSERV_ID },
    );
  } catch (err) {
    // Not lost silently: the sender is told it was not filed, and the log says why.
    console.error(JSON.stringify({ level: "error", what: "inbound mail failed", from: message.from, error: String(err) }));
    message.setReject("The CRM could not file this message just now. Please try again later.");
    return;
  }
  console.log(JSON.stringify({ level: "info", what: "inbound mail", from: message.from, size: message.rawSize, ...outcome }));
  if (outcome.kind === "refused") {
    message.setReject(outcome.reason);
    return;
  }
  if (outcome.duplicate) return;
  publishFromJob(env, ctx, { entity: "mail", op: "create", id: outcome.mailId });
  if (outcome.kind === "filed") {
    publishFromJob(env, ctx, { entity: "activities", op: "create", id: null });
    if (outcome.target === "lead") publishFromJob(env, ctx, { entity: "lead_activities", op: "create", id: outcome.targetId });
  }
}
