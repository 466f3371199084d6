/**
 * The money reconciles, whatever happened: a property test over generated studios. Leads start in
 * every status with a deal value or none, move about (Lost ones included), and get proposals that
 * are accepted every way the CRM knows (the Accept button, an edit to Accepted, made Accepted, the
 * client's own page) or are left Sent, or accepted and then un-accepted. Each lead is then dated,
 * created and closed across London's months and its clock changes. At every generated moment:
 *
 * - each lead is worth its accepted proposals' sum (or, with none, what it was worth);
 * - the dashboard's won this month (and last month) is the sum of the values of the leads closed
 *   Won in that London month, worked out here from the rows with Intl, not with the service's ranges;
 * - each board column's total and count are those of its cards, every card paged in;
 * - the funnel counts every lead that reached a stage, Lost ones at the stage they had got to, so
 *   New is reached by every lead, and its Conversion Rate is the pipeline's.
 *
 * FC_RUNS=100 npx vitest run tests/worker/dashboard/won-figures.property.test.ts runs it longer.
 */
import { reset } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createDb } from "../../../worker/platform/db";
import { getDashboard } from "../../../worker/modules/dashboard";
import { boardColumns, leadStatuses, type LeadStatus } from "../../../contract/lead-statuses";
import { expectJson, freshIp, rows, signInAs, type Staff } from "../support/helpers";
import { migrateFresh } from "../support/fresh-database";

const RUNS = Number(env.FC_RUNS || 15);

/** Pounds to the penny, from 1p to £50,000. */
const pounds = fc.integer({ min: 1, max: 5_000_000 }).map((p) => p / 100);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** How a proposal is answered: accepted one of four ways, left Sent, or accepted and then un-accepted. */
const answers = ["button", "edit", "created", "online", "sent", "unaccepted"] as const;
type Answer = (typeof answers)[number];

const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ move: fc.constantFrom(...leadStatuses) }) },
  { weight: 2, arbitrary: fc.record({ proposal: pounds, answer: fc.constantFrom(...answers) }) },
);

// Instants from November 2025 to March 2027, and more often at the edges that matter: London's
// month boundaries in summer and winter time, and the hours its clocks change.
const FROM = Date.parse("2025-11-01T00:00:00.000Z");
const TO = Date.parse("2027-03-31T23:00:00.000Z");
const edges = [
  "2026-03-29T00:59:59.999Z", // 00:59 GMT, then the clocks go forward
  "2026-03-29T01:00:00.000Z", // 02:00 BST
  "2026-03-31T22:59:59.999Z", // 31 March 23:59 BST
  "2026-03-31T23:00:00.000Z", // 1 April 00:00 BST
  "2026-09-30T22:59:59.999Z",
  "2026-09-30T23:00:00.000Z", // 1 October 00:00 BST
  "2026-10-25T00:30:00.000Z", // 01:30 BST, the first time
  "2026-10-25T01:30:00.000Z", // 01:30 GMT, the second time
  "2026-10-31T23:59:59.999Z",
  "2026-11-01T00:00:00.000Z", // 1 November 00:00 GMT
  "2026-12-31T23:59:59.999Z",
  "2027-01-01T00:00:00.000Z",
].map(Date.parse);
const instant = fc
  .oneof(
    { weight: 2, arbitrary: fc.integer({ min: FROM, max: TO }) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...edges), fc.integer({ min: -2, max: 2 })).map(([t, d]) => t + d) },
  )
  .map((t) => new Date(t));

const leadPlan = fc.record({
  start: fc.constantFrom(...leadStatuses),
  value: fc.option(pounds, { nil: null }),
  steps: fc.array(step, { maxLength: 5 }),
  created: instant,
  // How long after its creation it closed, if it is closed: up to about four months.
  closedAfter: fc.integer({ min: 0, max: 120 * 86_400_000 }),
});
const studio = fc.record({
  leads: fc.array(leadPlan, { minLength: 1, maxLength: 7 }),
  moments: fc.array(instant, { minLength: 1, maxLength: 4 }),
});
type LeadPlan = typeof leadPlan extends fc.Arbitrary<infer T> ? T : never;

