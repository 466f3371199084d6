/** /api/crm/invoices */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { invoiceInput, invoicePatch } from "../../../contract/invoice";
import { sendLinkInput } from "../../../contract/shared-link";
import { jsonBody } from "../../platform/validate";
import { createInvoice, deleteInvoice, getInvoice, listInvoices, revokeInvoiceLink, shareInvoice, updateInvoice } from "./invoices";
import { emailInvoiceLink } from "./link-email";
import { publish } from "../live";
import { auditSourceOf, sendingContextOf } from "../audit";

export const invoicesRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ invoices: await listInvoices(c.get("db")) }, 200))
  .post("/", jsonBody(invoiceInput), async (c) => {
    const invoice = await createInvoice(c.get("db"), c.req.valid("json"));
    publish(c, { entity: "invoices", op: "create", id: invoice.id });
    return c.json({ invoice }, 201);
  })
  .get("/:id", async (c) => c.json({ invoice: await getInvoice(c.get("db"), c.req.param("id")) }, 200))
  .patch("/:id", jsonBody(invoicePatch), async (c) => {
    const invoice = await updateInvoice(c.get("db"), c.req.param("id"), c.req.valid("json"));
    publish(c, { entity: "invoices", op: "update", id: invoice.id });
    return c.json({ invoice }, 200);
  })
  // Share: a new link for the client (shown once), Draft to Sent; Revoke: the link stops working.
  .post("/:id/share", async (c) => {
    const shared = await shareInvoice(c.get("db"), c.req.param("id"), new URL(c.req.url).origin, c.get("user"), await auditSourceOf(c));
    publish(c, { entity: "invoices", op: "update", id: shared.invoice.id });
    return c.json(shared, 201);
  })
  // Send: a new link, e-mailed to the client. 201 whether or not Cloudflare sent the mail: the link
  // exists either way, and `email` says which (docs/decisions/0024).
  .post("/:id/send", jsonBody(sendLinkInput), async (c) => {
    const sent = await emailInvoiceLink(await sendingContextOf(c), c.req.param("id"), c.req.valid("json"));
    publish(c, { entity: "invoices", op: "update", id: sent.invoice.id });
    if (sent.email.sent) publish(c, { entity: "activities", op: "create", id: null });
    return c.json(sent, 201);
  })
  .delete("/:id/share", async (c) => {
    const invoice = await revokeInvoiceLink(c.get("db"), c.req.param("id"), await auditSourceOf(c));
    publish(c, { entity: "invoices", op: "update", id: invoice.id });
    return c.json({ invoice }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteInvoice(c.get("db"), c.req.param("id"));
    publish(c, { entity: "invoices", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
