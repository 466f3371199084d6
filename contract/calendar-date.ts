/**
 * Arithmetic on calendar dates (YYYY-MM-DD), as both sides and the daily jobs need it: a date is a
 * day, not a moment, so it is worked on at UTC midnight, where no clock change moves it.
 */

/** A calendar date `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
