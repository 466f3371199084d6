/**
 * England and Wales bank holidays, as GOV.UK publishes them (www.gov.uk/bank-holidays.json),
 * for this year and next: the days the studio does not work, so nothing that should happen "on a
 * working day" happens on one of them. Shipped as data: the worker cannot reach GOV.UK in tests.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly string[] = [
  "2026-01-01", // New Year's Day
  "2026-04-03", // Good Friday
  "2026-04-06", // Easter Monday
  "2026-05-04", // Early May bank holiday
  "2026-05-25", // Spring bank holiday
  "2026-08-31", // Summer bank holiday
  "2026-12-25", // Christmas Day
  "2026-12-28", // Boxing Day (substitute day)
  "2027-01-01", // New Year's Day
  "2027-03-26", // Good Friday
  "2027-03-29", // Easter Monday
  "2027-05-03", // Early May bank holiday
  "2027-05-31", // Spring bank holiday
  "2027-08-30", // Summer bank holiday
  "2027-12-27", // Christmas Day (substitute day)
  "2027-12-28", // Boxing Day (substitute day)
];

const holidays = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS);

/** Monday to Friday and not a bank holiday in England and Wales. `date` is YYYY-MM-DD (a London day). */
export function isWorkingDay(date: string, closed: ReadonlySet<string> = holidays): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closed.has(date);
}
