/** /api/crm/invoices */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listInvoices } from "../services/invoices";

export const invoicesRoute = new Hono<AppEnv>().get("/", async (c) => c.json({ invoices: await listInvoices(c.get("db")) }, 200));
