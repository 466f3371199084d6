/**
 * When a visitor can book a call with the studio's host: one pure function over the studio's
 * rules, the host's busy times and the moment asked, so the booking page, the server's check of a
 * chosen time and the tests all agree. Every rule is in London time (the studio's hours, its days,
 * its closed dates); every instant in and out is UTC, as stored. A visitor elsewhere sees the same
 * instants in their own zone beside London's (`slotLabel`).
 */
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from "./bank-holidays";
import { addDays } from "./calendar-date";

export const STUDIO_ZONE = "Europe/London";
/** What the booking page calls the studio's zone: "15:00 in Manchester". */
export const STUDIO_PLACE = "Manchester";

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

/** A stretch of a day the host takes calls, in London wall-clock time ("09:30" to "17:00"). */
export interface OpeningHours {
  start: string;
  end: string;
}

export interface BookingRules {
  /** Per London weekday; an empty list is a day without calls. */
  hours: Record<Weekday, OpeningHours[]>;
  call_minutes: number;
  /** Kept free before and after each confirmed call. */
  buffer_minutes: number;
  /** The soonest a call can start, from the moment of booking. */
  notice_hours: number;
  /** The last London day offered: today plus this many days. */
  horizon_days: number;
  /** At most this many confirmed calls on one London day; null for no cap. */
  max_per_day: number | null;
  /** London days without calls, beside England and Wales bank holidays. */
  closed_dates: readonly string[];
}

const workday: OpeningHours[] = [{ start: "09:30", end: "17:00" }];
export const DEFAULT_BOOKING_RULES: BookingRules = {
  hours: { mon: workday, tue: workday, wed: workday, thu: workday, fri: workday, sat: [], sun: [] },
  call_minutes: 30,
  buffer_minutes: 15,
  notice_hours: 24,
  horizon_days: 21,
  max_per_day: 4,
  closed_dates: [],
};

/** An instant range, ISO-8601 UTC, end exclusive. */
export interface Interval {
  start: string;
  end: string;
}

/** What keeps the host from a call: confirmed calls (kept clear by the buffer) and anything else busy. */
export interface HostDiary {
  calls: readonly Interval[];
  /** Timed tasks and the host's own calendar's events, as they are. */
  busy: readonly Interval[];
}

/** A London day's free starts, in order. */
export interface BookingDay {
  date: string;
  starts: string[];
}

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;

/** One en-GB formatter per zone for these options, made when first asked for: making one costs far more than using it. */
function perZone(options: Intl.DateTimeFormatOptions): (zone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (zone) => {
    let f = made.get(zone);
    if (!f) made.set(zone, (f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: zone })));
    return f;
  };
}

const formatIn = perZone({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  weekday: "short",
  hourCycle: "h23",
});

