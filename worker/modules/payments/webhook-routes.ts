/**
 * POST /api/payments/stripe: Stripe's webhook, outside /api/crm (no session: Stripe's signature on
 * the raw body is the credential), limited per network like the other public doors. A bad
 * signature is refused with 400 and changes nothing; an event seen before answers 200 and changes
 * nothing, so Stripe stops retrying it.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../env";
import { AppError } from "../../platform/errors";
import { clientIp, senderOf } from "../../platform/client-info";
import { limits, tryReserve } from "../../platform/rate-limit";
import { tooManyAttempts } from "../../platform/errors";
import { publish } from "../live";
import { handleStripeEvent, verifiedEvent } from "./online";
import { sendPaymentMails, tellOwnersOfDispute, tellStudio } from "./receipts";
import { deliverRaised } from "../instalments";

/** Stripe's events are a few KB; its documented ceiling for a payload is far below this. */
const WEBHOOK_BODY_MAX_BYTES = 512 * 1024;

export const stripeWebhookRoute = new Hono<AppEnv>().post(
  "/stripe",
  bodyLimit({
    maxSize: WEBHOOK_BODY_MAX_BYTES,
    onError: () => {
      throw new AppError("payload_too_large", "That request is too large.");
    },
  }),
  async (c) => {
    const db = c.get("db");
    const sender = await senderOf(clientIp(c), c.env.SESSION_SECRET);
    if (!(await tryReserve(db, limits.stripeWebhook, sender.networkKey))) throw tooManyAttempts(60);
    // The raw body, exactly as signed: parsed JSON re-serialised would not match the signature.
    const event = await verifiedEvent(c.env, await c.req.text(), c.req.header("stripe-signature"));
    const outcome = await handleStripeEvent(c.env, db, c.req.url, event);
    if (outcome.invoiceId) {
      publish(c, { entity: "invoices", op: "update", id: outcome.invoiceId });
      publish(c, { entity: "activities", op: "create", id: null });
    }
    if (outcome.received)
      await sendPaymentMails(
        c.env,
        db,
        outcome.received.invoice,
        outcome.received.payment,
        outcome.received.money,
        (outcome.raised ?? []).length > 0,
      );
    // A payment request paid: its VAT invoice goes to the client as the receipt.
    for (const id of await deliverRaised(c.env, db, new URL(c.req.url).origin, outcome.raised ?? []))
      publish(c, { entity: "invoices", op: "create", id });
    const notice = outcome.notice;
    if (notice?.dispute) await tellOwnersOfDispute(c.env, db, notice.dispute.invoice, notice.dispute.payment, notice.dispute.reason);
    else if (notice) await tellStudio(c.env, notice.subject, notice.text, { event: event.id });
    return c.json({ received: true as const, duplicate: outcome.duplicate }, 200);
  },
);
