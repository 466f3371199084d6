/**
 * Recurring invoices' schedule (docs/decisions/0067-retainers.md), pure, so the CRM shows the same
 * next date the job raises on. A recurring invoice falls on a day of the month (1–28, or the
 * month's last day) every one, three or twelve months from the month of its start date.
 */
export const recurringIntervals = ["monthly", "quarterly", "yearly"] as const;
export type RecurringInterval = (typeof recurringIntervals)[number];
export const intervalMonths: Record<RecurringInterval, number> = { monthly: 1, quarterly: 3, yearly: 12 };
export const intervalLabels: Record<RecurringInterval, string> = { monthly: "Monthly", quarterly: "Quarterly", yearly: "Yearly" };

/** The day it falls on: 1–28 (in every month), or "last" (the 31st in January, the 28th or 29th in February). */
export type RecurringDay = number | "last";

const pad = (n: number) => String(n).padStart(2, "0");

/** The month (YYYY-MM) `months` after the month of `date`. */
const monthAfter = (date: string, months: number) => {
  const [y, m] = date.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
};

/** The date `day` falls on in a month (YYYY-MM). */
export function dateInMonth(month: string, day: RecurringDay): string {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${pad(day === "last" ? last : Math.min(day, last))}`;
}

/** The n-th period's date (0 the first), counted from the start date's month. */
export function periodDate(start: string, interval: RecurringInterval, day: RecurringDay, n: number): string {
  return dateInMonth(monthAfter(start, n * intervalMonths[interval]), day);
}

/**
 * The first period's date on or after `from` (and never before the start date). The first period
 * is in the start's month when the day has not passed by then, else one interval on.
 */
export function firstPeriodFrom(start: string, interval: RecurringInterval, day: RecurringDay, from: string): string {
  const floor = from > start ? from : start;
  // Jump near `floor` by whole months, then step: never more than a couple of steps.
  const [sy, sm] = start.split("-").map(Number);
  const [fy, fm] = floor.split("-").map(Number);
  let n = Math.max(0, Math.floor(((fy - sy) * 12 + (fm - sm)) / intervalMonths[interval]) - 1);
  let date = periodDate(start, interval, day, n);
  while (date < floor) date = periodDate(start, interval, day, ++n);
  return date;
}

/** The period after the one on `date` (skip moves the next date on by this). */
export function periodAfter(start: string, interval: RecurringInterval, day: RecurringDay, date: string): string {
  return firstPeriodFrom(start, interval, day, nextDay(date));
}

export function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
