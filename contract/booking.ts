/**
 * A call booked on the site (/book): the time the visitor chose and what they told us. The page's
 * form posts it natively or as JSON; both reach one schema (docs/decisions/0069-booking-calls.md).
 */
import * as z from "zod";
import { callMethods } from "./call-values";
import { normalisedString, optionalText, requiredText } from "./text";
import type { SlotProblem } from "./booking-slots";
import { submissionMeta } from "./form-submission";

/** A zone the browser or the server named ("America/New_York"): anything Intl does not know is London. */
export const knownZone = (zone: string | null | undefined): string | null => {
  if (!zone || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
};

const phoneText = normalisedString()
  .max(30, "Please enter a valid phone number")
  .refine((v) => v === "" || (v.length >= 7 && /^[+\d][\d\s()-]*$/.test(v)), "Please enter a valid phone number");

export const bookingInput = z
  .object({
    /** The call's start, UTC ISO-8601, as the page offered it. */
    start: z.string({ error: "Choose a time" }).min(1, "Choose a time").max(40, "Choose a time"),
    method: z.enum(callMethods, { error: "Choose a video call or a phone call" }).default("video"),
    name: requiredText({ min: 2, max: 120, required: "Name must be at least 2 characters" }),
    email: normalisedString().email("Please enter a valid email address").max(254, "Please enter a valid email address"),
    phone: phoneText.optional(),
    company: optionalText(120),
    topic: requiredText({
      min: 5,
      max: 2000,
      required: "Tell us in a few words what you would like to talk about",
      multiline: true,
    }),
    heard_from: optionalText(200),
    /** The zone the times were shown in (the browser's, or the server's guess the visitor kept). */
    zone: z.string().max(64).optional(),
    /** Bots fill every field; people never see this one. */
    website_url: z.string().max(500).optional(),
    // Where the booking was made from, as the enquiry forms record it (the page and its campaign).
    ...submissionMeta.shape,
  })
  .superRefine((b, ctx) => {
    if (b.method === "phone" && !b.phone)
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Enter a phone number so we can ring you" });
  });
export type BookingInput = z.input<typeof bookingInput>;

/** What the visitor is told when the time they chose cannot be booked (beside the time list). */
export const slotProblemMessages: Record<SlotProblem | "no_host" | "too_many", string> = {
  past: "That time has passed. Choose another",
  too_soon: "That time is too soon to book. Choose a later one",
  beyond_horizon: "That time is too far ahead to book yet. Choose an earlier one",
  closed: "We are closed that day. Choose another",
  day_full: "That day is fully booked. Choose another",
  outside_hours: "That is not one of the times we offer. Choose one from the list",
  taken: "That time has just been taken. Choose another",
  no_host: "Calls cannot be booked just now. Please use the contact form",
  too_many: "You already have two calls booked with us. Reply to one of their e-mails to change it",
};

/** What the visitor is told when their call cannot be moved or cancelled, besides a time's own problems. */
export const callChangeMessages = {
  same: "That is already your call's time. Choose another",
  too_late_to_move: "This call starts within two hours, too late to move here. Reply to its e-mail instead",
  too_late_to_cancel: "This call starts within two hours, too late to cancel here. Reply to its e-mail instead",
  cancelled: "This call is already cancelled",
} as const;

/** What a booking answers: the call as the confirmation shows it. */
export interface BookedCall {
  id: string;
  start: string;
  end: string;
  method: (typeof callMethods)[number];
  /** The visitor's own link to see, move or cancel the call (the token is only ever in it). */
  manage_path: string;
}
