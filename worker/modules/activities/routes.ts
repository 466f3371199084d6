/** /api/crm/activities */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { activityInput, activityListQuery, relatedRecordQuery } from "../../../contract/activity";
import { jsonBody, queryParams } from "../../platform/validate";
import { findRelatedRecords, listActivities, logActivity } from "./activities";
import { publish } from "../live";

export const activitiesRoute = new Hono<AppEnv>()
  .get("/", queryParams(activityListQuery), async (c) => c.json(await listActivities(c.get("db"), c.req.valid("query")), 200))
  .get("/related", queryParams(relatedRecordQuery), async (c) =>
    c.json({ records: await findRelatedRecords(c.get("db"), c.req.valid("query")) }, 200),
  )
  .post("/", jsonBody(activityInput), async (c) => {
    const activity = await logActivity(c.get("db"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "activities", op: "create", id: activity.id });
    return c.json({ activity }, 201);
  });
