/** /api/crm/leads: list, board, CRUD, timeline and workflow actions. */
import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../env";
import { leadInput, leadListQuery, leadPatch, workflowActionInput } from "../../../contract/lead";
import { leadNoteInput } from "../../../contract/lead-activity";
import { jsonBody, queryParams } from "../../platform/validate";
import { createLead, deleteLead, getLead, leadBoard, listLeads, openLeadOptions, updateLead } from "./leads";
import { addLeadNote, listLeadActivities } from "./lead-activities";
import { runWorkflowAction } from "./lead-workflow";
import { publish } from "../live";

const boardQuery = z.object({ per_column: z.coerce.number().int().min(1).max(200).default(50) });

export const leadsRoute = new Hono<AppEnv>()
  .get("/", queryParams(leadListQuery), async (c) => c.json(await listLeads(c.get("db"), c.req.valid("query")), 200))
  .get("/board", queryParams(boardQuery), async (c) => c.json(await leadBoard(c.get("db"), c.req.valid("query").per_column), 200))
  .get("/options", async (c) => c.json({ leads: await openLeadOptions(c.get("db")) }, 200))
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
  })
  .get("/:id/activities", async (c) => c.json(await listLeadActivities(c.get("db"), c.req.param("id"), c.env.STUDIO_NAME), 200))
  .post("/:id/activities", jsonBody(leadNoteInput), async (c) => {
    const user = c.get("user");
    const activity = await addLeadNote(c.get("db"), c.req.param("id"), c.req.valid("json").description, user.id);
    publish(c, { entity: "lead_activities", op: "create", id: activity.id });
    return c.json({ activity }, 201);
  })
  .post("/:id/actions", jsonBody(workflowActionInput), async (c) => {
    const body = c.req.valid("json");
    const result = await runWorkflowAction(c.get("db"), c.req.param("id"), body.action, c.get("user"), {
      projectType: body.project_type,
      seen: body.updated_at,
      another: body.another,
    });
    publish(c, { entity: "leads", op: "update", id: result.lead.id });
    publish(c, { entity: "lead_activities", op: "create", id: result.lead.id });
    for (const created of result.created) publish(c, { entity: created.entity, op: "create", id: created.id });
    return c.json(result, 201);
  });
