/** The studio-wide activity feed. */
import * as z from "zod";
import { relatedTypes } from "./task";
import { requiredText } from "./text";
import { activityTypes, activityWhoKinds, loggableActivityTypes } from "./activity-values";

export * from "./activity-values";

export const activity = z.object({
  id: z.string(),
  who_username: z.string().nullable(),
  /** Someone outside the studio, by the name they typed (a client commenting, approving, asking), or the CRM's own credit. */
  who_name: z.string().nullable(),
  /** Which of the two names the entry is credited to, or neither (contract/activity-values.ts). */
  who_kind: z.enum(activityWhoKinds),
  type: z.enum(activityTypes),
  summary: z.string(),
  related_type: z.enum(relatedTypes).nullable(),
  related_id: z.string().nullable(),
  /** An Email entry filed from the CRM's inbox: the message it shows (GET /api/crm/mail/:id). */
  mail_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activity = z.infer<typeof activity>;

/** A filed e-mail's sender and when it was sent (its own Date header), which its entry shows rather than who filed it. */
export const activityMail = z.object({
  from_name: z.string().nullable(),
  from_address: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type ActivityMail = z.infer<typeof activityMail>;

/** A feed row: the activity with its related record's name, null when that record no longer exists, and its e-mail's sender. */
export const activityListItem = activity.extend({ related_name: z.string().nullable(), mail: activityMail.nullable() });
export type ActivityListItem = z.infer<typeof activityListItem>;

/** Entries per page of GET /api/crm/activities. */
export const ACTIVITY_PAGE = 200;

/**
 * GET /api/crm/activities: the feed newest first, ACTIVITY_PAGE entries at a time, optionally only
 * one type and one person's. The next page starts after the last entry shown, by its created_at and
 * then its id (several entries can share a millisecond): the answer's `next` carries both, to be
 * sent back as `before` and `before_id` with the same filters. A keyset rather than an offset, so an
 * entry logged while someone reads neither repeats one nor hides one.
 */
export const activityListQuery = z
  .object({
    type: z.enum(activityTypes).optional(),
    who: z.string().min(1).max(64).optional(),
    before: z.string().min(1).max(64).optional(),
    before_id: z.string().min(1).max(64).optional(),
  })
  .refine((q) => (q.before === undefined) === (q.before_id === undefined), {
    path: ["before_id"],
    message: "Send before and before_id together",
  });
/** Where the next page starts: the last entry shown. */
export interface ActivityCursor {
  before: string;
  before_id: string;
}
export interface ActivityPage {
  activities: ActivityListItem[];
  /** null: this is the last page. */
  next: ActivityCursor | null;
}

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
    type: z.enum(loggableActivityTypes).default("Note"),
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
