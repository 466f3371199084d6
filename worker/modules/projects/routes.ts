/** /api/crm/projects */
import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../env";
import { projectInput, projectPatch } from "../../../contract/project";
import { jsonBody, queryParams } from "../../platform/validate";
import { createProject, deleteProject, getProject, listProjects, projectOverview, updateProject } from "./projects";
import { publish } from "../live";
import { deliverRaised, raiseContextOf } from "../instalments";
import { cancellableDocuments, cancelProject, sendCreditNotes } from "../credit-notes";
import { cancelProjectInput } from "../../../contract/credit-note";

export const projectsRoute = new Hono<AppEnv>()
  .get("/", queryParams(z.object({ client_id: z.string().max(64).optional(), lead_id: z.string().max(64).optional() })), async (c) => {
    const db = c.get("db");
    const [projects, overview] = await Promise.all([listProjects(db, c.req.valid("query")), projectOverview(db)]);
    return c.json({ projects, overview }, 200);
  })
  .post("/", jsonBody(projectInput), async (c) => {
    const project = await createProject(c.get("db"), c.req.valid("json"));
    publish(c, { entity: "projects", op: "create", id: project.id });
    return c.json({ project }, 201);
  })
  .get("/:id", async (c) => c.json({ project: await getProject(c.get("db"), c.req.param("id")) }, 200))
  .patch("/:id", jsonBody(projectPatch), async (c) => {
    const db = c.get("db");
    const { project, raised } = await updateProject(
      db,
      c.req.param("id"),
      c.req.valid("json"),
      c.get("user"),
      await raiseContextOf(db, c.env.STUDIO_NAME),
    );
    publish(c, { entity: "projects", op: "update", id: project.id });
    // Completed: what fell due on completion was raised with it, and goes to the client.
    for (const id of await deliverRaised(c.env, db, new URL(c.req.url).origin, raised))
      publish(c, { entity: "invoices", op: "create", id });
    return c.json({ project }, 200);
  })
  // Cancel project: what the dialog lists, then the Owner's answer (Owner-only: OWNER_ONLY_ROUTES).
  .get("/:id/cancel", async (c) => {
    const project = await getProject(c.get("db"), c.req.param("id"));
    return c.json({ documents: await cancellableDocuments(c.get("db"), project.id) }, 200);
  })
  .post("/:id/cancel", jsonBody(cancelProjectInput), async (c) => {
    const db = c.get("db");
    const id = c.req.param("id");
    const { creditNotes } = await cancelProject(db, id, c.req.valid("json"), c.get("user"));
    publish(c, { entity: "projects", op: "update", id });
    for (const note of creditNotes) publish(c, { entity: "invoices", op: "update", id: note.invoice_id });
    const project = await getProject(db, id);
    // Stored first: the client's copy is sent after, and a failed mail is reported, not undone.
    const deliveries = await sendCreditNotes(c.env, db, creditNotes, {
      projectTitle: project.title,
      documentsAfter: await cancellableDocuments(db, id),
    });
    const emailed = [...deliveries].map(([client_id, d]) => ({ client_id, ...d }));
    return c.json({ project, credit_notes: creditNotes, emailed }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteProject(c.get("db"), c.req.param("id"));
    publish(c, { entity: "projects", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
