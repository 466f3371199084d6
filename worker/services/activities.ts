/** The activity feed, newest first. */
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { activities, users } from "../db/schema";
import { invalid } from "../lib/validate";
import type { Activity, activityInput } from "../../contract/activity";
import type { SessionUser } from "../../contract/user";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";

export function listActivities(db: Db, limit = 200): Promise<Activity[]> {
  return db.select().from(activities).orderBy(desc(activities.created_at)).limit(limit);
}

/** 'Who' defaults to the signed-in user; a named one must be on the team. */
export async function logActivity(db: Db, input: z.output<typeof activityInput>, by: SessionUser): Promise<Activity> {
  if (input.who_username && !(await db.select({ id: users.id }).from(users).where(eq(users.id, input.who_username)).get()))
    throw invalid({ who_username: "Choose someone from the team" });
  const now = nowIso();
  const [row] = await db
    .insert(activities)
    .values({ ...input, who_username: input.who_username ?? by.id, id: newId(), created_at: now, updated_at: now })
    .returning();
  return row;
}
