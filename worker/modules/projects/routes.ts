/** /api/crm/projects */
import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../env";
import { projectInput, projectPatch } from "../../../contract/project";
import { jsonBody, queryParams } from "../../platform/validate";
import { createProject, deleteProject, getProject, listProjects, projectOverview, updateProject } from "./projects";
import { publish } from "../live";

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
    const project = await updateProject(c.get("db"), c.req.param("id"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "projects", op: "update", id: project.id });
    return c.json({ project }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteProject(c.get("db"), c.req.param("id"));
    publish(c, { entity: "projects", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
