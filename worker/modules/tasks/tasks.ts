/** Tasks, soonest due first with undated ones last. */
import { and, asc, count, eq, getTableColumns, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { tasks, users } from "../../db/schema";
import type { Task, TaskListItem, taskInput, taskPatch } from "../../../contract/task";
import { relatedNameOf } from "../activities";
import { notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { nextStamp, nowIso } from "../../platform/time";
import { versionedResult } from "../../platform/versioned";
import { invalid } from "../../platform/validate";

/** Every task with its related record's name, so the list can link to it (null once that record is gone). */
export function listTasks(db: Db): Promise<TaskListItem[]> {
  return db
    .select({ ...getTableColumns(tasks), related_name: relatedNameOf(tasks.related_type, tasks.related_id) })
    .from(tasks)
    .orderBy(sql`${tasks.due_date} IS NULL`, asc(tasks.due_date), asc(tasks.created_at));
}

export async function openTaskCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tasks).where(eq(tasks.completed, false));
  return row.n;
}

/** A task goes to a person: the shared team account is a gate, not someone who can do it. */
async function assertAssignee(db: Db, userId: string | null | undefined) {
  if (
    userId &&
    !(await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.is_team, false)))
      .get())
  )
    throw invalid({ assignee_username: "Choose someone from the team" });
}

export async function createTask(db: Db, input: z.output<typeof taskInput>): Promise<Task> {
  await assertAssignee(db, input.assignee_username);
  const now = nowIso();
  const [row] = await db
    .insert(tasks)
    .values({ ...input, id: newId(), created_at: now, updated_at: now })
    .returning();
  return row;
}

export async function updateTask(db: Db, id: string, patch: z.output<typeof taskPatch>): Promise<Task> {
  const { updated_at: seen, ...changes } = patch;
  await assertAssignee(db, changes.assignee_username);
  const rows = await db
    .update(tasks)
    .set({ ...changes, updated_at: nextStamp(seen) })
    .where(and(eq(tasks.id, id), eq(tasks.updated_at, seen)))
    .returning();
  return versionedResult(rows, () => db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, id)).get(), "Task");
}

export async function deleteTask(db: Db, id: string): Promise<void> {
  const rows = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
  if (rows.length === 0) throw notFound("Task");
}
