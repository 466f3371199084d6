/** Sales leads: the pipeline's cards and the Leads table's rows. */
import * as z from "zod";
import { expectedVersion, optionalDate, optionalMoney } from "./common";
import { normalisedString, optionalText, requiredText } from "./text";
import { projectTypes } from "./project";
import { leadSorts, leadStatuses, leadSources } from "./lead-statuses";

export * from "./lead-statuses";

export const lead = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.enum(leadSources).nullable(),
  status: z.enum(leadStatuses),
  notes: z.string().nullable(),
  /** Lists and the board cut long notes (and say so); a lead's own GET answers them whole. */
  notes_truncated: z.boolean().optional(),
  value: z.number().nullable(),
  next_action: z.string().nullable(),
  follow_up_date: z.string().nullable(),
  added_by: z.string().nullable(),
  stage_changed_by: z.string().nullable(),
  converted_to_client_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof lead>;

const optionalEmail = normalisedString()
  .max(254, "Please enter a valid email address")
  .pipe(z.union([z.literal(""), z.email("Please enter a valid email address")]))
  .nullable()
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null));

export const leadFields = {
  name: requiredText({ max: 200, required: "Name is required" }),
  company: optionalText(200),
  email: optionalEmail,
  phone: optionalText(50),
  source: z
    .enum(leadSources)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  status: z.enum(leadStatuses).default("New"),
  notes: optionalText(10_000, { multiline: true }),
  value: optionalMoney,
  next_action: optionalText(500),
  follow_up_date: optionalDate,
};

export const leadInput = z.object(leadFields).strict();
export type LeadInput = z.input<typeof leadInput>;

export const leadPatch = z
  .object({
    ...leadFields,
    status: z.enum(leadStatuses),
    ...expectedVersion,
  })
  .partial()
  .required({ updated_at: true })
  .strict();
export type LeadPatch = z.input<typeof leadPatch>;

/** The Leads table's orders (leadSorts): newest first (the default), or by follow-up date, soonest or latest first (none last). */
export const leadListQuery = z.object({
  q: normalisedString().max(200).optional(),
  status: z.enum(leadStatuses).optional(),
  /** "due": open leads whose follow-up date is today or past. */
  follow_up: z.literal("due").optional(),
  sort: z.enum(leadSorts).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Workflow actions the Workflow Actions dialog and Quick Actions offer; each is one server call. */
export const workflowActions = ["follow_up_task", "proposal", "convert_to_client", "start_project", "won_to_project"] as const;
export type WorkflowAction = (typeof workflowActions)[number];

export const workflowTriggers = ["status_change", "proposal_accepted", "manual"] as const;

export const workflowActionInput = z
  .object({
    action: z.enum(workflowActions, { error: "Choose a workflow action" }),
    project_type: z.enum(projectTypes).optional(),
    /** start_project only: a lead that already has a project gets another only when asked for on purpose. */
    another: z.boolean().optional(),
    /** Required for won_to_project, which also changes the lead's status. */
    updated_at: z.string().optional(),
  })
  .strict();
export type WorkflowActionInput = z.input<typeof workflowActionInput>;

/** Conversion rate: Won leads over all leads, as a percentage with one decimal. */
export function conversionRate(won: number, total: number): number {
  return total === 0 ? 0 : Math.round((won / total) * 1000) / 10;
}

export const searchQuery = z.object({ q: normalisedString().min(1, "Enter something to search for").max(200) });
export const SEARCH_LIMIT = 3;
