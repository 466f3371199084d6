/**
 * POST /i/<token>/pay: Pay £X now on the client's invoice page, a plain form post (no script
 * needed). It opens a Stripe Checkout Session for what is due and answers 303 to Stripe's payment
 * page; back on the invoice page when there is nothing to pay or Stripe is not set up.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { sameOriginOrOpaque } from "../../http/origin";
import { publicBodyLimit } from "../../http/body-limit";
import { linkGonePage, linkLimitAsPage, lookupInvoiceLink, visitorKey } from "../shared-documents";
import { startCheckout } from "./online";
import { stripeConfigured } from "./stripe";

export const payPages = new Hono<AppEnv>().use("*", linkLimitAsPage).post("/:token/pay", sameOriginOrOpaque, publicBodyLimit, async (c) => {
  const db = c.get("db");
  const token = c.req.param("token");
  const lookup = await lookupInvoiceLink(db, token, await visitorKey(c));
  if (lookup.kind !== "open") return linkGonePage(c, "invoice", lookup);
  const page = `${new URL(c.req.url).origin}/i/${token}`;
  if (!stripeConfigured(c.env)) return c.redirect(page, 303);
  const url = await startCheckout(c.env, db, c.req.url, lookup.document, page);
  return c.redirect(url ?? page, 303);
});
