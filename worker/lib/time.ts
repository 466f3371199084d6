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