/** What a lead should be after its steps, kept by the test from what it did, not read from the CRM. */
interface Expected {
  id: string;
  status: LeadStatus;
  value: number | null;
  /** Every status it has had. */
  visited: Set<LeadStatus>;
}

const londonMonth = (d: Date | string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" }).format(new Date(d)).slice(0, 7);
const previousMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
};

/** A browser's plain form post on the client's page, as with JavaScript off. */
const formPost = (path: string, fields: Record<string, string>) =>
  exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
    body: new URLSearchParams(fields),
  });

async function acceptOnline(owner: Staff, proposalId: string) {
  const { url } = await expectJson(owner.api.crm.proposals[":id"].share.$post({ param: { id: proposalId } }), 201);
  const path = new URL(url).pathname;
  const page = await exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": freshIp() } });
  expect(page.status).toBe(200);
  const version = /name="version" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  expect((await formPost(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version })).status).toBe(303);
}

/** Makes the lead through the API and runs its steps, keeping what it should now be. */
async function play(owner: Staff, plan: LeadPlan, n: number): Promise<Expected> {
  const { crm } = owner.api;
  const { lead } = await expectJson(crm.leads.$post({ json: { name: `Lead ${n}`, status: plan.start, value: plan.value } }), 201);
  const e: Expected = { id: lead.id, status: plan.start, value: plan.value, visited: new Set([plan.start]) };
  const accepted = new Map<string, number>();
  const won = () => {
    e.status = "Won";
    e.visited.add("Won");
  };
  for (const s of plan.steps) {
    if ("move" in s) {
      const param = { id: lead.id };
      const { lead: now } = await expectJson(crm.leads[":id"].$get({ param }), 200);
      await expectJson(crm.leads[":id"].$patch({ param, json: { status: s.move, updated_at: now.updated_at } }), 200);
      e.status = s.move;
      e.visited.add(s.move);
      continue;
    }
    const answer: Answer = s.answer;
    const initial =
      answer === "created" || answer === "unaccepted" ? "Accepted" : answer === "edit" || answer === "online" ? "Draft" : "Sent";
    const { proposal } = await expectJson(
      crm.proposals.$post({
        json: {
          title: `Proposal ${n}.${accepted.size}`,
          lead_id: lead.id,
          status: initial,
          lines: [{ description: "Website", quantity: 1, unit_price: s.proposal }],
        },
      }),
      201,
    );
    const param = { id: proposal.id };
    const setStatus = (status: "Accepted" | "Rejected") =>
      expectJson(crm.proposals[":id"].$patch({ param, json: { status, updated_at: proposal.updated_at } }), 200);
    if (answer === "button") await expectJson(crm.proposals[":id"].accept.$post({ param, json: { updated_at: proposal.updated_at } }), 200);
    if (answer === "edit") await setStatus("Accepted");
    if (answer === "online") await acceptOnline(owner, proposal.id);
    if (answer === "unaccepted") {
      won();
      accepted.set(proposal.id, s.proposal);
      e.value = round2([...accepted.values()].reduce((a, b) => a + b, 0));
      await setStatus("Rejected");
      accepted.delete(proposal.id);
    }
    if (answer !== "sent" && answer !== "unaccepted") {
      won();
      accepted.set(proposal.id, s.proposal);
    }
    // Worth its accepted proposals' sum; with none left, what it was worth.
    if (accepted.size) e.value = round2([...accepted.values()].reduce((a, b) => a + b, 0));
  }
  return e;
}

/** When each lead arrived and, if closed, closed: the CRM stamps now, so the test dates them as generated. */
async function date(e: Expected, plan: LeadPlan) {
  const created = plan.created.toISOString();
  const closed = e.status === "Won" || e.status === "Lost" ? new Date(plan.created.getTime() + plan.closedAfter).toISOString() : null;
  await env.DB.prepare("UPDATE leads SET created_at = ?, closed_at = ? WHERE id = ?").bind(created, closed, e.id).run();
}

