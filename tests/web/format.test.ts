/** web/src/lib/format.ts: pounds in en-GB, and dates as the studio in Manchester reads them (GMT and BST). */
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatMoneyWhole, todayInLondon } from "../../web/src/lib/format";

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

  it("keeps a calendar date's day, and spells September the same on every ICU", () => {
    expect(formatDate("2026-09-05")).toBe("5 Sep 2026");
    expect(formatDateTime("2026-09-30T23:15:00Z")).toBe("1 Oct 2026, 00:15");
  });

  it("shows a dash for no date", () => {
    expect(formatDate(null)).toBe("—");
  });
});
