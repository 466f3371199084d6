/**
 * When the client is reminded of an invoice (docs/decisions/0066-payment-reminders.md): three days
 * before it falls due, on the day, then seven and fourteen days after, at 09:00 London on working
 * days. One pure function decides which reminder, if any, an invoice is due today, so the daily job
 * and its tests agree.
 */
import * as z from "zod";
import { isWorkingDay } from "./bank-holidays";
import { addDays } from "./calendar-date";
import { requiredText } from "./text";

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

/** How Settings → Payment Reminders names each reminder. */
export const REMINDER_STAGE_LABELS: Record<ReminderStage, string> = {
  before_due: "3 days before the due date",
  on_due: "On the due date",
  overdue_7: "7 days overdue",
  overdue_14: "14 days overdue",
};

/**
 * What a reminder's wording may name, filled in for each document: {document} is "invoice INV-1042"
 * or "payment request PR-1007", {due_date} "17 March 2027", {amount} what is still due, "£1,200.00".
 */
export const REMINDER_PLACEHOLDERS = ["document", "due_date", "amount"] as const;
export type ReminderValues = Record<(typeof REMINDER_PLACEHOLDERS)[number], string>;

const placeholderPattern = /\{([^{}]*)\}/g;
const knownPlaceholders = (text: string) =>
  [...text.matchAll(placeholderPattern)].every((m) => (REMINDER_PLACEHOLDERS as readonly string[]).includes(m[1]));
const unknownPlaceholder = `Use only {${REMINDER_PLACEHOLDERS.join("}, {")}} in braces`;

export const reminderWording = z
  .object({
    subject: requiredText({ max: 150, required: "Subject is required" }).refine(knownPlaceholders, unknownPlaceholder),
    message: requiredText({ max: 1000, required: "Message is required", multiline: true }).refine(knownPlaceholders, unknownPlaceholder),
  })
  .strict();
export type ReminderWording = z.infer<typeof reminderWording>;

/** Settings → Payment Reminders: whether the job sends any, and what each says. */
export const paymentReminderSettings = z.object({
  enabled: z.boolean(),
  wording: z
    .object(Object.fromEntries(reminderStages.map((s) => [s, reminderWording])) as Record<ReminderStage, typeof reminderWording>)
    .strict(),
});
export type PaymentReminderSettings = z.infer<typeof paymentReminderSettings>;

/** PUT /api/crm/settings/reminders, from the copy the form was loaded from (null when never saved). */
export const paymentReminderSettingsInput = paymentReminderSettings.extend({ updated_at: z.string().min(1).nullable() }).strict();
export type PaymentReminderSettingsInput = z.input<typeof paymentReminderSettingsInput>;

export const DEFAULT_PAYMENT_REMINDER_SETTINGS: PaymentReminderSettings = {
  enabled: true,
  wording: {
    before_due: {
      subject: "Reminder: our {document} is due on {due_date}",
      message: "A friendly reminder that our {document} is due on {due_date}.",
    },
    // Sent on the next working day when the due date was a weekend or a bank holiday: worded for both.
    on_due: {
      subject: "Reminder: our {document} is now due",
      message: "A friendly reminder that our {document} fell due on {due_date}.",
    },
    overdue_7: {
      subject: "Overdue: our {document}",
      message: "Our records show that our {document}, due on {due_date}, is still unpaid. If you have already paid, thank you, and please ignore this e-mail.",
    },
    overdue_14: {
      subject: "Second reminder: our {document} is overdue",
      message:
        "Our {document} was due on {due_date} and is now two weeks overdue. Please arrange payment, or reply to let us know if anything is wrong with it.",
    },
  },
};

/** The wording with each placeholder filled in, its first letter a capital (a template may start with {document}). */
export function fillReminder(template: string, values: ReminderValues): string {
  const filled = template.replace(placeholderPattern, (whole, name: string) => values[name as keyof ReminderValues] ?? whole);
  return filled.charAt(0).toUpperCase() + filled.slice(1);
}
