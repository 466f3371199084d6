/** web/src/lib/format.ts: pounds in en-GB, and dates as the studio in Manchester reads them (GMT and BST). */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatCount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, todayInLondon } from "../../web/src/lib/format";

// The format module writes these strings by hand (a page's first Intl object is slow to make); they
// must be exactly what Intl says.
const intlMoney = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const intlMoneyWhole = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const intlLondon = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** Intl's own "5 Mar 2026, 14:30", with our Sep where newer ICU writes Sept. */
const intlDateTime = (d: Date) => {
  const p = Object.fromEntries(intlLondon.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day} ${p.month.slice(0, 3)} ${p.year}, ${p.hour}:${p.minute}`;
};

describe("money", () => {
  it("is pounds with pence and thousands separators, a dash when unknown", () => {
    expect(formatMoney(1234.5)).toBe("£1,234.50");
    expect(formatMoney(0)).toBe("£0.00");
    expect(formatMoney(null)).toBe("—");
    expect(formatMoney(undefined)).toBe("—");
  });

  it("drops the pence on overview cards", () => {
    expect(formatMoneyWhole(12500)).toBe("£12,500");
    expect(formatMoneyWhole(null)).toBe("—");
  });

  it("rounds as Intl does, half away from zero from the shortest decimal", () => {
    expect(formatMoney(1.005)).toBe("£1.01");
    expect(formatMoney(2.675)).toBe("£2.68");
    expect(formatMoney(-0.001)).toBe("-£0.00");
    expect(formatMoney(-1234.5)).toBe("-£1,234.50");
    expect(formatMoneyWhole(12499.5)).toBe("£12,500");
    expect(formatMoneyWhole(-0.4)).toBe("-£0");
    expect(formatCount(10000)).toBe("10,000");
  });

  it("says exactly what Intl says, for any amount", () => {
    const amounts = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
      fc.integer({ min: -1e8, max: 1e8 }).map((n) => n / 100),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.constantFrom(0, -0, 0.5, 1.5, 2.5, 999.995, 1e21, 1e-7, -1e-7, Number.MAX_SAFE_INTEGER, NaN, Infinity),
    );
    fc.assert(
      fc.property(amounts, (n) => {
        expect(formatMoney(n)).toBe(intlMoney.format(n));
        expect(formatMoneyWhole(n)).toBe(intlMoneyWhole.format(n));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0, -0, 1e21, 1.5)), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString("en-GB"));
      }),
    );
  });
});

describe("dates in Europe/London", () => {
  it("reads an instant in GMT in winter and BST in summer", () => {
    expect(formatDateTime("2026-01-15T12:00:00Z")).toBe("15 Jan 2026, 12:00");
    expect(formatDateTime("2026-07-01T12:00:00Z")).toBe("1 Jul 2026, 13:00");
  });

  it("puts a late-evening UTC instant on the London day it falls on", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST)...
    expect(formatDate("2026-06-30T23:30:00Z")).toBe("1 Jul 2026");
    // ...but in winter London is on UTC, so the day stays.
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("31 Dec 2026");
  });

  it("knows the clocks change: the last Sunday of March and of October", () => {
    // BST begins 01:00 UTC on 29 March 2026.
    expect(formatDateTime("2026-03-29T00:30:00Z")).toBe("29 Mar 2026, 00:30");
    expect(formatDateTime("2026-03-29T01:30:00Z")).toBe("29 Mar 2026, 02:30");
    // BST ends 01:00 UTC on 25 October 2026.
    expect(formatDateTime("2026-10-25T00:30:00Z")).toBe("25 Oct 2026, 01:30");
    expect(formatDateTime("2026-10-25T01:30:00Z")).toBe("25 Oct 2026, 01:30");
  });

  it("gives today's date in London, which is tomorrow's for UTC late on a summer evening", () => {
    expect(todayInLondon(new Date("2026-07-31T23:30:00Z"))).toBe("2026-08-01");
    expect(todayInLondon(new Date("2026-11-25T23:30:00Z"))).toBe("2026-11-25");
  });

  it("reads the clocks as the time-zone database does, every day to 2100 and either side of each change", () => {
    const day = 24 * 3_600_000;
    // Differences collected and asserted once: 113,000 expect() calls took most of the test's time.
    const differ: string[] = [];
    for (let t = Date.UTC(1996, 0, 1, 0, 59); t < Date.UTC(2100, 0, 1); t += day) {
      // 00:59, 01:00 and 01:01 UTC: the clocks change at 01:00 UTC.
      for (const d of [new Date(t), new Date(t + 60_000), new Date(t + 120_000)]) {
        const ours = formatDateTime(d);
        const theirs = intlDateTime(d);
        if (ours !== theirs) differ.push(`${d.toISOString()}: ${ours} ≠ ${theirs}`);
      }
    }
    expect(differ).toEqual([]);
    fc.assert(
      fc.property(fc.date({ min: new Date("1996-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true }), (d) => {
        expect(formatDateTime(d)).toBe(intlDateTime(d));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses a date it cannot read, as before", () => {
    expect(() => formatDateTime("not a date")).toThrow(RangeError);
  });

  it("keeps a calendar date's day, and spells September the same on every ICU", () => {
    expect(formatDate("2026-09-05")).toBe("5 Sep 2026");
    expect(formatDateTime("2026-09-30T23:15:00Z")).toBe("1 Oct 2026, 00:15");
  });

  it("shows a dash for no date", () => {
    expect(formatDate(null)).toBe("—");
  });
});
