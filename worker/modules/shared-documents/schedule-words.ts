/**
 * A proposal's payment schedule in the client's words, for their page and the copy they are sent
 * after accepting: "£1,200 on acceptance · £1,200 when you approve your site for launch". The
 * amounts come from the contract's one function (contract/payment-schedule.ts), so the page, the
 * e-mail and the CRM never disagree by a penny.
 */
import {
  poundsText,
  scheduleAmounts,
  shareText,
  type PaymentDue,
  type PaymentSchedule,
  type ScheduleCheck,
} from "../../../contract/payment-schedule";
import { longDate } from "./document-page";

const dueWordsOf: Record<Exclude<PaymentDue, "on_date">, string> = {
  on_acceptance: "on acceptance",
  on_launch_approval: "when you approve your site for launch",
  on_completion: "when your project is complete",
};

/** When an instalment falls due, as the client reads it: "on acceptance", "on 15 January 2027". */
export const dueWords = (i: { due: PaymentDue; due_date: string | null }) =>
  i.due === "on_date" ? (i.due_date ? `on ${longDate(i.due_date)}` : "on a date to be agreed") : dueWordsOf[i.due];

/** An instalment's amount as the client reads it: whole pounds without pence ("£1,200"); its percentage when there is no total yet. */
const amountWords = (i: ScheduleCheck["instalments"][number]) =>
  i.amount === null ? shareText(i) : poundsText(i.amount, { wholeAsPounds: true });

/** The schedule priced at the total, each instalment with its words. */
export function scheduleForClient(schedule: PaymentSchedule, total: number | null) {
  return scheduleAmounts(schedule, total).instalments.map((i) => ({
    label: i.label,
    /** "50%", or null for a share in pounds (its amount says it). */
    percent: i.share_kind === "percent" ? shareText(i) : null,
    amount: i.amount,
    /** "£1,200 on acceptance" */
    words: `${amountWords(i)} ${dueWords(i)}`,
    due: dueWords(i),
  }));
}

/** The schedule on one line: "£1,200 on acceptance · £1,200 when you approve your site for launch". */
export const scheduleLine = (schedule: PaymentSchedule, total: number | null) =>
  scheduleForClient(schedule, total)
    .map((i) => i.words)
    .join(" · ");
