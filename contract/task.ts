/** Tasks for the team. */
import * as z from "zod";
import { expectedVersion, optionalDate } from "./common";
import { optionalText, requiredText } from "./text";
import { relatedTypes, taskPriorities } from "./task-values";

export * from "./task-values";

export const task = z.object({
  id: z.string(),
  title: z.string(),
  assignee_username: z.string().nullable(),
  priority: z.enum(taskPriorities),
  due_date: z.string().nullable(),
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
export const taskInput = z
  .object({ ...taskFields, priority: taskFields.priority.default("Med"), completed: taskFields.completed.default(false) })
  .strict();
export type TaskInput = z.input<typeof taskInput>;
// Built from the fields without defaults, so a PATCH changes only what it names.
export const taskPatch = z
  .object({ ...taskFields, ...expectedVersion })
  .partial()
  .required({ updated_at: true })
  .strict();
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type TaskPatch = z.input<typeof taskPatch>;
