/**
 * A record's live link for the client (a proposal's /p/<token>, an invoice's /i/<token>): when it
 * was made, whom the CRM e-mailed it to, and how often the client has opened it. The token itself
 * is never stored or answered again after Share, so it is not here.
 */
import * as z from "zod";
import { recipientEmail } from "./email-outcome";
import { optionalText } from "./text";

/** The documents a client is sent a link to: a proposal opens at /p/<token>, an invoice at /i/<token>. */
export type DocumentKind = "proposal" | "invoice";

export const sharedLink = z.object({
  shared_at: z.string(),
  views: z.number().int(),
  first_viewed_at: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
  /** Whom the CRM e-mailed this link to, and when; null when the studio copied it instead. */
  emailed_to: z.string().nullable(),
  emailed_at: z.string().nullable(),
});
export type SharedLink = z.infer<typeof sharedLink>;

export const LINK_MESSAGE_MAX = 2000;

/**
 * Send: a new link, e-mailed to the client with the studio's message above it (the record's name,
 * the amount and the link follow it in the e-mail). An address that is not one of the record's own
 * (its lead's or client's, or the one it was last e-mailed to) needs `confirm_recipient: true`, the
 * dialog's tick, else 422 with the reason on `confirm_recipient`.
 */
export const sendLinkInput = z
  .object({
    to: recipientEmail,
    message: optionalText(LINK_MESSAGE_MAX, {
      multiline: true,
      tooLong: `The message must be at most ${LINK_MESSAGE_MAX.toLocaleString("en-GB")} characters`,
    }),
    confirm_recipient: z.boolean().optional(),
  })
  .strict();
export type SendLinkInput = z.input<typeof sendLinkInput>;
