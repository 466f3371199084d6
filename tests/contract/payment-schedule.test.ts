/**
 * The payment schedule (contract/payment-schedule.ts, docs/decisions/0061-payment-schedules.md):
 * properties of the one function that prices a schedule, over generated schedules and totals, and
 * the rules a studio would expect of the form, each with an example.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  defaultPaymentSchedule,
  paymentDues,
  paymentInstalment,
  paymentSchedule,
  PAYMENT_INSTALMENTS_MAX,
  poundsText,
  scheduleAmounts,
  scheduleProblem,
  storedPaymentSchedule,
  suggestedLabel,
  TERMS_PAYMENT_SCHEDULE,
  type PaymentInstalmentInput,
  type ScheduleShare,
} from "../../contract/payment-schedule";
import { proposalInput, proposalPatch } from "../../contract/proposal";

const pence = (pounds: number) => Math.round(pounds * 100);
const sumPence = (amounts: (number | null)[]) => amounts.reduce<number>((s, a) => s + pence(a ?? 0), 0);
const percent = (share: number): ScheduleShare => ({ share_kind: "percent", share });
const pounds = (share: number): ScheduleShare => ({ share_kind: "amount", share });
const row = (share: ScheduleShare, due: PaymentInstalmentInput["due"] = "on_acceptance"): PaymentInstalmentInput => ({
  label: "Instalment",
  ...share,
  due,
  due_date: null,
});

/** A total in pence, up to £1,000,000,000 and often small, where rounding shows. */
const totalPence = fc.oneof(fc.integer({ min: 0, max: 100_000_000_000 }), fc.integer({ min: 0, max: 500 }));

/** `n` positive whole parts that add up to `whole` (n ≤ whole). */
const partsOf = (whole: number, n: number): fc.Arbitrary<number[]> =>
  n === 1
    ? fc.constant([whole])
    : fc
        .uniqueArray(fc.integer({ min: 1, max: whole - 1 }), { minLength: n - 1, maxLength: n - 1 })
        .map((cuts) => [0, ...cuts.sort((a, b) => a - b), whole])
        .map((edges) => edges.slice(1).map((e, i) => e - edges[i]));

/** Percentages (to the hundredth) that make 100%, in 1 to 12 instalments. */
const percentagesOf100 = fc.integer({ min: 1, max: PAYMENT_INSTALMENTS_MAX }).chain((n) => partsOf(10_000, n));

/** A schedule that adds up to the total in pence: all percentages, all pounds, or a mix whose amounts make the total. */
const addingUp = totalPence.chain((total) =>
  fc.oneof(
    percentagesOf100.map((parts) => ({ total, schedule: parts.map((p) => percent(p / 100)) })),
    ...(total >= 1
      ? [
          fc
            .integer({ min: 1, max: Math.min(PAYMENT_INSTALMENTS_MAX, total) })
            .chain((n) => partsOf(total, n))
            .map((parts) => ({ total, schedule: parts.map((p) => pounds(p / 100)) })),
        ]
      : []),
    // Some percentages first (together under 100%), then pounds for what they leave.
    fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 3 }).chain((ps) => {
      const left = total - ps.reduce((s, p) => s + Math.floor((total * p) / 10_000), 0);
      return left >= 1
        ? fc
            .integer({ min: 1, max: Math.min(PAYMENT_INSTALMENTS_MAX - ps.length, left) })
            .chain((n) => partsOf(left, n))
            .map((parts) => ({ total, schedule: [...ps.map((p) => percent(p / 100)), ...parts.map((p) => pounds(p / 100))] }))
        : fc.constant({ total, schedule: ps.map((p) => percent(p / 100)) });
    }),
  ),
);

/** Any schedule at all, as a form may hold it while being typed: odd, negative, blank, huge. */
const anyShare = fc.oneof(
  fc.record({
    share_kind: fc.constant("percent" as const),
    share: fc.oneof(
      fc.integer({ min: 0, max: 10_000 }).map((p) => p / 100),
      fc.double(),
    ),
  }),
  fc.record({
    share_kind: fc.constant("amount" as const),
    share: fc.oneof(
      fc.integer({ min: 0, max: 100_000_000_000 }).map((p) => p / 100),
      fc.double(),
    ),
  }),
);
const anySchedule = fc.array(anyShare, { maxLength: PAYMENT_INSTALMENTS_MAX + 2 });
const anyTotal = fc.oneof(
  totalPence.map((p) => p / 100),
  fc.constant(null),
);

