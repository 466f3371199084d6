/**
 * A proposal's payment schedule, its plain values and its one pricing function, apart from
 * payment-schedule.ts and its zod schemas, so a CRM page's first load can use them without zod
 * (docs/decisions/0026-crm-first-render.md). payment-schedule.ts re-exports them.
 *
 * One pure function, `scheduleAmounts`, turns a schedule and a total into pence-exact amounts and
 * says by how much the schedule is off; the CRM's form, the worker, the client's page and the
 * e-mail all read it, and `scheduleProblem` words what it found the same way for the form and the
 * API (docs/decisions/0061-payment-schedules.md).
 */
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

/** An instalment as stored: a label, its share of the total, and when it falls due (a date only for `on_date`). */
export interface PaymentInstalment {
  label: string;
  share_kind: ShareKind;
  share: number;
  due: PaymentDue;
  due_date: string | null;
}
export type PaymentSchedule = PaymentInstalment[];

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
