/**
 * How the CRM shows money, counts and time: pounds in en-GB, and instants in the studio's own
 * time zone (Europe/London) whatever the viewer's machine says.
 *
 * Written out by hand rather than asked of Intl, and the same strings Intl gives (the tests check
 * both against Intl, tests/web/format.test.ts). A page's first Intl object costs the browser
 * 30–80 ms while it loads its locale data (measured in Chromium on the 2-core machine, four times
 * that on a phone-speed CPU), and every CRM page formats money or a date in its first render: the
 * board on each card. date-fns with @date-fns/tz, used before, also asked Intl, per card.
 */
export const STUDIO_TIME_ZONE = "Europe/London";

/** 1234567 → 1,234,567 (the digits of a whole number). */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ",");

/**
 * A non-negative number to `places` decimals as Intl rounds it: its shortest decimal form (what
 * String gives) rounded half away from zero, so 1.005 is 1.01, where toFixed says 1.00. Undefined
 * for what String writes with an exponent (from 1e21, or below 1e-6) or not at all (NaN, ∞).
 */
function decimal(abs: number, places: number): { whole: string; fraction: string } | undefined {
  const text = String(abs);
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const [whole, fraction = ""] = text.split(".");
  if (fraction.length <= places) return { whole, fraction: fraction.padEnd(places, "0") };
  let digits = whole + fraction.slice(0, places);
  if (fraction[places] >= "5") digits = (BigInt(digits) + 1n).toString().padStart(digits.length, "0");
  return { whole: digits.slice(0, digits.length - places) || "0", fraction: digits.slice(digits.length - places) };
}

/** en-GB's own answer, for the values written above cannot (never money the CRM holds). */
const intlNumber = (n: number, options: Intl.NumberFormatOptions) => new Intl.NumberFormat("en-GB", options).format(n);

function pounds(amount: number, places: 0 | 2): string {
  const parts = decimal(Math.abs(amount), places);
  if (!parts) return intlNumber(amount, { style: "currency", currency: "GBP", maximumFractionDigits: places });
  // Intl writes -0 and what rounds to nothing from below zero with their minus sign: -£0.00.
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return `${sign}£${grouped(parts.whole)}${places ? `.${parts.fraction}` : ""}`;
}

/** £1,234.00; an unknown amount shows as a dash. */
export const formatMoney = (amount: number | null | undefined): string => (amount == null ? "—" : pounds(amount, 2));
/** £1,234 for overview cards, where pence are noise. */
export const formatMoneyWhole = (amount: number | null | undefined): string => (amount == null ? "—" : pounds(amount, 0));

/** A count with thousands separators: 10,000 (what `n.toLocaleString("en-GB")` gives for a whole number). */
export function formatCount(n: number): string {
  const parts = Number.isInteger(n) ? decimal(Math.abs(n), 0) : undefined;
  if (!parts) return intlNumber(n, {});
  return `${n < 0 || Object.is(n, -0) ? "-" : ""}${grouped(parts.whole)}`;
}

/** en-GB's short September is "Sept" in recent ICU and "Sep" in older ones: the names are ours. */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = 3_600_000;

/**
 * The UK's clocks (since 1996, as the EU's): British Summer Time, an hour ahead of UTC, from 01:00
 * UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. The tests compare it
 * with the time-zone database's Europe/London for every day to 2100.
 */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR;
}
function londonOffset(t: number): number {
  const year = new Date(t).getUTCFullYear();
  return t >= lastSundayAt1Utc(year, 2) && t < lastSundayAt1Utc(year, 9) ? HOUR : 0;
}

interface LondonParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function londonParts(instant: Date): LondonParts {
  const t = instant.getTime();
  // As date-fns did before: an unreadable date is an error, not a page of "NaN".
  if (Number.isNaN(t)) throw new RangeError("Invalid time value");
  const wall = new Date(t + londonOffset(t));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** Calendar dates (YYYY-MM-DD) are not instants: shifting them by a time zone would change the day. */
function partsOf(value: string | Date): LondonParts {
  const calendar = typeof value === "string" ? CALENDAR_DATE.exec(value) : null;
  if (calendar) return { year: Number(calendar[1]), month: Number(calendar[2]), day: Number(calendar[3]), hour: 0, minute: 0 };
  return londonParts(typeof value === "string" ? new Date(value) : value);
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayMonthYear = (p: LondonParts) => `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;

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
  return `${dayMonthYear(p)}, ${pad(p.hour)}:${pad(p.minute)}`;
};
