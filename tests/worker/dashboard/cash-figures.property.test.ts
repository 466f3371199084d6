/**
 * The dashboard's cash figures reconcile with the invoices behind them, whatever they are: generated
 * invoices of every status, and instalments of accepted schedules waiting or raised, dated around
 * London's month ends and clock changes, read at generated moments. The expected figures are worked out here from the invoices as the Invoices page lists
 * them, with the same helpers it uses (isOwed, isLate, sumTotals), not with the service's SQL.
 */
import { reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createDb } from "../../../worker/platform/db";
import { getDashboard } from "../../../worker/modules/dashboard";
import { CASH_EXPECTED_DAYS } from "../../../contract/dashboard";
import { invoiceStatuses, isLate, isOwed, sumTotals } from "../../../contract/invoice-values";
import { expectJson, signInAs } from "../support/helpers";
import { migrateFresh } from "../support/fresh-database";

const RUNS = Number(env.FC_RUNS || 15);

const day = (from: string, to: string) =>
  fc
    .integer({ min: Date.parse(`${from}T12:00:00Z`), max: Date.parse(`${to}T12:00:00Z`) })
    .map((t) => new Date(t).toISOString().slice(0, 10));
const invoicePlan = fc.record({
  status: fc.constantFrom(...invoiceStatuses),
  pence: fc.integer({ min: 1, max: 2_000_000 }),
  date: day("2026-08-01", "2026-12-31"),
  dueAfter: fc.integer({ min: 0, max: 60 }),
  paidAfter: fc.integer({ min: 0, max: 90 }),
});
const instalmentPlan = fc.record({
  due: fc.constantFrom("on_date" as const, "on_launch_approval" as const),
  pence: fc.integer({ min: 1, max: 2_000_000 }),
  date: day("2026-08-01", "2027-03-31"),
  raised: fc.boolean(),
});
// Moments around the month ends (London midnight is 23:00 UTC in summer) and the October clock change.
const moment = fc.oneof(
  fc.integer({ min: Date.parse("2026-09-01T00:00:00Z"), max: Date.parse("2027-01-31T00:00:00Z") }),
  fc
    .constantFrom("2026-09-30T22:59:59Z", "2026-09-30T23:00:00Z", "2026-10-25T01:30:00Z", "2026-10-31T23:59:59Z", "2026-11-01T00:00:00Z")
    .map(Date.parse),
);
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const londonDay = (t: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(t);
const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
  return Math.round(mid * 10) / 10;
};

describe("the dashboard's cash figures", () => {
  it("reconcile with the invoices behind them, at any moment", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(invoicePlan, { minLength: 1, maxLength: 12 }),
        fc.array(moment, { minLength: 1, maxLength: 3 }),
        fc.array(instalmentPlan, { maxLength: 6 }),
        async (plans, moments, schedule) => {
          await reset();
          await migrateFresh();
          const owner = await signInAs("Owner");
          const { client } = await expectJson(owner.api.crm.clients.$post({ json: { name: "Cash Client" } }), 201);
          const now = new Date().toISOString();
          const ids = plans.map(() => crypto.randomUUID());
          await env.DB.batch(
            plans.map((p, i) =>
              env.DB.prepare(
                `INSERT INTO invoices (id, number, client_id, lines, total, date, due_date, status, paid_date, created_at, updated_at)
                 VALUES (?, ?, ?, '[]', ?, ?, ?, ?, ?, ?, ?)`,
              ).bind(
                ids[i],
                `INV-${i}`,
                client.id,
                p.pence / 100,
                p.date,
                plusDays(p.date, p.dueAfter),
                p.status,
                p.status === "Paid" ? plusDays(p.date, p.paidAfter) : null,
                now,
                now,
              ),
            ),
          );
          // A Paid invoice has the payment that paid it (docs/decisions/0064-payments-and-stripe.md).
          const paidPlans = plans.flatMap((p, i) => (p.status === "Paid" ? [{ p, id: ids[i] }] : []));
          if (paidPlans.length)
            await env.DB.batch(
              paidPlans.map(({ p, id }) =>
                env.DB.prepare(
                  `INSERT INTO payments (id, invoice_id, amount, date, method, state, recorded_by) VALUES (?, ?, ?, ?, 'Bank transfer', 'succeeded', 'Test')`,
                ).bind(crypto.randomUUID(), id, p.pence / 100, plusDays(p.date, p.paidAfter)),
              ),
            );
          if (schedule.length) {
            const { proposal } = await expectJson(
              owner.api.crm.proposals.$post({
                json: {
                  title: "Care plan",
                  client_id: client.id,
                  lines: [{ description: "Site", quantity: 1, unit_price: 100 }],
                  valid_until: "2099-12-31",
                },
              }),
              201,
            );
            await env.DB.batch(
              schedule.map((s, i) =>
                env.DB.prepare(
                  "INSERT INTO instalments (id, proposal_id, position, label, amount, due, due_date, raised_at) VALUES (?, ?, ?, 'Part', ?, ?, ?, ?)",
                ).bind(
                  crypto.randomUUID(),
                  proposal.id,
                  i,
                  s.pence / 100,
                  s.due,
                  s.due === "on_date" ? s.date : null,
                  s.raised ? now : null,
                ),
              ),
            );
          }
          // The records as the Invoices page reads them.
          const { invoices } = await expectJson(owner.api.crm.invoices.$get(), 200);
          const db = createDb(env.DB);
          for (const t of moments.map((m) => new Date(m))) {
            const today = londonDay(t);
            const month = today.slice(0, 7);
            const until = plusDays(today, CASH_EXPECTED_DAYS);
            const paid = invoices.filter((i) => i.status === "Paid" && i.paid_date);
            const received = paid.filter((i) => i.paid_date!.startsWith(month));
            const late = invoices.filter((i) => isLate(i, today));
            const soon = invoices.filter((i) => isOwed(i) && !isLate(i, today) && i.due_date <= until);
            // Waiting with a date by the window's end: the job raises one already past within the hour.
            const waiting = schedule.filter((s) => s.due === "on_date" && !s.raised && s.date <= until);
            const expectedPence = Math.round(sumTotals(soon) * 100) + waiting.reduce((n, s) => n + s.pence, 0);
            const days = paid
              .filter((i) => i.paid_date! >= i.date)
              .map((i) => (Date.parse(i.paid_date!) - Date.parse(i.date)) / 86_400_000);
            const { cash } = await getDashboard(db, owner.id, t);
            expect(cash, `at ${t.toISOString()}`).toEqual({
              received_this_month: { month, value: sumTotals(received), count: received.length },
              expected: { days: CASH_EXPECTED_DAYS, until, value: expectedPence / 100, count: soon.length, instalments: waiting.length },
              overdue: { value: sumTotals(late), count: late.length },
              median_days_to_paid: { days: median(days), paid: days.length },
            });
            // The overdue figure is the Overdue invoices list's, to the penny and the count.
            const { lists } = await getDashboard(db, owner.id, t);
            expect(lists.overdue_invoices.total).toBe(cash.overdue.count);
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