/** An instant's wall clock in `zone`: its date, time and weekday. */
export function wallClock(at: number | string, zone: string): { date: string; time: string; weekday: string } {
  const p = Object.fromEntries(
    formatIn(zone)
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}`, weekday: p.weekday };
}

/** How far `zone`'s wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const w = wallClock(at, zone);
  const [y, m, d] = w.date.split("-").map(Number);
  const [h, mi] = w.time.split(":").map(Number);
  return Date.UTC(y, m - 1, d, h, mi) - Math.floor(at / MINUTE) * MINUTE;
}

const longDate = perZone({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
/** "Thursday 3 December 2026": the day an instant falls on in `zone`, as the booking pages, e-mails and timeline write it. */
export const longDateIn = (at: number | string, zone: string) => longDate(zone).format(new Date(at));

/** "Thursday 3 December 2026 at 15:00 (London time)": how the studio's side reads a start. */
export const londonWhen = (start: string) => `${longDateIn(start, STUDIO_ZONE)} at ${wallClock(start, STUDIO_ZONE).time} (London time)`;

/**
 * The instant a wall-clock time happens in `zone`, as RFC 5545 (3.3.5) reads the two it cannot
 * name alone: a time the clocks skip in spring is read with the offset before the change (01:30 in
 * London on 29 March 2026 is 01:30 UTC), and one they pass twice in autumn is its first passing.
 * The offsets a day either side are the only two a time near a change can have.
 */
export function zonedTime(date: string, time: string, zone: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, h, mi);
  const early = wall - offsetAt(wall - DAY_MS, zone);
  const late = wall - offsetAt(wall + DAY_MS, zone);
  if (early === late) return early;
  const reads = (at: number) => {
    const w = wallClock(at, zone);
    return Date.parse(`${w.date}T${w.time}:00Z`) === wall;
  };
  const [e, l] = [reads(early), reads(late)];
  if (e && l) return Math.min(early, late);
  return l ? late : early;
}

const weekdayOf = (date: string): Weekday => weekdays[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7];

const overlaps = (s: number, e: number, i: Interval, pad = 0) => s < Date.parse(i.end) + pad && e > Date.parse(i.start) - pad;

const closedDays = (rules: BookingRules) => new Set([...ENGLAND_AND_WALES_BANK_HOLIDAYS, ...rules.closed_dates]);
const callsOn = (diary: HostDiary, date: string) => diary.calls.filter((c) => wallClock(c.start, STUDIO_ZONE).date === date).length;

/** The starts of London's `date` on the grid of its hours, whatever else stands in the way. */
function gridOf(rules: BookingRules, date: string): number[] {
  const length = rules.call_minutes * MINUTE;
  const starts: number[] = [];
  for (const range of rules.hours[weekdayOf(date)]) {
    const end = zonedTime(date, range.end, STUDIO_ZONE);
    for (let s = zonedTime(date, range.start, STUDIO_ZONE); s + length <= end; s += length) starts.push(s);
  }
  return starts;
}

/** Whether the host is clear for a call starting at `s`: the buffer around calls, busy times as they are. */
function clear(rules: BookingRules, diary: HostDiary, s: number): boolean {
  const e = s + rules.call_minutes * MINUTE;
  const buffer = rules.buffer_minutes * MINUTE;
  return !diary.calls.some((c) => overlaps(s, e, c, buffer)) && !diary.busy.some((b) => overlaps(s, e, b));
}

const noticeEnd = (rules: BookingRules, now: Date) => now.getTime() + rules.notice_hours * 60 * MINUTE;
const lastDay = (rules: BookingRules, now: Date) => addDays(wallClock(now.getTime(), STUDIO_ZONE).date, rules.horizon_days);

/** Each London day from today to the horizon that has a free start, with its free starts. */
export function freeSlots(rules: BookingRules, diary: HostDiary, now: Date): BookingDay[] {
  const today = wallClock(now.getTime(), STUDIO_ZONE).date;
  const earliest = noticeEnd(rules, now);
  const closed = closedDays(rules);
  const days: BookingDay[] = [];
  for (let n = 0; n <= rules.horizon_days; n++) {
    const date = addDays(today, n);
    if (closed.has(date)) continue;
    if (rules.max_per_day !== null && callsOn(diary, date) >= rules.max_per_day) continue;
    const starts = gridOf(rules, date)
      .filter((s) => s >= earliest && clear(rules, diary, s))
      .map((s) => new Date(s).toISOString());
    if (starts.length) days.push({ date, starts });
  }
  return days;
}

/** Why a chosen start cannot be booked, or null when it can: what the server checks before it books. */
export type SlotProblem = "past" | "too_soon" | "beyond_horizon" | "closed" | "day_full" | "outside_hours" | "taken";

export function slotProblem(rules: BookingRules, diary: HostDiary, now: Date, start: string): SlotProblem | null {
  const at = Date.parse(start);
  if (Number.isNaN(at) || at <= now.getTime()) return "past";
  if (at < noticeEnd(rules, now)) return "too_soon";
  const date = wallClock(at, STUDIO_ZONE).date;
  if (date > lastDay(rules, now)) return "beyond_horizon";
  if (closedDays(rules).has(date)) return "closed";
  if (!gridOf(rules, date).includes(at)) return "outside_hours";
  if (rules.max_per_day !== null && callsOn(diary, date) >= rules.max_per_day) return "day_full";
  return clear(rules, diary, at) ? null : "taken";
}

const dayFormat = perZone({ weekday: "long", day: "numeric", month: "long" });
/** "Monday 30 November": a day of the calendar (YYYY-MM-DD), as the booking pages head its times and the digest its subject. */
export const dayLabel = (date: string) => dayFormat("UTC").format(new Date(`${date}T12:00:00Z`));

/**
 * A start as a visitor in `zone` reads it: "15:00" where their clock shows London's, otherwise
 * "10:00 your time · 15:00 in Manchester", with the weekday on each when their day is not London's.
 */
export function slotLabel(start: string, zone: string): string {
  const london = wallClock(start, STUDIO_ZONE);
  const theirs = wallClock(start, zone);
  if (theirs.date === london.date && theirs.time === london.time) return london.time;
  const withDay = theirs.date !== london.date;
  const read = (w: { weekday: string; time: string }) => `${withDay ? `${w.weekday} ` : ""}${w.time}`;
  return `${read(theirs)} your time · ${read(london)} in ${STUDIO_PLACE}`;
}
