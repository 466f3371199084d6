/**
 * How the CRM shows money and time: pounds in en-GB, and instants in the studio's own time
 * zone (Europe/London) whatever the viewer's machine says.
 *
 * Dates are read from one Intl formatter's parts with our own month names (as the preview page
 * does, web/src/app/previews/feedback/preview-dates.ts): the pipeline formats a date on every
 * card of its first render, and date-fns with @date-fns/tz cost the CRM's first chunk about
 * 27 KB and each card a time-zone lookup (README → The CRM's first load).
 */
export const STUDIO_TIME_ZONE = "Europe/London";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const gbpWhole = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** £1,234.00; an unknown amount shows as a dash. */
export const formatMoney = (amount: number | null | undefined): string => (amount == null ? "—" : gbp.format(amount));
/** £1,234 for overview cards, where pence are noise. */
export const formatMoneyWhole = (amount: number | null | undefined): string => (amount == null ? "—" : gbpWhole.format(amount));

/** en-GB's short September is "Sept" in recent ICU and "Sep" in older ones: the names are ours. */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface LondonParts {
  year: number;
  month: number;
  day: number;
  hour: string;
  minute: string;
}

let london: Intl.DateTimeFormat | undefined;
function londonParts(instant: Date): LondonParts {
  london ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: STUDIO_TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts: Record<string, string> = {};
  for (const p of london.formatToParts(instant)) parts[p.type] = p.value;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: parts.hour, minute: parts.minute };
}

/** Calendar dates (YYYY-MM-DD) are not instants: shifting them by a time zone would change the day. */
function partsOf(value: string | Date): LondonParts {
  const calendar = typeof value === "string" ? CALENDAR_DATE.exec(value) : null;
  if (calendar) return { year: Number(calendar[1]), month: Number(calendar[2]), day: Number(calendar[3]), hour: "00", minute: "00" };
  return londonParts(typeof value === "string" ? new Date(value) : value);
}

const dayMonthYear = (p: LondonParts) => `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
const pad = (n: number) => String(n).padStart(2, "0");

/** 5 Mar 2026 */
export const formatDate = (value: string | Date | null | undefined): string => (value ? dayMonthYear(partsOf(value)) : "—");

/** Today's calendar date in London as YYYY-MM-DD (for date inputs and "start today"). */
export const todayInLondon = (now = new Date()): string => {
  const p = londonParts(now);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
};

/**
 * Every timestamp in the CRM: 5 Mar 2026, 14:30 (en-GB order, London time), the same day format as
 * formatDate (docs/decisions/0017: one format, not the spec's US-ordered 'MMM d, yyyy HH:mm').
 */
export const formatDateTime = (value: string | Date): string => {
  const p = partsOf(value);
  return `${dayMonthYear(p)}, ${p.hour}:${p.minute}`;
};
