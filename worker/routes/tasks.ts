/** /api/crm/tasks */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listTasks } from "../services/tasks";

export const tasksRoute = new Hono<AppEnv>().get("/", async (c) => c.json({ tasks: await listTasks(c.get("db")) }, 200));
