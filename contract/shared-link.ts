/**
 * A record's live link for the client (a proposal's /p/<token>, an invoice's /i/<token>): when it
 * was made and how often the client has opened it. The token itself is never stored or answered
 * again after Share, so it is not here.
 */
import * as z from "zod";

export const sharedLink = z.object({
  shared_at: z.string(),
  views: z.number().int(),
  first_viewed_at: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
});
export type SharedLink = z.infer<typeof sharedLink>;
