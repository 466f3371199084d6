/** Tasks for the team. */
import * as z from "zod";
import { expectedVersion, optionalClockTime, optionalDate } from "./common";
import { optionalText, requiredText } from "./text";
import { relatedTypes, taskPriorities } from "./task-values";
import { STUDIO_ZONE, zonedTime, type Interval } from "./booking-slots";

export * from "./task-values";

export const task = z.object({
  id: z.string(),
  title: z.string(),
  assignee_username: z.string().nullable(),
  priority: z.enum(taskPriorities),
  due_date: z.string().nullable(),
  /** A time on the due date (London), for a task done at a set time: its assignee is busy then. */
  due_time: z.string().nullable(),
  /** How long a timed task takes; null for a task without a time. */
  minutes: z.number().nullable(),
  completed: z.boolean(),
  notes: z.string().nullable(),
  related_id: z.string().nullable(),
  related_type: z.enum(relatedTypes).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof task>;
/** A task as the list shows it: with its related record's name, null once that record is gone. */
export const taskListItem = task.extend({ related_name: z.string().nullable() });
export type TaskListItem = z.infer<typeof taskListItem>;

const TASK_MAX_MINUTES = 600;

const taskFields = {
  title: requiredText({ max: 300, required: "Title is required" }),
  assignee_username: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
  priority: z.enum(taskPriorities),
  due_date: optionalDate,
  due_time: optionalClockTime,
  minutes: z
    .number({ error: "Enter a number of minutes" })
    .int("Enter a whole number of minutes")
    .min(5, "At least 5 minutes")
    .max(TASK_MAX_MINUTES, `At most ${TASK_MAX_MINUTES} minutes`)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  completed: z.boolean(),
  notes: optionalText(10_000, { multiline: true }),
  related_id: z
    .string()
    .max(64, "Choose a record from the list")
    .nullable()
    .optional()
    .transform((v) => v || null),
  related_type: z
    .enum(relatedTypes)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
};
/** The message for a time given without a day to put it on. */
export const TIME_NEEDS_DATE = "Choose a due date for a task with a time";
/** How long a timed task takes unless told. */
export const TASK_DEFAULT_MINUTES = 30;

export const taskInput = z
  .object({ ...taskFields, priority: taskFields.priority.default("Med"), completed: taskFields.completed.default(false) })
  .strict()
  .refine((t) => !t.due_time || t.due_date, { path: ["due_time"], message: TIME_NEEDS_DATE });
export type TaskInput = z.input<typeof taskInput>;
// Built from the fields without defaults, so a PATCH changes only what it names.
export const taskPatch = z
  .object({ ...taskFields, ...expectedVersion })
  .partial()
  .required({ updated_at: true })
  .strict();
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type TaskPatch = z.input<typeof taskPatch>;

/** The stretch a timed task takes: from its time on its due date in London, for its minutes. */
export function timedTaskInterval(date: string, time: string, minutes: number | null): Interval {
  const start = zonedTime(date, time, STUDIO_ZONE);
  return { start: new Date(start).toISOString(), end: new Date(start + (minutes ?? TASK_DEFAULT_MINUTES) * 60_000).toISOString() };
}
