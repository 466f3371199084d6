/**
 * Late-payment charges (contract/late-payment.ts, docs/decisions/0065-late-payment-charges.md): the
 * Act's fixed sums at the edges of their bands, the interest worked by hand for three debts, and
 * properties over generated debts, dates and rates.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { daysBetween } from "../../contract/calendar-date";
import {
  fixedCompensation,
  latePaymentCharge,
  missingRateMessage,
  PUBLISHED_BASE_RATES,
  referenceDate,
  type BaseRate,
} from "../../contract/late-payment";

const rates: BaseRate[] = [...PUBLISHED_BASE_RATES];

describe("the late-payment figures", () => {
  // Worked by hand: debt in pence × (base + 8)% × days / 365, rounded to the penny once.
  it("£999.99 due 1 March 2025, raised 30 days later: £40 and 12.75% (4.75% on 31 Dec 2024 + 8)", () => {
    const charge = latePaymentCharge({ debt: 999.99, dueDate: "2025-03-01", raisedOn: "2025-03-31", baseRates: rates });
    expect(charge).toMatchObject({ ok: true, compensation: 40, annualRate: 12.75, days: 30, interest: 10.48, total: 50.48 });
    expect(charge.ok && charge.baseRate).toEqual({ on: "2024-12-31", rate: 4.75 });
    expect(charge.ok && charge.workings).toEqual({
      compensation: "Fixed compensation for a debt under £1,000: £40.00",
      interest:
        "Interest at 12.75% a year (the base rate of 4.75% on 31 December 2024 plus 8%) on £999.99 for 30 days from 1 March 2025: " +
        "£999.99 × 12.75% × 30/365 = £10.48",
    });
  });

  it("£1,000 on the same dates: the £70 band", () => {
    const charge = latePaymentCharge({ debt: 1000, dueDate: "2025-03-01", raisedOn: "2025-03-31", baseRates: rates });
    expect(charge).toMatchObject({ ok: true, compensation: 70, interest: 10.48, total: 80.48 });
  });

  it("£10,000 due 15 August 2025, raised 90 days later: £100 and 12.25% (4.25% on 30 June 2025 + 8)", () => {
    const charge = latePaymentCharge({ debt: 10_000, dueDate: "2025-08-15", raisedOn: "2025-11-13", baseRates: rates });
    expect(charge).toMatchObject({ ok: true, compensation: 100, annualRate: 12.25, days: 90, interest: 302.05, total: 402.05 });
    expect(charge.ok && charge.workings.compensation).toBe("Fixed compensation for a debt of £10,000 or more: £100.00");
  });

  it("nothing before or on the due date", () => {
    for (const raisedOn of ["2025-02-28", "2025-03-01"])
      expect(latePaymentCharge({ debt: 500, dueDate: "2025-03-01", raisedOn, baseRates: rates })).toEqual({
        ok: false,
        reason: "not_late",
      });
  });

  it("a reference rate the studio has not entered is asked for, never guessed", () => {
    const charge = latePaymentCharge({ debt: 500, dueDate: "2026-09-01", raisedOn: "2026-10-01", baseRates: rates });
    expect(charge).toEqual({ ok: false, reason: "missing_rate", on: "2026-06-30" });
    expect(missingRateMessage("2026-06-30")).toBe(
      "Add the Bank of England base rate on 30 June 2026 in Settings → Late Payment to work out the interest",
    );
  });
});

describe("the Act's rules", () => {
  it("fixed compensation at the edges of its bands", () => {
    expect([0.01, 999.99, 1000, 9999.99, 10_000, 250_000].map(fixedCompensation)).toEqual([40, 40, 70, 70, 100, 100]);
  });

  it("the reference date is the 31 December or 30 June before the half-year the debt fell due in", () => {
    expect(["2026-01-01", "2026-06-30", "2026-07-01", "2026-12-31"].map(referenceDate)).toEqual([
      "2025-12-31",
      "2025-12-31",
      "2026-06-30",
      "2026-06-30",
    ]);
  });

  const day = fc
    .date({ min: new Date("2023-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const debt = fc.integer({ min: 1, max: 10_000_000 }).map((p) => p / 100);
  const rate = fc.integer({ min: 0, max: 1500 }).map((r) => r / 100);
  const ratesFor = (dueDate: string, base: number): BaseRate[] => [{ on: referenceDate(dueDate), rate: base }];

  it("the total is the fixed sum plus the interest, to the penny, and the interest is what the formula gives", () => {
    fc.assert(
      fc.property(debt, day, fc.integer({ min: 1, max: 2000 }), rate, (d, due, late, base) => {
        const raisedOn = new Date(Date.parse(`${due}T00:00:00Z`) + late * 86_400_000).toISOString().slice(0, 10);
        const charge = latePaymentCharge({ debt: d, dueDate: due, raisedOn, baseRates: ratesFor(due, base) });
        if (!charge.ok) throw new Error(`no charge: ${JSON.stringify(charge)}`);
        expect(charge.days).toBe(late);
        expect(Math.round(charge.total * 100)).toBe(Math.round(charge.compensation * 100) + Math.round(charge.interest * 100));
        const exact = (d * (base + 8) * late) / 36_500;
        expect(Math.abs(charge.interest - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });

  it("a day later or a larger debt never costs less", () => {
    fc.assert(
      fc.property(debt, debt, day, fc.integer({ min: 1, max: 1000 }), rate, (a, b, due, late, base) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const on = (days: number) => new Date(Date.parse(`${due}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        const total = (d: number, days: number) => {
          const c = latePaymentCharge({ debt: d, dueDate: due, raisedOn: on(days), baseRates: ratesFor(due, base) });
          return c.ok ? c.total : NaN;
        };
        expect(total(small, late + 1)).toBeGreaterThanOrEqual(total(small, late));
        expect(total(large, late)).toBeGreaterThanOrEqual(total(small, late));
      }),
    );
  });

  it("days between dates counts calendar days across the clock changes", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2026-03-30", "2026-03-28")).toBe(-2);
  });
});