const RANK: Record<LeadStatus, number> = { New: 0, Qualified: 1, "Proposal Sent": 2, Negotiation: 3, Won: 3, Lost: 0 };
const FUNNEL = ["New", "Qualified", "Proposal Sent", "Negotiation", "Won"] as const;

describe("the won figures, the board and the funnel", () => {
  it(
    "reconcile with the leads and proposals behind them, at any moment",
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(studio, async (s) => {
          await reset();
          await migrateFresh();
          runs++;
          const owner = await signInAs("Owner", "Hannah Whitaker");
          const expected: Expected[] = [];
          for (const [i, plan] of s.leads.entries()) {
            const e = await play(owner, plan, i);
            await date(e, plan);
            expected.push(e);
          }

          // Each lead is Won or not as its steps left it, worth what was accepted.
          const stored = await rows<{ id: string; status: LeadStatus; value: number | null; closed_at: string | null }>(
            "SELECT id, status, value, closed_at FROM leads",
          );
          const byId = new Map(stored.map((r) => [r.id, r]));
          for (const e of expected) expect(byId.get(e.id), e.id).toMatchObject({ status: e.status, value: e.value });

          // The dashboard's won this month and last month, at every moment.
          const db = createDb(env.DB);
          for (const moment of s.moments) {
            const d = await getDashboard(db, owner.id, moment);
            const month = londonMonth(moment);
            const wonIn = (m: string) => {
              const closed = expected.filter((e) => e.status === "Won" && londonMonth(byId.get(e.id)!.closed_at!) === m);
              return { month: m, value: round2(closed.reduce((n, e) => n + (e.value ?? 0), 0)), count: closed.length };
            };
            expect(d.tiles.won_this_month, `at ${moment.toISOString()}`).toEqual(wonIn(month));
            expect(d.tiles.won_last_month, `at ${moment.toISOString()}`).toEqual(wonIn(previousMonth(month)));
            expect(d.revenue.find((r) => r.month === month)?.won).toBe(wonIn(month).value);
          }

          // Every board column's total and count are its cards', every card paged in as Show more does.
          const { leads } = owner.api.crm;
          const board = await expectJson(leads.board.$get({ query: { per_column: "2" } }), 200);
          for (const column of board.columns) {
            const cards: { id: string; value: number | null }[] = [...column.leads];
            while (cards.length < column.count) {
              const page = await expectJson(
                leads.$get({ query: { status: column.status, offset: String(cards.length), limit: "2" } }),
                200,
              );
              expect(page.leads.length, column.status).toBeGreaterThan(0);
              cards.push(...page.leads);
            }
            const mine = expected.filter((e) => e.status === column.status);
            expect(cards.map((c) => c.id).sort(), column.status).toEqual(mine.map((e) => e.id).sort());
            expect(column.value, column.status).toBe(round2(cards.reduce((n, c) => n + (c.value ?? 0), 0)));
            expect(column.count, column.status).toBe(cards.length);
          }

          // The funnel: every lead that reached a stage, Lost ones at the stage they had got to.
          const d = await getDashboard(db, owner.id);
          const won = expected.filter((e) => e.status === "Won").length;
          const furthest = (e: Expected) => Math.max(...[...e.visited].map((v) => RANK[v]));
          const reached = FUNNEL.map((stage, i) =>
            stage === "Won" ? won : won + expected.filter((e) => e.status !== "Won" && furthest(e) >= i).length,
          );
          expect(d.funnel.map((f) => [f.status, f.reached])).toEqual([...FUNNEL.map((stage, i) => [stage, reached[i]]), ["Lost", null]]);
          expect(d.funnel[0].reached).toBe(expected.length);
          for (const status of boardColumns.map((c) => c.status))
            expect(d.funnel.find((f) => f.status === status)?.count).toBe(expected.filter((e) => e.status === status).length);
          // One Conversion Rate: the dashboard's is the pipeline's, Won ÷ all leads.
          expect(d.conversion).toEqual({ won, leads: expected.length, rate: board.overview.conversion_rate });
          expect(board.overview.total_leads).toBe(expected.length);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(runs).toBe(RUNS);
    },
    10 * 60_000,
  );
});
