import { addDays } from "../../contract/calendar-date";

export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number, from = Date.now()) => new Date(from + ms).toISOString();
/** Today's calendar date in London, as YYYY-MM-DD. */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
}

/** A new updated_at that is always later than `seen`, so a version never repeats within a millisecond. */
export function nextStamp(seen: string): string {
  const now = Date.now();
  const prev = Date.parse(seen);
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}

/** The hour (0–23) it is in London at `now`. */
export function londonHour(now: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "numeric", hourCycle: "h23" }).format(now));
}

export { addDays };

/** The month (YYYY-MM) `months` after the one `date` (YYYY-MM or YYYY-MM-DD) falls in. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 7);
}

/** The Monday (London) of the week `date` falls in: weeks start on Monday in the UK. */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return addDays(date, -((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7));
}

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * The instant London's day `date` (YYYY-MM-DD, or YYYY-MM for the month's first day) begins, as
 * ISO-8601 UTC like every stored time, so a London day or month is a range of stored times.
 * Clocks change at 01:00 UTC, never at midnight, so London's midnight is always one instant.
 */
export function londonStartOf(date: string): string {
  const [y, m, d = 1] = date.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d);
  const p = Object.fromEntries(londonParts.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return new Date(guess - (wall - guess)).toISOString();
}
