/** The activity feed, newest first. */
import { desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { activities } from "../db/schema";
import type { Activity } from "../../contract/activity";

export function listActivities(db: Db, limit = 200): Promise<Activity[]> {
  return db.select().from(activities).orderBy(desc(activities.created_at)).limit(limit);
}
