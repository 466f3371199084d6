/** /api/crm/credit-notes: the credit notes cancelling projects wrote, and one for its printable page (docs/decisions/0068). */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { getCreditNote, listCreditNotes } from "./credit-notes";

export const creditNotesRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ credit_notes: await listCreditNotes(c.get("db"), c.env.STUDIO_NAME) }, 200))
  .get("/:id", async (c) => c.json({ credit_note: await getCreditNote(c.get("db"), c.req.param("id"), c.env.STUDIO_NAME) }, 200));
