/** /api/crm/invoices/:id/payments (an invoice's payments, Mark as paid) and /api/crm/settings/payments. */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { paymentInput, paymentSettingsInput } from "../../../contract/payment";
import { jsonBody } from "../../platform/validate";
import { ownerOnly } from "../users-and-auth";
import { publish } from "../live";
import { auditSourceOf } from "../audit";
import { listPayments, recordPayment } from "./payments";
import { sendPaymentMails } from "./receipts";
import { deliverRaised } from "../instalments";
import { getPaymentSettings, savePaymentSettings } from "./payment-settings";
import { stripeConfigured } from "./stripe";

export const invoicePaymentsRoute = new Hono<AppEnv>()
  .get("/:id/payments", async (c) => c.json(await listPayments(c.get("db"), c.req.param("id")), 200))
  .post("/:id/payments", jsonBody(paymentInput), async (c) => {
    const db = c.get("db");
    const recorded = await recordPayment(db, c.req.param("id"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "invoices", op: "update", id: recorded.invoice.id });
    publish(c, { entity: "activities", op: "create", id: null });
    await sendPaymentMails(c.env, db, recorded.invoice, recorded.payment, recorded.money, recorded.raised.length > 0);
    // A payment request paid: its VAT invoice goes to the client as the receipt.
    for (const id of await deliverRaised(c.env, db, new URL(c.req.url).origin, recorded.raised))
      publish(c, { entity: "invoices", op: "create", id });
    return c.json({ payment: recorded.payment, money: recorded.money }, 201);
  });

export const paymentSettingsRoute = new Hono<AppEnv>()
  .get("/payments", async (c) => c.json({ ...(await getPaymentSettings(c.get("db"))), stripe: stripeConfigured(c.env) }, 200))
  .put("/payments", ownerOnly, jsonBody(paymentSettingsInput), async (c) => {
    const saved = await savePaymentSettings(c.get("db"), c.req.valid("json"), await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "payments" });
    return c.json({ ...saved, stripe: stripeConfigured(c.env) }, 200);
  });
