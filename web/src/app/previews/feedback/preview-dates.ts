/**
 * Dates on the preview page, in the studio's time zone (Europe/London) whatever the visitor's
 * machine says. Built from Intl's parts with our own month names: en-GB's short September is
 * "Sept" in recent ICU and "Sep" in older ones, and date-fns would cost the public chunk more.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const london = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function partsOf(iso: string) {
  const parts: Record<string, string> = {};
  for (const p of london.formatToParts(new Date(iso))) parts[p.type] = p.value;
  return { day: Number(parts.day), month: MONTHS[Number(parts.month) - 1], year: parts.year, time: `${parts.hour}:${parts.minute}` };
}

/** 12 Nov 2026, 14:05 */
export function dateTimeInLondon(iso: string): string {
  const p = partsOf(iso);
  return `${p.day} ${p.month} ${p.year}, ${p.time}`;
}

/** 25 Nov 2026 */
export function dateInLondon(iso: string): string {
  const p = partsOf(iso);
  return `${p.day} ${p.month} ${p.year}`;
}

/** 12 Nov: which version an older comment was made on. */
export function dayInLondon(iso: string): string {
  const p = partsOf(iso);
  return `${p.day} ${p.month}`;
}
