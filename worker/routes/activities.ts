/** /api/crm/activities */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listActivities } from "../services/activities";

export const activitiesRoute = new Hono<AppEnv>().get("/", async (c) => c.json({ activities: await listActivities(c.get("db")) }, 200));
