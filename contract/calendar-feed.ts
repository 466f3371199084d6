/**
 * A member of staff's calendar feed (Settings → Your account): a secret .ics URL that Google,
 * Apple or Outlook Calendar subscribe to. Only the token's hash is kept, so the URL is shown once,
 * when it is made.
 */
import * as z from "zod";

/** The feed's state as Settings shows it; never the URL, which the server no longer knows. */
export const calendarFeedStatus = z.object({
  enabled: z.boolean(),
  /** When the current URL was made (created or last rotated); null while the feed is off. */
  issued_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/**
 * Make the feed's URL. `rotate: false` only turns an absent feed on (409 when one is on, so a stale
 * screen cannot break a subscription by accident); `rotate: true` replaces the URL, or creates one.
 */
export const calendarFeedIssueInput = z.object({ rotate: z.boolean({ error: "Say whether to rotate the feed" }) });
export type CalendarFeedIssueInput = z.infer<typeof calendarFeedIssueInput>;

/** The secret part of the URL: 32 random bytes, base64url without padding (256 bits). */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The path a token's feed is served at. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;
