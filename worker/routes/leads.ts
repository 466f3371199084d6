/** /api/crm/leads */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { leadInput, leadListQuery, leadPatch } from "../../contract/lead";
import { jsonBody, queryParams } from "../lib/validate";
import { createLead, deleteLead, getLead, listLeads, updateLead } from "../services/leads";
import { publish } from "../live/publish";

export const leadsRoute = new Hono<AppEnv>()
  .get("/", queryParams(leadListQuery), async (c) => c.json(await listLeads(c.get("db"), c.req.valid("query")), 200))
  .post("/", jsonBody(leadInput), async (c) => {
    const lead = await createLead(c.get("db"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "leads", op: "create", id: lead.id });
    return c.json({ lead }, 201);
  })
  .get("/:id", async (c) => c.json({ lead: await getLead(c.get("db"), c.req.param("id")) }, 200))
  .patch("/:id", jsonBody(leadPatch), async (c) => {
    const lead = await updateLead(c.get("db"), c.req.param("id"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "leads", op: "update", id: lead.id });
    return c.json({ lead }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteLead(c.get("db"), c.req.param("id"));
    publish(c, { entity: "leads", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
