/**
 * Which payment reminder goes out on a London day (contract/payment-reminders.ts): examples around
 * weekends and bank holidays, and properties over every day of generated invoices' lives.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { reminderDue, reminderStages, REMINDER_OFFSETS, type ReminderStage } from "../../contract/payment-reminders";
import { ENGLAND_AND_WALES_BANK_HOLIDAYS, isWorkingDay } from "../../contract/bank-holidays";

const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Runs the daily decision over each day from `from` for `days` days, as the job would. */
function simulate(invoice: { date: string; due_date: string }, from: string, days: number) {
  const sent: { stage: ReminderStage; on: string }[] = [];
  for (let i = 0; i < days; i++) {
    const today = shift(from, i);
    const stage = reminderDue(
      invoice,
      today,
      sent.map((s) => s.stage),
    );
    if (stage) sent.push({ stage, on: today });
  }
  return sent;
}

describe("payment reminders", () => {
  it("an invoice due on a Wednesday, issued well before: all four, the first moved off the Sunday", () => {
    // Due Wednesday 18 November 2026: three days before is Sunday the 15th, so that one goes on Monday.
    expect(simulate({ date: "2026-10-01", due_date: "2026-11-18" }, "2026-10-01", 70)).toEqual([
      { stage: "before_due", on: "2026-11-16" },
      { stage: "on_due", on: "2026-11-18" },
      { stage: "overdue_7", on: "2026-11-25" },
      { stage: "overdue_14", on: "2026-12-02" },
    ]);
  });

  it("a reminder that falls on a bank holiday goes on the next working day", () => {
    // Due Monday 27 April 2026: seven days after is the early May bank holiday.
    const sent = simulate({ date: "2026-04-01", due_date: "2026-04-27" }, "2026-04-01", 40);
    expect(sent.find((s) => s.stage === "overdue_7")).toEqual({ stage: "overdue_7", on: "2026-05-05" });
  });

  it("no 'due in three days' for an invoice issued two days before it is due", () => {
    const sent = simulate({ date: "2026-11-16", due_date: "2026-11-18" }, "2026-11-16", 20);
    expect(sent.map((s) => s.stage)).toEqual(["on_due", "overdue_7", "overdue_14"]);
  });

  it("a reminder overtaken by a later one is never sent late", () => {
    // The job first runs 10 days after the due date: the 7-day reminder, not the earlier ones.
    const sent = simulate({ date: "2026-09-01", due_date: "2026-10-01" }, "2026-10-11", 20);
    expect(sent.map((s) => s.stage)).toEqual(["overdue_7", "overdue_14"]);
  });

  const day = fc.integer({ min: 0, max: 700 }).map((n) => shift("2026-01-01", n));
  it("over an invoice's life: each reminder at most once, in order, on working days, never before its day", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 30 }), (due, term, start) => {
        const invoice = { date: shift(due, -term), due_date: due };
        const sent = simulate(invoice, shift(invoice.date, start), 120);
        const order = sent.map((s) => reminderStages.indexOf(s.stage));
        expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
        for (const s of sent) {
          expect(isWorkingDay(s.on)).toBe(true);
          expect(s.on >= shift(due, REMINDER_OFFSETS[s.stage])).toBe(true);
          expect(s.on > invoice.date).toBe(true);
        }
        // The last one always goes, on the first working day from 14 days after, if the job ran then.
        if (shift(invoice.date, start) <= shift(due, 14) && shift(due, 14) > invoice.date) {
          const last = sent.at(-1);
          expect(last?.stage).toBe("overdue_14");
          let first = shift(due, 14);
          while (!isWorkingDay(first)) first = shift(first, 1);
          expect(last?.on).toBe(first);
        }
      }),
    );
  });

  it("the bank holidays are weekdays and in order", () => {
    for (const d of ENGLAND_AND_WALES_BANK_HOLIDAYS) expect([1, 2, 3, 4, 5]).toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
    expect([...ENGLAND_AND_WALES_BANK_HOLIDAYS].sort()).toEqual(ENGLAND_AND_WALES_BANK_HOLIDAYS);
    expect(isWorkingDay("2027-03-29")).toBe(false); // Easter Monday
    expect(isWorkingDay("2026-11-28")).toBe(false); // a Saturday
    expect(isWorkingDay("2026-11-27")).toBe(true);
  });
});
