/** Tasks, soonest due first with undated ones last. */
import { and, asc, count, eq, getTableColumns, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { tasks, users } from "../../db/schema";
import {
  TASK_DEFAULT_MINUTES,
  TIME_NEEDS_DATE,
  type Task,
  type TaskListItem,
  type taskInput,
  type taskPatch,
} from "../../../contract/task";
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

type Timing = Pick<Task, "due_date" | "due_time" | "minutes">;

/** A time only on a day, a length only with a time: TASK_DEFAULT_MINUTES unless told. */
function timingOf(t: Timing): Timing {
  if (t.due_time && !t.due_date) throw invalid({ due_time: TIME_NEEDS_DATE });
  return { due_date: t.due_date, due_time: t.due_time, minutes: t.due_time ? (t.minutes ?? TASK_DEFAULT_MINUTES) : null };
}

export async function createTask(db: Db, input: z.output<typeof taskInput>): Promise<Task> {
  await assertAssignee(db, input.assignee_username);
  const now = nowIso();
  const [row] = await db
    .insert(tasks)
    .values({ ...input, ...timingOf(input), id: newId(), created_at: now, updated_at: now })
    .returning();
  return row;
}

export async function updateTask(db: Db, id: string, patch: z.output<typeof taskPatch>): Promise<Task> {
  const { updated_at: seen, ...changes } = patch;
  await assertAssignee(db, changes.assignee_username);
  // A change to when is checked against the rest of when as stored (a time needs the day the task already has).
  const stored =
    changes.due_date !== undefined || changes.due_time !== undefined || changes.minutes !== undefined
      ? await db
          .select({ due_date: tasks.due_date, due_time: tasks.due_time, minutes: tasks.minutes })
          .from(tasks)
          .where(eq(tasks.id, id))
          .get()
      : undefined;
  const timing = stored
    ? timingOf({
        due_date: changes.due_date !== undefined ? changes.due_date : stored.due_date,
        due_time: changes.due_time !== undefined ? changes.due_time : stored.due_time,
        minutes: changes.minutes !== undefined ? changes.minutes : stored.minutes,
      })
    : {};
  const rows = await db
    .update(tasks)
    .set({ ...changes, ...timing, updated_at: nextStamp(seen) })
    .where(and(eq(tasks.id, id), eq(tasks.updated_at, seen)))
    .returning();
  return versionedResult(rows, () => db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, id)).get(), "Task");
}

export async function deleteTask(db: Db, id: string): Promise<void> {
  const rows = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
  if (rows.length === 0) throw notFound("Task");
}