describe("pricing a schedule (scheduleAmounts)", () => {
  it("a schedule that adds up gives amounts that add up to the total exactly, to the penny", () => {
    fc.assert(
      fc.property(addingUp, ({ total, schedule }) => {
        const check = scheduleAmounts(schedule, total / 100);
        if (!check.adds_up) return; // the mix above may leave nothing for pounds; covered by the others
        expect(check.off_by).toBe(0);
        expect(sumPence(check.instalments.map((i) => i.amount))).toBe(total);
      }),
      { numRuns: 500 },
    );
    // The generators mostly make schedules that add up, or the property proves little.
    const made = fc.sample(addingUp, 300).filter(({ total, schedule }) => scheduleAmounts(schedule, total / 100).adds_up);
    expect(made.length).toBeGreaterThan(250);
  });

  it("percentages are rounded down to the penny and the pennies left go on the last instalment", () => {
    fc.assert(
      fc.property(totalPence, percentagesOf100, (total, parts) => {
        const { instalments } = scheduleAmounts(
          parts.map((p) => percent(p / 100)),
          total / 100,
        );
        const amounts = instalments.map((i) => pence(i.amount!));
        parts.slice(0, -1).forEach((p, n) => expect(amounts[n]).toBe(Math.floor((total * p) / 10_000)));
        const last = parts[parts.length - 1];
        const exactLast = (total * last) / 10_000;
        expect(amounts[amounts.length - 1]).toBeGreaterThanOrEqual(Math.floor(exactLast));
        // What rounding left: less than a penny for each instalment before the last.
        expect(amounts[amounts.length - 1] - exactLast).toBeLessThan(parts.length);
      }),
      { numRuns: 300 },
    );
    expect(scheduleAmounts([percent(50), percent(50)], 1000.01).instalments.map((i) => i.amount)).toEqual([500, 500.01]);
    expect(scheduleAmounts([percent(33.33), percent(33.33), percent(33.34)], 100).instalments.map((i) => i.amount)).toEqual([
      33.33, 33.33, 33.34,
    ]);
  });

  it("no instalment is ever negative, whatever is typed and whatever the total", () => {
    fc.assert(
      fc.property(anySchedule, anyTotal, (schedule, total) => {
        for (const i of scheduleAmounts(schedule, total).instalments) expect(i.amount === null || i.amount >= 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("off by is exactly the total less the amounts shown, and 0 only when it adds up", () => {
    fc.assert(
      fc.property(anySchedule, anyTotal, (schedule, total) => {
        const check = scheduleAmounts(schedule, total);
        expect(Number.isInteger(pence(check.off_by))).toBe(true);
        expect(pence(check.off_by)).toBe(pence(total ?? 0) - sumPence(check.instalments.map((i) => i.amount)));
        if (check.adds_up) expect(check.off_by).toBe(0);
        if (schedule.some((i) => i.share_kind === "amount")) expect(check.adds_up).toBe(check.off_by === 0 && schedule.length > 0);
        else expect(check.adds_up).toBe(schedule.length > 0 && pence(check.percent) === 10_000);
      }),
      { numRuns: 500 },
    );
  });

  it("amounts in pounds are as given; with no total yet, percentages have no amount", () => {
    expect(scheduleAmounts([pounds(1000), percent(50)], 2000).instalments.map((i) => i.amount)).toEqual([1000, 1000]);
    expect(scheduleAmounts([percent(50), percent(50)], null)).toMatchObject({
      adds_up: true,
      off_by: 0,
      instalments: [{ amount: null }, { amount: null }],
    });
  });
});

describe("what the form and the API say (scheduleProblem)", () => {
  it("says by how much in pounds, short or over", () => {
    expect(scheduleProblem(scheduleAmounts([pounds(1000), pounds(1280)], 2400))).toBe("The payment schedule is £120.00 short of the total");
    expect(scheduleProblem(scheduleAmounts([percent(50), pounds(1320)], 2400))).toBe("The payment schedule is £120.00 over the total");
    expect(scheduleProblem(scheduleAmounts([pounds(1500)], null))).toBe("The payment schedule is £1,500.00 over the total");
  });

  it("for percentages, says what they add up to as well, or only that where there are no pounds to tell", () => {
    expect(scheduleProblem(scheduleAmounts([percent(50), percent(45)], 2400))).toBe(
      "The payment schedule is £120.00 short of the total: its percentages add up to 95%",
    );
    expect(scheduleProblem(scheduleAmounts([percent(60), percent(50)], 2400))).toBe(
      "The payment schedule is £240.00 over the total: its percentages add up to 110%",
    );
    expect(scheduleProblem(scheduleAmounts([percent(60), percent(50)], null))).toBe(
      "The payment schedule's percentages add up to 110%, not 100%",
    );
  });

  it("says nothing of one that adds up, mixing percentages and pounds", () => {
    expect(scheduleProblem(scheduleAmounts([percent(25), pounds(1800)], 2400))).toBeNull();
    expect(scheduleProblem(scheduleAmounts(TERMS_PAYMENT_SCHEDULE, 2400))).toBeNull();
  });

  it("writes pounds as the CRM does, by hand", () => {
    const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (p) => {
        expect(poundsText(p / 100)).toBe(gbp.format(p / 100));
      }),
    );
    expect(poundsText(1200, { wholeAsPounds: true })).toBe("£1,200");
    expect(poundsText(1200.5, { wholeAsPounds: true })).toBe("£1,200.50");
  });
});

describe("the rules a studio would expect", () => {
  const fields = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

  it("has at least one instalment and at most 12", () => {
    expect(fields(paymentSchedule.safeParse([]))).toEqual({ "": "Add at least one instalment" });
    expect(fields(paymentSchedule.safeParse(Array.from({ length: 13 }, () => row(percent(1)))))).toEqual({
      "": "A payment schedule has at most 12 instalments",
    });
    expect(paymentSchedule.safeParse(Array.from({ length: 12 }, () => row(percent(1)))).success).toBe(true);
  });

  it("takes a percentage over 0 and up to 100, to the hundredth; an amount over £0, in whole pence", () => {
    const share = (s: ScheduleShare) => fields(paymentInstalment.safeParse(row(s))).share;
    expect(share(percent(0))).toBe("A percentage must be more than 0%");
    expect(share(percent(100.01))).toBe("A percentage can be at most 100%");
    expect(share(percent(33.333))).toBe("Use at most two decimal places");
    expect(share(percent(100))).toBeUndefined();
    expect(share(pounds(0))).toBe("An amount must be more than £0");
    expect(share(pounds(10.005))).toBe("Use whole pence: at most two decimal places");
    expect(share(pounds(0.01))).toBeUndefined();
  });

  it("needs a label, a date that exists for 'on a date', and keeps no date for any other due", () => {
    expect(fields(paymentInstalment.safeParse({ ...row(percent(50)), label: " \u200b " })).label).toBe(
      "Give this instalment a label, such as Deposit",
    );
    const onDate = (due_date: string | null) => paymentInstalment.safeParse({ ...row(percent(50), "on_date"), due_date });
    expect(fields(onDate(null)).due_date).toBe("Choose the date it falls due");
    expect(fields(onDate("2027-02-30")).due_date).toBe("Enter a real date");
    expect(onDate("2027-01-15").data?.due_date).toBe("2027-01-15");
    expect(fields(onDate("15/01/2027")).due_date).toBe("Enter a date as YYYY-MM-DD");
    // Any other due drops the date, whatever it was: nothing to refuse there.
    expect(paymentInstalment.parse({ ...row(percent(50), "on_completion"), due_date: "2027-01-15" }).due_date).toBeNull();
    expect(paymentInstalment.parse({ ...row(percent(50), "on_completion"), due_date: "15/01/2027" }).due_date).toBeNull();
    expect(fields(paymentInstalment.safeParse({ ...row(percent(50)), due: "whenever" })).due).toBe("Choose when it falls due");
    expect(fields(paymentInstalment.safeParse({ ...row(percent(50)), amount: 5 }))).toHaveProperty("");
  });

  it("suggests Deposit, then Balance, then numbered instalments; the Terms are 50% on acceptance and 50% on launch approval", () => {
    expect(suggestedLabel([])).toBe("Deposit");
    expect(suggestedLabel(["Deposit"])).toBe("Balance");
    expect(suggestedLabel(["Deposit", "Balance"])).toBe("Instalment 3");
    expect(TERMS_PAYMENT_SCHEDULE.map((i) => [i.label, i.share, i.due])).toEqual([
      ["Deposit", 50, "on_acceptance"],
      ["Balance", 50, "on_launch_approval"],
    ]);
  });

  it("a default schedule is in percentages that make 100%, with no dates", () => {
    expect(defaultPaymentSchedule.safeParse(TERMS_PAYMENT_SCHEDULE).success).toBe(true);
    expect(fields(defaultPaymentSchedule.safeParse([row(pounds(500)), row(percent(50))]))).toEqual({
      "0.share_kind": "A default schedule is in percentages: each proposal's total differs",
    });
    expect(
      fields(defaultPaymentSchedule.safeParse([row(percent(50)), { ...row(percent(50), "on_date"), due_date: "2027-01-15" }])),
    ).toEqual({
      "1.due": "A date belongs to one proposal: choose it on the proposal",
    });
    expect(fields(defaultPaymentSchedule.safeParse([row(percent(50)), row(percent(40))]))).toEqual({
      "": "The payment schedule's percentages add up to 90%, not 100%",
    });
  });

  it("a proposal's schedule must add up to its lines' total; a patch of one without the other is left to the worker", () => {
    const proposal = { title: "Bakery website", lead_id: "lead-1", lines: [{ description: "Build", quantity: 1, unit_price: 2400 }] };
    expect(fields(proposalInput.safeParse({ ...proposal, payment_schedule: [row(pounds(1000)), row(pounds(1280))] }))).toEqual({
      payment_schedule: "The payment schedule is £120.00 short of the total",
    });
    expect(proposalInput.safeParse({ ...proposal, payment_schedule: [row(pounds(1000)), row(pounds(1400))] }).success).toBe(true);
    expect(proposalPatch.safeParse({ updated_at: "x", payment_schedule: [row(pounds(1000))] }).success).toBe(true);
    expect(fields(proposalPatch.safeParse({ updated_at: "x", value: 900, payment_schedule: [row(pounds(1000))] }))).toEqual({
      payment_schedule: "The payment schedule is £100.00 over the total",
    });
  });
});

describe("normalise → validate → store → read", () => {
  const hostile = fc.constantFrom(" ", "\u200b", "\u0001", "\u202e", "\r\n", "\t", "e\u0301", "😀", "");
  const label = fc
    .tuple(fc.array(hostile, { maxLength: 3 }), fc.string({ minLength: 0, maxLength: 70 }), fc.array(hostile, { maxLength: 3 }))
    .map(([a, b, c]) => [...a, b, ...c].join(""));
  const instalment = fc.record({
    label,
    share_kind: fc.constantFrom("percent" as const, "amount" as const),
    share: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100) },
      { weight: 1, arbitrary: fc.integer({ min: -100, max: 1_000_000 }).map((n) => n / 100) },
      { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    ),
    due: fc.constantFrom(...paymentDues),
    due_date: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("2027-01-15", "2028-02-29", null) },
      { weight: 1, arbitrary: fc.constantFrom("", undefined, "2027-02-30", "15/01/2027") },
    ),
  });

  it("gives back exactly what was stored, and storing it again changes nothing", () => {
    let stored = 0;
    fc.assert(
      fc.property(fc.array(instalment, { minLength: 1, maxLength: 4 }), (typed) => {
        const parsed = paymentSchedule.safeParse(typed);
        if (!parsed.success) return;
        stored++;
        const read = paymentSchedule.parse(JSON.parse(JSON.stringify(parsed.data)));
        expect(read).toEqual(parsed.data);
        // What the worker checks a stored one with, on the way out.
        expect(storedPaymentSchedule.parse(JSON.parse(JSON.stringify(parsed.data)))).toEqual(parsed.data);
        expect(paymentSchedule.parse(read)).toEqual(read);
      }),
      { numRuns: 1000 },
    );
    expect(stored).toBeGreaterThan(100);
  });
});
