/** /api/crm/activities */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { activityInput } from "../../contract/activity";
import { jsonBody } from "../lib/validate";
import { listActivities, logActivity } from "../services/activities";
import { publish } from "../live/publish";

export const activitiesRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ activities: await listActivities(c.get("db")) }, 200))
  .post("/", jsonBody(activityInput), async (c) => {
    const activity = await logActivity(c.get("db"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "activities", op: "create", id: activity.id });
    return c.json({ activity }, 201);
  });
