/**
 * A proposal's payment schedule (docs/decisions/0061-payment-schedules.md): instalments, each a
 * label, a share of the total (a percentage, or an amount in pounds) and when it falls due. One
 * pure function, `scheduleAmounts`, turns a schedule and a total into pence-exact amounts and says
 * by how much the schedule is off; the CRM's form, the worker, the client's page and the e-mail
 * all read it, and `scheduleProblem` words what it found the same way for the form and the API.
 */
import * as z from "zod";
import { isoDate } from "./common";
import { requiredText } from "./text";

export const PAYMENT_INSTALMENTS_MAX = 12;
export const INSTALMENT_LABEL_MAX = 60;

/** When an instalment falls due: the client's acceptance, their "Approve this version", the project's completion, or a date. */
export const paymentDues = ["on_acceptance", "on_launch_approval", "on_completion", "on_date"] as const;
export type PaymentDue = (typeof paymentDues)[number];

/** The CRM's words for each. */
export const paymentDueLabels: Record<PaymentDue, string> = {
  on_acceptance: "On acceptance",
  on_launch_approval: "On launch approval",
  on_completion: "On project completion",
  on_date: "On a date",
};

/** A share is a percentage of the total, or an amount in pounds. */
export const shareKinds = ["percent", "amount"] as const;
export type ShareKind = (typeof shareKinds)[number];

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
  .transform((v) => ({ ...v, share: Math.round(v.share * 100) / 100, due_date: v.due === "on_date" ? v.due_date || null : null }));
export type PaymentInstalment = z.output<typeof paymentInstalment>;
export type PaymentInstalmentInput = z.input<typeof paymentInstalment>;

export const paymentSchedule = z
  .array(paymentInstalment)
  .min(1, "Add at least one instalment")
  .max(PAYMENT_INSTALMENTS_MAX, `A payment schedule has at most ${PAYMENT_INSTALMENTS_MAX} instalments`);
export type PaymentSchedule = z.output<typeof paymentSchedule>;

/** An instalment as the API reads it back: with its amount for the proposal's total (null: a percentage of no total yet). */
export const scheduledInstalment = z.object({
  label: z.string(),
  share_kind: z.enum(shareKinds),
  share: z.number(),
  due: z.enum(paymentDues),
  due_date: z.string().nullable(),
  amount: z.number().nullable(),
});
export type ScheduledInstalment = z.infer<typeof scheduledInstalment>;

/** The Terms ("a 50% deposit up front, remainder on completion", DECISIONS 24): half on acceptance, half at launch approval. */
export const TERMS_PAYMENT_SCHEDULE: PaymentSchedule = [
  { label: "Deposit", share_kind: "percent", share: 50, due: "on_acceptance", due_date: null },
  { label: "Balance", share_kind: "percent", share: 50, due: "on_launch_approval", due_date: null },
];

/** A label for a row added after `labels`: the first is the deposit, then the balance, then numbered instalments. */
export function suggestedLabel(labels: readonly string[]): string {
  if (labels.length === 0) return "Deposit";
  if (!labels.some((l) => l.trim().toLowerCase() === "balance")) return "Balance";
  return `Instalment ${labels.length + 1}`;
}

/** What the amounts are worked out from: a share, as typed (a blank share counts as nothing). */
export type ScheduleShare = { share_kind: ShareKind; share: number };

export interface ScheduleCheck<T extends ScheduleShare = PaymentInstalment> {
  /** Each instalment with its amount in pounds (pence-exact); null for a percentage of a proposal that has no total. */
  instalments: (T & { amount: number | null })[];
  /** The percentages' sum, e.g. 90 for 90%. */
  percent: number;
  /** The total less what the instalments add up to, in pounds: positive when short, negative when over, 0 when it adds up. */
  off_by: number;
  adds_up: boolean;
}

/**
 * A typed value as whole hundredths (pence, or hundredths of a percent), held between 0 and `max`
 * so that whatever is typed, the sums stay exact integers (validation refuses what is outside).
 */
const toHundredths = (n: number, max: number) => (Number.isFinite(n) ? Math.min(Math.max(Math.round(n * 100), 0), max) : 0);
/** £1,000,000,000 and 10,000%: past any share or total the schemas accept. */
const MAX_PENCE = 100_000_000_000;
const MAX_PERCENT = 1_000_000;
const hundredthsOf = (i: ScheduleShare) => toHundredths(i.share, i.share_kind === "percent" ? MAX_PERCENT : MAX_PENCE);

