/** Tasks, soonest due first with undated ones last. */
import { asc, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import type { Task } from "../../contract/task";

export function listTasks(db: Db): Promise<Task[]> {
  return db
    .select()
    .from(tasks)
    .orderBy(sql`${tasks.due_date} IS NULL`, asc(tasks.due_date), asc(tasks.created_at));
}
