/**
 * Settings → Bookings: who takes the calls, when, for how long, and where they happen. The rules
 * (hours, length, buffer, notice, horizon, the day's cap, closed days) are what freeSlots reads
 * (contract/booking-slots.ts); the links are what the confirmation and the invitation give.
 */
import * as z from "zod";
import { clockTime as clock, isoDate } from "./common";
import { DEFAULT_BOOKING_RULES, weekdays, type BookingRules, type OpeningHours } from "./booking-slots";

export const CALL_LENGTHS = [15, 20, 30, 45, 60] as const;

const openingHours = z
  .object({ start: clock, end: clock })
  .strict()
  .refine((h) => h.start < h.end, { message: "The end must be after the start", path: ["end"] });

/** One day's hours in order, none overlapping another. */
const dayHours = z
  .array(openingHours)
  .max(4, "At most 4 stretches a day")
  .refine((list) => [...list].sort((a, b) => a.start.localeCompare(b.start)).every((h, i, s) => i === 0 || s[i - 1].end <= h.start), {
    message: "A day's hours must not overlap",
  });

const whole = (field: string, min: number, max: number, unit: string) =>
  z
    .number({ error: (issue) => (issue.input == null ? `${field} is required` : "Enter a number") })
    .int("Enter a whole number")
    .min(min, `At least ${min} ${unit}`)
    .max(max, `At most ${max} ${unit}`);

/** An address, or nothing: the form's empty box is null. */
const link = (protocol: RegExp, error: string) =>
  z.union([z.literal("").transform(() => null), z.url({ protocol, hostname: z.regexes.domain, error })], { error }).nullable();
const https = (error: string) => link(/^https$/, error);
/** Google and Outlook give an https:// address for a calendar's private feed, Apple a webcal:// one. */
const calendarAddress = link(/^(https|webcal)$/, "Paste the calendar's private address (https:// or webcal://)");

export const bookingSettings = z.object({
  /** The member of staff who takes the calls; until one is chosen, nothing can be booked. */
  host_id: z.union([z.literal("").transform(() => null), z.string().max(64)]).nullable(),
  hours: z.object(Object.fromEntries(weekdays.map((d) => [d, dayHours])) as Record<(typeof weekdays)[number], typeof dayHours>),
  call_minutes: z.union(
    CALL_LENGTHS.map((n) => z.literal(n)),
    { error: `Choose ${CALL_LENGTHS.join(", ")} minutes` },
  ),
  buffer_minutes: whole("Buffer", 0, 120, "minutes"),
  notice_hours: whole("Minimum notice", 0, 336, "hours"),
  horizon_days: whole("How far ahead", 1, 90, "days"),
  max_per_day: whole("Calls a day", 1, 20, "calls").nullable(),
  closed_dates: z
    .array(isoDate)
    .max(366, "At most 366 closed days")
    .refine((list) => new Set(list).size === list.length, "Each date once"),
  /** Where the call happens when it is online: given in the confirmation and the invitation. */
  meeting_link: https("Enter the meeting link as an https:// address"),
  /** The host's own calendar's private feed, read by the hourly job so their own events make them busy. */
  calendar_url: calendarAddress,
  /** A studio that prefers an outside scheduler: the site's Book a Call links go there instead of /book. */
  outside_scheduler_url: https("Enter the scheduler's address as an https:// address"),
});
export type BookingSettings = z.infer<typeof bookingSettings>;

/** PUT /api/crm/settings/bookings, from the copy the form was loaded from (null when never saved). */
export const bookingSettingsInput = bookingSettings.extend({ updated_at: z.string().min(1).nullable() }).strict();
export type BookingSettingsInput = z.input<typeof bookingSettingsInput>;

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  host_id: null,
  hours: DEFAULT_BOOKING_RULES.hours as Record<(typeof weekdays)[number], OpeningHours[]>,
  call_minutes: 30,
  buffer_minutes: DEFAULT_BOOKING_RULES.buffer_minutes,
  notice_hours: DEFAULT_BOOKING_RULES.notice_hours,
  horizon_days: DEFAULT_BOOKING_RULES.horizon_days,
  max_per_day: DEFAULT_BOOKING_RULES.max_per_day,
  closed_dates: [],
  meeting_link: null,
  calendar_url: null,
  outside_scheduler_url: null,
};

/** The rules freeSlots reads, from the settings. */
export const bookingRulesOf = (s: BookingSettings): BookingRules => ({
  hours: s.hours,
  call_minutes: s.call_minutes,
  buffer_minutes: s.buffer_minutes,
  notice_hours: s.notice_hours,
  horizon_days: s.horizon_days,
  max_per_day: s.max_per_day,
  closed_dates: s.closed_dates,
});

/**
 * GET /api/crm/settings/bookings. The host's calendar address is a secret (whoever has it reads
 * their diary): only an Owner is given it back; everyone sees whether one is saved.
 */
export interface BookingSettingsView {
  settings: BookingSettings;
  updated_at: string | null;
  calendar_connected: boolean;
  /** The hourly job's last read of the host's calendar; null until it has tried. */
  calendar: HostCalendarStatus | null;
}

/** How the last read of the host's calendar went: when, how many busy times it gave, what went wrong. */
export interface HostCalendarStatus {
  tried_at: string;
  /** The last read that worked: its busy times stand until the next one does. */
  read_at: string | null;
  busy_times: number;
  problem: string | null;
}