/**
 * A schedule's amounts for a total, to the penny, and by how much it is off:
 *
 * - A percentage is rounded down to the penny; an amount in pounds is as given.
 * - Every share a percentage: it adds up when they make 100%, and the pennies left by rounding go
 *   on the last instalment (rounding down means what is left is never negative).
 * - Any share in pounds: it adds up when the amounts, as the client will read them, make the total
 *   to the penny; percentages and pounds may be mixed.
 * - Off by: the total less the sum of the amounts shown, 0 when it adds up.
 *
 * No total (a proposal without lines) counts as £0 for the check, and leaves percentages unpriced.
 */
export function scheduleAmounts<T extends ScheduleShare>(schedule: readonly T[], total: number | null): ScheduleCheck<T> {
  const totalPence = total === null ? 0 : toHundredths(total, MAX_PENCE);
  // Rounded down: an exact product of integers, floored by BigInt division (both are never negative).
  const pence = schedule.map((i) =>
    i.share_kind === "percent" ? Number((BigInt(totalPence) * BigInt(hundredthsOf(i))) / 10_000n) : hundredthsOf(i),
  );
  const percentHundredths = schedule.reduce((sum, i) => sum + (i.share_kind === "percent" ? hundredthsOf(i) : 0), 0);
  const inPounds = schedule.some((i) => i.share_kind === "amount");
  const sum = pence.reduce((a, b) => a + b, 0);
  const addsUp = schedule.length > 0 && (inPounds ? sum === totalPence : percentHundredths === 10_000);
  if (addsUp && !inPounds) pence[pence.length - 1] += totalPence - sum;
  return {
    instalments: schedule.map((i, n) => ({
      ...i,
      amount: total === null && i.share_kind === "percent" ? null : pence[n] / 100,
    })),
    percent: percentHundredths / 100,
    off_by: addsUp ? 0 : (totalPence - sum) / 100,
    adds_up: addsUp,
  };
}

/** 123456 → "1,234.56" */
const grouped = (digits: number) => String(digits).replace(/\B(?=(\d{3})+$)/g, ",");
/** Pounds as the schedule's messages say them, "£1,200.00", written by hand: no Intl is loaded for it in the browser. */
export function poundsText(pounds: number, { wholeAsPounds = false } = {}): string {
  const pence = Math.round(Math.abs(pounds) * 100);
  const whole = Math.floor(pence / 100);
  const part = pence % 100;
  const text = wholeAsPounds && part === 0 ? `£${grouped(whole)}` : `£${grouped(whole)}.${String(part).padStart(2, "0")}`;
  return pounds < 0 ? `-${text}` : text;
}

/** A share as the CRM and the client read it: "50%" or "£1,200.00". */
export const shareText = (i: ScheduleShare) => (i.share_kind === "percent" ? `${i.share}%` : poundsText(i.share));

export const SCHEDULE_ADDS_UP = "Adds up to the total";

/**
 * What is wrong with a schedule's sum, in words the form and the API both use; null when it adds up.
 * "The payment schedule is £120.00 short of the total" (or "over"); a schedule of percentages says
 * what they make, and says only that where the pounds cannot tell (no total, or pennies of one).
 */
export function scheduleProblem(
  check: Pick<ScheduleCheck<ScheduleShare>, "adds_up" | "off_by" | "percent" | "instalments">,
): string | null {
  if (check.adds_up) return null;
  if (check.instalments.length === 0) return "Add at least one instalment";
  const percentOnly = check.instalments.every((i) => i.share_kind === "percent");
  const pounds = (off: number) => `The payment schedule is ${poundsText(Math.abs(off))} ${off > 0 ? "short of" : "over"} the total`;
  if (!percentOnly) return pounds(check.off_by);
  const sameWay = check.percent < 100 ? check.off_by > 0 : check.off_by < 0;
  return sameWay
    ? `${pounds(check.off_by)}: its percentages add up to ${check.percent}%`
    : `The payment schedule's percentages add up to ${check.percent}%, not 100%`;
}

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
