/** Projects on the delivery board. */
import * as z from "zod";
import { expectedVersion, optionalDate, optionalMoney } from "./common";
import { optionalText, requiredText } from "./text";
import { projectCreateStatuses, projectStages, projectStatuses, projectTypes } from "./project-values";

export * from "./project-values";

export const project = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(projectTypes).nullable(),
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  budget: z.number().nullable(),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  stage: z.enum(projectStages),
  status: z.enum(projectStatuses),
  notes: z.string().nullable(),
  lead_id: z.string().nullable(),
  /** A user id, or "Client: {name}" when the client's preview approval moved it to Launch. */
  stage_changed_by: z.string().nullable(),
  /** When the Owner cancelled it (docs/decisions/0068-credit-notes.md); null while it runs. */
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof project>;

const projectFields = {
  title: requiredText({ max: 200, required: "Title is required" }),
  type: z
    .enum(projectTypes)
    .nullable()
    .optional()
    .transform((v) => v ?? "Web Design"),
  client_id: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
  budget: optionalMoney,
  start_date: optionalDate,
  due_date: optionalDate,
  stage: z.enum(projectStages),
  notes: optionalText(10_000, { multiline: true }),
  lead_id: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
};
export const projectInput = z
  .object({ ...projectFields, stage: projectFields.stage.default("Discovery"), status: z.enum(projectCreateStatuses).default("On Track") })
  .strict();
export type ProjectInput = z.input<typeof projectInput>;
// Built from the fields without defaults, so a PATCH changes only what it names.
export const projectPatch = z
  .object({ ...projectFields, status: z.enum(projectStatuses), ...expectedVersion })
  .partial()
  .required({ updated_at: true })
  .strict();
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type ProjectPatch = z.input<typeof projectPatch>;
