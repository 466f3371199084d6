/** The studio-wide activity feed. */
import { z } from "zod";
import { relatedTypes } from "./task";
import { requiredText } from "./text";

export const activityTypes = ["Call", "Email", "Meeting", "Note", "StatusChange"] as const;
export type ActivityType = (typeof activityTypes)[number];

export const activity = z.object({
  id: z.string(),
  who_username: z.string().nullable(),
  type: z.enum(activityTypes),
  summary: z.string(),
  related_type: z.enum(relatedTypes).nullable(),
  related_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activity = z.infer<typeof activity>;

/** A feed row: the activity with its related record's name, null when that record no longer exists. */
export const activityListItem = activity.extend({ related_name: z.string().nullable() });
export type ActivityListItem = z.infer<typeof activityListItem>;

/** GET /api/crm/activities/related?type=&q= : the Log Activity picker's matches, a few at a time. */
export const relatedRecordQuery = z.object({
  type: z.enum(relatedTypes, { error: "Choose what it relates to" }),
  q: z.string().trim().max(200).default(""),
});
export const RELATED_RECORD_LIMIT = 20;
/** One match: its id, its name (an invoice's number, a project's title) and a hint such as the lead's company. */
export interface RelatedRecord {
  id: string;
  name: string;
  detail: string | null;
}

export const activityInput = z
  .object({
    who_username: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .transform((v) => v || null),
    type: z.enum(activityTypes).default("Note"),
    summary: requiredText({ max: 2000, required: "Summary is required", multiline: true }),
    related_type: z
      .enum(relatedTypes)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    related_id: z
      .string()
      .max(64, "Choose a record from the list")
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .strict();
export type ActivityInput = z.input<typeof activityInput>;
