/** /api/crm/projects */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listProjects } from "../services/projects";

export const projectsRoute = new Hono<AppEnv>().get("/", async (c) => c.json({ projects: await listProjects(c.get("db")) }, 200));
