/** The studio-wide activity feed. */
import { z } from "zod";
import { relatedTypes } from "./task";

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

export const activityInput = z
  .object({
    who_username: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .transform((v) => v || null),
    type: z.enum(activityTypes).default("Note"),
    summary: z.string().trim().min(1, "Summary is required").max(2000),
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
