/**
 * A proposal's payment schedule (docs/decisions/0061-payment-schedules.md): instalments, each a
 * label, a share of the total (a percentage, or an amount in pounds) and when it falls due, as the
 * API and the forms take them. The plain values and the pricing function are in
 * payment-schedule-values.ts, re-exported here.
 */
import * as z from "zod";
import { isoDate } from "./common";
import { requiredText } from "./text";
import {
  INSTALMENT_LABEL_MAX,
  PAYMENT_INSTALMENTS_MAX,
  paymentDues,
  scheduleAmounts,
  scheduleProblem,
  shareKinds,
  type PaymentInstalment,
} from "./payment-schedule-values";

export * from "./payment-schedule-values";

/** Whether a YYYY-MM-DD date exists (2027-02-30 does not). */
const isRealDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
};
const hundredths = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export const paymentInstalment = z
  .object({
    label: requiredText({ max: INSTALMENT_LABEL_MAX, required: "Give this instalment a label, such as Deposit" }),
    share_kind: z.enum(shareKinds, { error: "Choose a percentage or an amount in pounds" }),
    share: z.number({ error: (issue) => (issue.input == null || issue.input === "" ? "Enter its share" : "Enter a number") }).finite(),
    due: z.enum(paymentDues, { error: "Choose when it falls due" }),
    /** Only with `on_date`, and checked only there: with any other due, whatever was sent is dropped. */
    due_date: z.string().max(100).nullable().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const share = (message: string) => ctx.addIssue({ code: "custom", path: ["share"], message });
    // Judged as it will be stored, to the hundredth: a share too small to be a penny or a hundredth of a percent is none.
    const stored = Math.round(v.share * 100);
    if (v.share_kind === "percent") {
      if (stored <= 0) share("A percentage must be more than 0%");
      else if (stored > 10_000) share("A percentage can be at most 100%");
      else if (!hundredths(v.share)) share("Use at most two decimal places");
    } else {
      if (stored <= 0) share("An amount must be more than £0");
      else if (stored > 100_000_000_000) share("That is too large");
      else if (!hundredths(v.share)) share("Use whole pence: at most two decimal places");
    }
    if (v.due === "on_date") {
      const date = (message: string) => ctx.addIssue({ code: "custom", path: ["due_date"], message });
      if (!v.due_date) date("Choose the date it falls due");
      else if (!isoDate.safeParse(v.due_date).success) date("Enter a date as YYYY-MM-DD");
      else if (!isRealDate(v.due_date)) date("Enter a real date");
    }
  })
  // What is stored: the share to the hundredth, and a date only where the instalment falls due on one.
  .transform((v): PaymentInstalment => ({
    ...v,
    share: Math.round(v.share * 100) / 100,
    due_date: v.due === "on_date" ? v.due_date || null : null,
  }));
export type PaymentInstalmentInput = z.input<typeof paymentInstalment>;

export const paymentSchedule = z
  .array(paymentInstalment)
  .min(1, "Add at least one instalment")
  .max(PAYMENT_INSTALMENTS_MAX, `A payment schedule has at most ${PAYMENT_INSTALMENTS_MAX} instalments`);

/** An instalment's shape as stored: what the way in made of it. */
const storedInstalment = z
  .object({
    label: z.string().min(1),
    share_kind: z.enum(shareKinds),
    share: z.number().positive(),
    due: z.enum(paymentDues),
    due_date: z.string().nullable(),
  })
  .strict();

/**
 * A schedule read back from the database or an accepted copy: its shape checked on the way out,
 * not its text normalised again (the way in did that, and doing it per row made listing 1,000
 * proposals ten times slower).
 */
export const storedPaymentSchedule = z.array(storedInstalment).min(1).max(PAYMENT_INSTALMENTS_MAX);

/** An instalment as the API reads it back: with its amount for the proposal's total (null: a percentage of no total yet). */
export const scheduledInstalment = storedInstalment.extend({ amount: z.number().nullable() });
export type ScheduledInstalment = z.infer<typeof scheduledInstalment>;

/**
 * The studio's default schedule (Settings → Studio Details), which every new proposal starts
 * with: percentages only, since each proposal's total is its own, and no dates, which belong to one
 * proposal; they make 100%.
 */
export const defaultPaymentSchedule = paymentSchedule.superRefine((schedule, ctx) => {
  schedule.forEach((i, n) => {
    if (i.share_kind !== "percent")
      ctx.addIssue({
        code: "custom",
        path: [n, "share_kind"],
        message: "A default schedule is in percentages: each proposal's total differs",
      });
    if (i.due === "on_date")
      ctx.addIssue({ code: "custom", path: [n, "due"], message: "A date belongs to one proposal: choose it on the proposal" });
  });
  if (schedule.every((i) => i.share_kind === "percent")) {
    const problem = scheduleProblem(scheduleAmounts(schedule, null));
    if (problem) ctx.addIssue({ code: "custom", path: [], message: problem });
  }
});
