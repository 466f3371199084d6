/**
 * When the client is reminded of an invoice (docs/decisions/0066-payment-reminders.md): three days
 * before it falls due, on the day, then seven and fourteen days after, at 09:00 London on working
 * days. One pure function decides which reminder, if any, an invoice is due today, so the daily job
 * and its tests agree.
 */
import { isWorkingDay } from "./bank-holidays";
import { addDays } from "./calendar-date";

export const reminderStages = ["before_due", "on_due", "overdue_7", "overdue_14"] as const;
export type ReminderStage = (typeof reminderStages)[number];

/** Days from the due date each reminder is for. */
export const REMINDER_OFFSETS: Record<ReminderStage, number> = { before_due: -3, on_due: 0, overdue_7: 7, overdue_14: 14 };

/** The London hour from which reminders go out. */
export const REMINDER_HOUR = 9;

/**
 * The reminder to send `today` (a London date), or null. On a working day, the latest stage whose
 * day has come is sent, once (`sent` lists the stages already sent): a stage that fell on a weekend
 * or a bank holiday goes out on the next working day, and one overtaken by a later stage before it
 * could go is never sent late. A stage whose day came before the invoice was issued is not sent at
 * all: an invoice raised two days before its due date gets no "due in three days".
 */
export function reminderDue(
  invoice: { date: string; due_date: string },
  today: string,
  sent: readonly ReminderStage[],
  closed?: ReadonlySet<string>,
): ReminderStage | null {
  if (!isWorkingDay(today, closed)) return null;
  const reached = reminderStages.filter((s) => {
    const day = addDays(invoice.due_date, REMINDER_OFFSETS[s]);
    return day <= today && day > invoice.date;
  });
  const latest = reached.at(-1);
  if (!latest) return null;
  // A later stage already sent: the reminders never go backwards.
  const sentLatest = Math.max(-1, ...sent.map((s) => reminderStages.indexOf(s)));
  return reminderStages.indexOf(latest) > sentLatest ? latest : null;
}
