/** /api/crm/credit-notes: the credit notes cancelling projects wrote (docs/decisions/0068). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { listCreditNotes } from "./credit-notes";

export const creditNotesRoute = new Hono<AppEnv>().get("/", async (c) =>
  c.json({ credit_notes: await listCreditNotes(c.get("db"), c.env.STUDIO_NAME) }, 200),
);
