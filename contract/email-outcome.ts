/**
 * What became of an e-mail the CRM was asked to send to someone outside the studio (a client's
 * link, a colleague's invitation). Cloudflare may refuse it: an account with no sending domain
 * reaches only the addresses verified on it. Then the answer says why, in words, and carries the
 * message itself, so it can go from the studio's own mail (docs/decisions/0024).
 */
import { normalisedString } from "./text";

/** An address typed to send to: kept as typed (trimmed), checked, at most 254 characters. */
export const recipientEmail = normalisedString()
  .min(1, "Enter the e-mail address to send it to")
  .email("Please enter a valid email address")
  .max(254, "Please enter a valid email address");

export type EmailOutcome =
  | { sent: true; to: string; sent_at: string }
  | {
      sent: false;
      to: string;
      /** Why Cloudflare would not send it and what to do instead, for the studio to read. */
      reason: string;
      /** The message as it would have gone, for a `mailto:` or the studio's own mail. */
      subject: string;
      text: string;
    };
