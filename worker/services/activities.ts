/** The activity feed, newest first. */
import { desc } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { activities } from "../db/schema";
import type { Activity, activityInput } from "../../contract/activity";
import type { SessionUser } from "../../contract/user";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";

export function listActivities(db: Db, limit = 200): Promise<Activity[]> {
  return db.select().from(activities).orderBy(desc(activities.created_at)).limit(limit);
}

/** 'Who' defaults to the signed-in user. */
export async function logActivity(db: Db, input: z.output<typeof activityInput>, by: SessionUser): Promise<Activity> {
  const now = nowIso();
  const [row] = await db
    .insert(activities)
    .values({ ...input, who_username: input.who_username ?? by.id, id: newId(), created_at: now, updated_at: now })
    .returning();
  return row;
}
