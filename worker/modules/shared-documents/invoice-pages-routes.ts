/**
 * /i/<token>: the client's invoice page (worker/modules/shared-documents/invoice-page.ts), server-written, no script,
 * never cached or indexed and never sending the link on as a referrer. A revoked or replaced link
 * says so (410) with the studio's contact details; an unknown one answers 404, and too many
 * unknown ones from a network 429, counted with /p's. A client's GET counts a view, once a visit.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { countLinkView, SHARED_PAGE_HEADERS } from "./shared-links";
import { londonToday } from "../../platform/time";
import { clientViewer, visitorKey } from "./link-visit";
import { linkGonePage, linkLimitAsPage } from "./link-limit-page";
import { invoicePageHtml } from "./invoice-page";
import { lookupInvoiceLink } from "./shared-invoices";
import { getStudioSettings } from "../settings";
import { contentSecurityPolicy } from "../../http/security-headers";
import { stripeCheckoutOrigin } from "../../platform/stripe-host";

export const invoicePages = new Hono<AppEnv>().use("*", linkLimitAsPage).get("/:token", async (c) => {
  const db = c.get("db");
  const lookup = await lookupInvoiceLink(db, c.req.param("token"), await visitorKey(c));
  if (lookup.kind !== "open") return linkGonePage(c, "invoice", lookup);
  const viewer = await clientViewer(c);
  if (viewer) await countLinkView(db, "invoice", lookup.linkId, viewer);
  const { settings: studio } = await getStudioSettings(db, c.env.STUDIO_NAME);
  // Stripe set up (both its secrets): the page offers Pay £X now (modules/payments/pay-routes.ts).
  const online = Boolean(c.env.STRIPE_SECRET_KEY && c.env.STRIPE_WEBHOOK_SECRET);
  const html = invoicePageHtml({
    studio,
    studioEmail: c.env.STUDIO_INBOX,
    invoice: lookup.document,
    today: londonToday(),
    payOnline: online ? { action: `/i/${c.req.param("token")}/pay` } : null,
    returnedFromPayment: c.req.query("paid") === "1",
  });
  // Pay £X now's form post is answered with a redirect to Stripe's page, which form-action must allow.
  const csp: Record<string, string> = online
    ? {
        "Content-Security-Policy": contentSecurityPolicy.replace(
          "form-action 'self'",
          `form-action 'self' ${stripeCheckoutOrigin(c.env, c.req.url)}`,
        ),
      }
    : {};
  return c.html(html, 200, { ...SHARED_PAGE_HEADERS, ...csp });
});
