/** The studio's tasks (TASKS), each for the Owner or the Head of Sales. */
import { TASKS } from "./data/tasks";
import { resolveRef, stamps, type Row, type SeedBase, type SeedContext } from "./context";
import type { tasks } from "../../worker/db/schema";

export type TaskFields = Omit<Row<typeof tasks>, "created_at" | "updated_at"> & { id: string; created_at: string };

/** A task row, updated some time after it was created. */
export function addTask(ctx: SeedBase, { created_at, ...task }: TaskFields): void {
  ctx.rows.tasks.push({ ...task, ...stamps(ctx, created_at) });
}

export function seedTasks(ctx: SeedContext): void {
  const { rand, clock, ownerId, salesId } = ctx;
  for (const t of TASKS) {
    const created_at = clock.ago(Math.abs(t.dueDays ?? 5) + rand.int(1, 6), rand);
    const related = t.related ? resolveRef(ctx, t.related) : null;
    addTask(ctx, {
      id: rand.uuid(),
      title: t.title,
      assignee_username: t.assignee === "owner" ? ownerId : salesId,
      priority: t.priority,
      due_date: t.dueDays === null ? null : clock.date(t.dueDays),
      due_time: t.at?.time ?? null,
      minutes: t.at?.minutes ?? null,
      completed: t.completed,
      notes: t.notes,
      related_id: related?.id ?? null,
      related_type: related?.type ?? null,
      created_at,
    });
  }
}
