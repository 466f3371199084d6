/**
 * The last-instalment rule (docs/decisions/0063): for any schedules of the proposals accepted on a
 * project and any order of triggers (acceptances, days passing, the launch approval, completion,
 * retries of any of them), the documents raised add up exactly to the accepted totals once every
 * trigger has fired, and never to more before. The model raises exactly as the worker does
 * (instalments.ts: the same `instalmentAmount`, one instalment at a time, each at most once); the
 * worker tests prove the service raises by it ("the last instalment" in instalments.test.ts).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { env } from "cloudflare:workers";
import { instalmentAmount } from "../../../worker/modules/instalments";
import { scheduleAmounts, type PaymentDue, type PaymentInstalment } from "../../../contract/payment-schedule-values";

const RUNS = Number(env.FC_RUNS || 200);

/** A schedule for a total in pence: all percentages making 100%, or amounts in pounds making the total. */
const scheduleFor = (totalPence: number) =>
  fc
    .record({
      parts: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 }),
      inPounds: fc.boolean(),
      dues: fc.array(fc.constantFrom<PaymentDue>("on_acceptance", "on_launch_approval", "on_completion", "on_date"), {
        minLength: 6,
        maxLength: 6,
      }),
      days: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 6, maxLength: 6 }),
    })
    .map(({ parts, inPounds, dues, days }) => {
      const sum = parts.reduce((a, b) => a + b, 0);
      const unit = inPounds ? totalPence : 10_000;
      // Whole shares of `unit`, the rounding left on the last, so they make it exactly.
      const shares = parts.map((p) => Math.floor((p * unit) / sum));
      shares[shares.length - 1] += unit - shares.reduce((a, b) => a + b, 0);
      return shares.map((share, n): PaymentInstalment => ({
        label: `I${n}`,
        share_kind: inPounds ? "amount" : "percent",
        share: share / 100,
        due: dues[n],
        due_date: dues[n] === "on_date" ? `2030-01-0${days[n] + 1}` : null,
      }));
    })
    // A share in pounds must be more than £0, as the schema says.
    .filter((s) => s.every((i) => i.share > 0));

const proposal = fc.integer({ min: 1, max: 5_000_000 }).chain((pence) => scheduleFor(pence).map((schedule) => ({ pence, schedule })));

type Trigger = { kind: "accept"; n: number } | { kind: "day" } | { kind: "approve" } | { kind: "complete" } | { kind: "retry" };
const trigger = fc.oneof(
  fc.integer({ min: 0, max: 2 }).map((n): Trigger => ({ kind: "accept", n })),
  fc.constant<Trigger>({ kind: "day" }),
  fc.constant<Trigger>({ kind: "approve" }),
  fc.constant<Trigger>({ kind: "complete" }),
  fc.constant<Trigger>({ kind: "retry" }),
);

interface Fixed {
  scheduled: number;
  due: PaymentDue;
  day: number | null;
  raised: boolean;
}

/** One project, as the worker keeps it: the instalments its acceptances fixed, and what was raised. */
class Project {
  fixed: Fixed[] = [];
  documents: number[] = [];
  accepted = new Set<number>();
  today = -1;
  approved = false;
  completed = false;

  acceptedPence = () => this.fixed.reduce((a, i) => a + i.scheduled, 0);
  raisedPence = () => this.documents.reduce((a, b) => a + b, 0);

  /** One raise: the rule, and nothing when nothing is owed (the instalment then waits). */
  raise(i: Fixed) {
    if (i.raised) return;
    const amount = instalmentAmount({
      scheduled: i.scheduled,
      accepted: this.acceptedPence(),
      raised: this.raisedPence(),
      othersWaiting: this.fixed.filter((x) => x !== i && !x.raised).length,
    });
    if (amount <= 0) return;
    this.documents.push(amount);
    i.raised = true;
  }

  isDue = (i: Fixed) =>
    i.due === "on_acceptance" ||
    (i.due === "on_launch_approval" && this.approved) ||
    (i.due === "on_completion" && this.completed) ||
    (i.due === "on_date" && i.day !== null && i.day <= this.today);

  accept(n: number, p: { pence: number; schedule: PaymentInstalment[] }) {
    if (this.accepted.has(n)) return; // A second acceptance fixes nothing more.
    this.accepted.add(n);
    const priced = scheduleAmounts(p.schedule, p.pence / 100).instalments;
    const added = priced.map((i) => ({
      scheduled: Math.round((i.amount ?? 0) * 100),
      due: i.due,
      day: i.due_date ? Number(i.due_date.slice(-2)) - 1 : null,
      raised: false,
    }));
    this.fixed.push(...added);
    for (const i of added) if (this.isDue(i)) this.raise(i);
  }

  run(t: Trigger, proposals: { pence: number; schedule: PaymentInstalment[] }[]) {
    if (t.kind === "accept") return this.accept(t.n % proposals.length, proposals[t.n % proposals.length]);
    if (t.kind === "day") this.today++;
    if (t.kind === "approve") this.approved = true;
    if (t.kind === "complete") this.completed = true;
    // Each event (and a retry of any) raises whatever of it is waiting; the daily job runs on every event.
    for (const i of this.fixed) if (this.isDue(i)) this.raise(i);
  }
}

describe("the last instalment", () => {
  it("makes what is raised add up to the accepted totals once every trigger has fired, and never more before", () => {
    fc.assert(
      fc.property(fc.array(proposal, { minLength: 1, maxLength: 3 }), fc.array(trigger, { maxLength: 25 }), (proposals, triggers) => {
        const project = new Project();
        for (const t of triggers) {
          project.run(t, proposals);
          expect(project.raisedPence()).toBeLessThanOrEqual(project.acceptedPence());
        }
        // Then everything: every proposal accepted, the launch approved, the project completed, every date passed.
        proposals.forEach((p, n) => project.accept(n, p));
        for (const t of ["approve", "complete"] as const) project.run({ kind: t }, proposals);
        for (let d = 0; d < 10; d++) project.run({ kind: "day" }, proposals);
        project.run({ kind: "retry" }, proposals);
        const total = proposals.reduce((a, p) => a + p.pence, 0);
        expect(project.acceptedPence()).toBe(total);
        expect(project.raisedPence()).toBe(total);
      }),
      { numRuns: RUNS },
    );
  });

  it("takes what is left when it is the last one waiting, and never more than its share before", () => {
    expect(instalmentAmount({ scheduled: 1000, accepted: 5000, raised: 3000, othersWaiting: 0 })).toBe(2000);
    expect(instalmentAmount({ scheduled: 1000, accepted: 5000, raised: 4500, othersWaiting: 1 })).toBe(500);
    expect(instalmentAmount({ scheduled: 1000, accepted: 5000, raised: 6000, othersWaiting: 0 })).toBe(0);
  });
});
