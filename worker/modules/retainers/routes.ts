/** /api/crm/recurring-invoices: a client's recurring invoices, and Pause/Resume, Skip next and End on each. */
import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../env";
import {
  recurringInvoiceAction,
  recurringInvoiceInput,
  recurringInvoicePatch,
  type RecurringAction,
} from "../../../contract/recurring-invoice";
import { jsonBody, queryParams } from "../../platform/validate";
import { publish } from "../live";
import { actOnRecurringInvoice, createRecurringInvoice, listRecurringInvoices, updateRecurringInvoice } from "./retainers";

export const recurringInvoicesRoute = new Hono<AppEnv>()
  .get("/", queryParams(z.object({ client_id: z.string().min(1, "Choose a client").max(64) }).strict()), async (c) =>
    c.json({ recurring_invoices: await listRecurringInvoices(c.get("db"), c.req.valid("query").client_id) }, 200),
  )
  .post("/", jsonBody(recurringInvoiceInput), async (c) => {
    const recurring_invoice = await createRecurringInvoice(c.get("db"), c.req.valid("json"));
    publish(c, { entity: "clients", op: "update", id: recurring_invoice.client_id });
    return c.json({ recurring_invoice }, 201);
  })
  .patch("/:id", jsonBody(recurringInvoicePatch), async (c) => {
    const recurring_invoice = await updateRecurringInvoice(c.get("db"), c.req.param("id"), c.req.valid("json"));
    publish(c, { entity: "clients", op: "update", id: recurring_invoice.client_id });
    return c.json({ recurring_invoice }, 200);
  })
  // Pause, Resume, Skip next and End: one route, the action in the path (anything else is a 404).
  .post("/:id/:action{pause|resume|skip|end}", jsonBody(recurringInvoiceAction), async (c) => {
    const action = c.req.param("action") as RecurringAction;
    const recurring_invoice = await actOnRecurringInvoice(c.get("db"), c.req.param("id"), action, c.req.valid("json").updated_at);
    publish(c, { entity: "clients", op: "update", id: recurring_invoice.client_id });
    return c.json({ recurring_invoice }, 200);
  });
