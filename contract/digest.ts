/** The daily digest (docs/guide/calendar-and-digest.md): each member of staff's morning e-mail of what is due. */
import * as z from "zod";

/** sending: claimed, not yet answered by the binding; empty: nothing to say that day, so nothing sent. */
export const digestStatuses = ["sending", "sent", "failed", "empty"] as const;
export type DigestStatus = (typeof digestStatuses)[number];

/** Your account's switch. */
export const digestPreference = z.object({ daily_digest: z.boolean() }).strict();
export type DigestPreference = z.infer<typeof digestPreference>;

/** A digest the binding refused, as Settings lists it for the Owner. */
export const failedDigest = z.object({
  id: z.string(),
  user_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  run_date: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  updated_at: z.string(),
});
export type FailedDigest = z.infer<typeof failedDigest>;
