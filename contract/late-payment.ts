/**
 * What the Late Payment of Commercial Debts (Interest) Act 1998 lets a business charge another
 * business on a debt paid late, worked out the same way for the CRM's dialog and the invoice the
 * worker raises (docs/decisions/0065-late-payment-charges.md):
 *
 * - fixed compensation by the debt's size: £40 under £1,000, £70 under £10,000, £100 from £10,000;
 * - simple interest at 8% over the Bank of England base rate in force on the reference date: 31
 *   December for a debt due from January to June, 30 June for one due from July to December;
 * - from the due date to the day the charge is raised, a 365-day year.
 *
 * The base rate cannot be fetched here, so the studio keeps the rates it needs in Settings; a due
 * date whose reference rate is missing says which one to add instead of guessing.
 */
import { daysBetween } from "./calendar-date";

/** Points over the base rate the Act adds. */
export const STATUTORY_INTEREST_OVER_BASE = 8;

/** The Act's fixed sums: up to (not including) `below`, that amount; the last band has no ceiling. */
export const FIXED_COMPENSATION_BANDS = [
  { below: 1000, amount: 40 },
  { below: 10_000, amount: 70 },
  { below: Infinity, amount: 100 },
] as const;

/** A Bank of England base rate on a reference date (30 June or 31 December), in percent. */
export interface BaseRate {
  on: string;
  rate: number;
}

/**
 * Bank Rate on the reference dates, as the Bank of England published it; the studio adds later ones
 * in Settings. Shipped as data, not fetched, so a charge can be checked against it.
 */
export const PUBLISHED_BASE_RATES: readonly BaseRate[] = [
  { on: "2022-12-31", rate: 3.5 },
  { on: "2023-06-30", rate: 5 },
  { on: "2023-12-31", rate: 5.25 },
  { on: "2024-06-30", rate: 5.25 },
  { on: "2024-12-31", rate: 4.75 },
  { on: "2025-06-30", rate: 4.25 },
];

export function fixedCompensation(debt: number): number {
  return FIXED_COMPENSATION_BANDS.find((band) => debt < band.below)!.amount;
}

/** The reference date whose base rate applies to a debt due on `dueDate` (YYYY-MM-DD). */
export function referenceDate(dueDate: string): string {
  const year = Number(dueDate.slice(0, 4));
  return Number(dueDate.slice(5, 7)) <= 6 ? `${year - 1}-12-31` : `${year}-06-30`;
}

const pence = (pounds: number) => Math.round(pounds * 100);

export type LatePaymentCharge =
  | {
      ok: true;
      debt: number;
      compensation: number;
      /** The base rate used, its date, and the yearly rate charged (base + 8). */
      baseRate: BaseRate;
      annualRate: number;
      days: number;
      interest: number;
      total: number;
      /** How each figure was worked out, in the words the dialog and the invoice's lines show. */
      workings: { compensation: string; interest: string };
    }
  | { ok: false; reason: "not_late" }
  | { ok: false; reason: "missing_rate"; on: string };

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
/** A rate as people write it: 12.25%, 13%. */
const percent = (rate: number) => `${Number(rate.toFixed(4))}%`;

/**
 * The charge on `debt` (what is still owed, in pounds) due on `dueDate`, raised on `raisedOn`.
 * Interest is simple and rounded to the penny once, on the whole period.
 */
export function latePaymentCharge(args: {
  debt: number;
  dueDate: string;
  raisedOn: string;
  baseRates: readonly BaseRate[];
}): LatePaymentCharge {
  const days = daysBetween(args.dueDate, args.raisedOn);
  if (days <= 0 || args.debt <= 0) return { ok: false, reason: "not_late" };
  const on = referenceDate(args.dueDate);
  const baseRate = args.baseRates.find((r) => r.on === on);
  if (!baseRate) return { ok: false, reason: "missing_rate", on };
  const annualRate = baseRate.rate + STATUTORY_INTEREST_OVER_BASE;
  // In pence throughout: debt × rate% × days / 365, rounded once.
  const interestPence = Math.round((pence(args.debt) * annualRate * days) / (100 * 365));
  const compensation = fixedCompensation(args.debt);
  const band = FIXED_COMPENSATION_BANDS.findIndex((b) => args.debt < b.below);
  const bandWords = ["a debt under £1,000", "a debt of £1,000 to £9,999.99", "a debt of £10,000 or more"][band];
  return {
    ok: true,
    debt: args.debt,
    compensation,
    baseRate,
    annualRate,
    days,
    interest: interestPence / 100,
    total: (pence(compensation) + interestPence) / 100,
    workings: {
      compensation: `Fixed compensation for ${bandWords}: ${gbp.format(compensation)}`,
      interest:
        `Interest at ${percent(annualRate)} a year (the base rate of ${percent(baseRate.rate)} on ${longDate(on)} plus ${STATUTORY_INTEREST_OVER_BASE}%) ` +
        `on ${gbp.format(args.debt)} for ${days} ${days === 1 ? "day" : "days"} from ${longDate(args.dueDate)}: ` +
        `${gbp.format(args.debt)} × ${percent(annualRate)} × ${days}/365 = ${gbp.format(interestPence / 100)}`,
    },
  };
}

/** Words for a missing rate: which one to add in Settings. */
export const missingRateMessage = (on: string) =>
  `Add the Bank of England base rate on ${longDate(on)} in Settings → Late Payment to work out the interest`;
