/** The timeline of one lead. */
import * as z from "zod";
import { requiredText } from "./text";

export const leadActivityTypes = ["note_added", "stage_change", "workflow_action"] as const;
export type LeadActivityType = (typeof leadActivityTypes)[number];

export const leadActivity = z.object({
  id: z.string(),
  lead_id: z.string(),
  activity_type: z.enum(leadActivityTypes),
  description: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadActivity = z.infer<typeof leadActivity>;

export const leadNoteInput = z
  .object({ description: requiredText({ max: 10_000, required: "Note cannot be empty", multiline: true }) })
  .strict();
