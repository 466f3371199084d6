/** /api/crm/invoices */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { invoiceInput, invoicePatch } from "../../../contract/invoice";
import { xeroExportQuery } from "../../../contract/xero";
import { jsonBody, queryParams } from "../../platform/validate";
import { createInvoice, deleteInvoice, getInvoice, listInvoices, updateInvoice } from "./invoices";
import { xeroExport } from "./xero";
import { quoteLatePaymentCharge, raiseLatePaymentCharge } from "./late-payment";
import { latePaymentChargeInput } from "../../../contract/late-payment-settings";
import { sharedLinkRoutes } from "../shared-documents";
import { publish } from "../live";
import { auditSourceOf } from "../audit";

export const invoicesRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ invoices: await listInvoices(c.get("db")) }, 200))
  .post("/", jsonBody(invoiceInput), async (c) => {
    const invoice = await createInvoice(c.get("db"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "invoices", op: "create", id: invoice.id });
    return c.json({ invoice }, 201);
  })
  // Before /:id, which would take "xero" for an id.
  .get("/xero", queryParams(xeroExportQuery), async (c) =>
    c.json(await xeroExport(c.get("db"), c.req.valid("query"), c.env.STUDIO_NAME, await auditSourceOf(c)), 200),
  )
  .get("/:id", async (c) => c.json({ invoice: await getInvoice(c.get("db"), c.req.param("id")) }, 200))
  // Add late-payment charge: the figures first, then the Owner raises it (Owner-only: OWNER_ONLY_ROUTES).
  .get("/:id/late-payment-charge", async (c) => c.json({ quote: await quoteLatePaymentCharge(c.get("db"), c.req.param("id")) }, 200))
  .post("/:id/late-payment-charge", jsonBody(latePaymentChargeInput), async (c) => {
    const invoice = await raiseLatePaymentCharge(
      c.get("db"),
      c.req.param("id"),
      c.req.valid("json").number,
      c.env.STUDIO_NAME,
      c.get("user"),
    );
    publish(c, { entity: "invoices", op: "create", id: invoice.id });
    return c.json({ invoice }, 201);
  })
  .patch("/:id", jsonBody(invoicePatch), async (c) => {
    const invoice = await updateInvoice(c.get("db"), c.req.param("id"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "invoices", op: "update", id: invoice.id });
    return c.json({ invoice }, 200);
  })
  // Share, Send and Revoke: the client's link, as every kind of document has it.
  .route("/", sharedLinkRoutes("invoice", getInvoice))
  .delete("/:id", async (c) => {
    await deleteInvoice(c.get("db"), c.req.param("id"));
    publish(c, { entity: "invoices", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
