/**
 * The money reconciles, whatever happens to an invoice: for any sequence of payments (by staff, or
 * through Stripe's webhook) and refunds, the balance is the total less what arrived plus what was
 * refunded, the invoice is Paid exactly when that balance is 0 or less, and the dashboard's cash
 * received this month equals the payments' sum in the month, less its refunds. The expected
 * figures are worked out here from the sequence, not read from the service.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { reset } from "cloudflare:test";
import { expectJson, signInAs } from "../support/helpers";
import { migrateFresh } from "../support/fresh-database";
import { createDb } from "../../../worker/platform/db";
import { getDashboard } from "../../../worker/modules/dashboard";
import { londonToday } from "../../../worker/platform/time";
import { stripeStandIn } from "./stripe-support";
import { deliver } from "./stripe-support";

const RUNS = Number(env.FC_RUNS || 12);

type Step = { kind: "staff"; pence: number } | { kind: "stripe"; pence: number; refund: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("staff" as const), pence: fc.integer({ min: 1, max: 80_000 }) }),
  // A Stripe payment of what is due, then refunded by `refund` pence of it (0: not refunded).
  fc.record({ kind: fc.constant("stripe" as const), pence: fc.constant(0), refund: fc.integer({ min: 0, max: 100_000 }) }),
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an invoice's balance", () => {
  it("is the total less payments plus refunds, Paid iff it is 0 or less, and the dashboard's cash is the payments' sum", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 150_000 }), fc.array(step, { minLength: 1, maxLength: 6 }), async (totalPence, steps) => {
        await reset();
        await migrateFresh();
        vi.restoreAllMocks();
        const standIn = stripeStandIn();
        const staff = await signInAs("Owner");
        const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name: "Property Client" } }), 201);
        const today = londonToday();
        let { invoice } = await expectJson(
          staff.api.crm.invoices.$post({
            json: { number: "INV-PROP-1", client_id: client.id, total: totalPence / 100, date: today, due_date: "2099-12-31", status: "Sent" },
          }),
          201,
        );
        let received = 0;
        let refunded = 0;
        for (const s of steps) {
          const due = totalPence - received + refunded;
          if (s.kind === "staff") {
            const res = await staff.api.crm.invoices[":id"].payments.$post({
              param: { id: invoice.id },
              json: { amount: s.pence / 100, date: today, method: "Bank transfer", updated_at: invoice.updated_at },
            });
            expect(res.status).toBe(201);
            received += s.pence;
          } else {
            if (due <= 0) continue;
            const session = {
              id: `cs_test_${crypto.randomUUID().slice(0, 12)}`,
              object: "checkout.session",
              amount_total: due,
              currency: "gbp",
              metadata: { invoice_id: invoice.id },
              payment_status: "unpaid",
              status: "open",
            };
            const { session: paid, charge } = standIn.complete(session);
            const signed = await standIn.signedEvent("checkout.session.completed", paid);
            expect((await deliver(signed.payload, signed.signature)).status).toBe(200);
            received += due;
            const back = Math.min(s.refund, due);
            if (back > 0) {
              const r = await standIn.signedEvent("charge.refunded", { ...charge, amount_refunded: back });
              expect((await deliver(r.payload, r.signature)).status).toBe(200);
              refunded += back;
            }
          }
          invoice = (await expectJson(staff.api.crm.invoices[":id"].$get({ param: { id: invoice.id } }), 200)).invoice;
          const balance = totalPence - received + refunded;
          const { money } = await expectJson(staff.api.crm.invoices[":id"].payments.$get({ param: { id: invoice.id } }), 200);
          expect(money).toEqual({
            total: totalPence / 100,
            paid: (received - refunded) / 100,
            balance: Math.max(balance, 0) / 100,
            overpaid: Math.max(-balance, 0) / 100,
            credited: 0,
          });
          expect(invoice.status === "Paid", `balance ${balance}p`).toBe(balance <= 0);
          const { cash } = await getDashboard(createDb(env.DB), staff.id);
          expect(cash.received_this_month.value).toBe((received - refunded) / 100);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});
