/** The activity feed, newest first, with each entry's related record named; and the Log Activity picker's lookup. */
import { and, desc, eq, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { activities, leads, users } from "../../db/schema";
import { invalid } from "../../platform/validate";
import {
  ACTIVITY_PAGE,
  RELATED_RECORD_LIMIT,
  type Activity,
  type activityInput,
  type activityListQuery,
  type ActivityPage,
  type RelatedRecord,
  type relatedRecordQuery,
} from "../../../contract/activity";
import type { RelatedType } from "../../../contract/task";
import type { SessionUser } from "../../../contract/user";
import { newId } from "../../platform/ids";
import { nowIso } from "../../platform/time";
import { containsPattern, ilike } from "../../platform/like";
import { activityItems, named } from "./activity-items";

/**
 * One page of the feed, newest first, after `before`/`before_id` when given (contract/activity.ts).
 * A row more than the page is read to tell whether another page follows. The created_at index
 * finds where the page starts, at any depth; only entries sharing a millisecond are sorted by id.
 */
export async function listActivities(db: Db, query: z.output<typeof activityListQuery>): Promise<ActivityPage> {
  const rows = await activityItems(db)
    .where(
      and(
        query.type ? eq(activities.type, query.type) : undefined,
        query.who ? eq(activities.who_username, query.who) : undefined,
        query.before && query.before_id
          ? sql`(${activities.created_at}, ${activities.id}) < (${query.before}, ${query.before_id})`
          : undefined,
      ),
    )
    .orderBy(desc(activities.created_at), desc(activities.id))
    .limit(ACTIVITY_PAGE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE);
  const last = page.at(-1);
  return { activities: page, next: rows.length > ACTIVITY_PAGE && last ? { before: last.created_at, before_id: last.id } : null };
}

/** Up to RELATED_RECORD_LIMIT records of `type` whose name contains `q` (any case), by name. */
export async function findRelatedRecords(db: Db, query: z.output<typeof relatedRecordQuery>): Promise<RelatedRecord[]> {
  const n = named[query.type];
  const p = containsPattern(query.q);
  const where = query.q
    ? query.type === "lead"
      ? sql`(${ilike(leads.name, p)} OR ${ilike(sql`coalesce(${leads.company}, '')`, p)})`
      : ilike(n.name, p)
    : undefined;
  const rows = await db
    .select({ id: n.id, name: n.name, detail: n.detail ? sql<string | null>`${n.detail}` : sql<string | null>`NULL` })
    .from(n.table)
    .where(where)
    .orderBy(n.name)
    .limit(RELATED_RECORD_LIMIT);
  return rows;
}

async function relatedExists(db: Db, type: RelatedType, id: string): Promise<boolean> {
  const n = named[type];
  return !!(await db.select({ id: n.id }).from(n.table).where(eq(n.id, id)).get());
}

/** 'Who' defaults to the signed-in user; a named one must be a person on the team (not the shared team account). */
export async function logActivity(db: Db, input: z.output<typeof activityInput>, by: SessionUser): Promise<Activity> {
  if (
    input.who_username &&
    !(await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.who_username), eq(users.is_team, false)))
      .get())
  )
    throw invalid({ who_username: "Choose someone from the team" });
  if (input.related_id && !input.related_type) throw invalid({ related_type: "Choose what it relates to" });
  if (input.related_type && !input.related_id) throw invalid({ related_id: "Choose a record from the list" });
  if (input.related_type && input.related_id && !(await relatedExists(db, input.related_type, input.related_id)))
    throw invalid({ related_id: "Choose a record from the list" });
  const now = nowIso();
  const [row] = await db
    .insert(activities)
    .values({ ...input, who_username: input.who_username ?? by.id, who_kind: "staff", id: newId(), created_at: now, updated_at: now })
    .returning();
  return row;
}
