/**
 * A proposal's payment schedule (docs/decisions/0061-payment-schedules.md): the studio's default on
 * a new proposal, a schedule that does not add up refused by how much, the client's page and the
 * copy they are sent after accepting, and an acceptance fixed to the schedule it was given with.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { countRows, errorOf, expectJson, rows, signInAs, uniqueEmail, unchecked, waitForMail, type Staff } from "../support/helpers";
import { STALE_PROPOSAL_MESSAGE } from "../../../contract/proposal";
import { TERMS_PAYMENT_SCHEDULE, type PaymentInstalmentInput } from "../../../contract/payment-schedule";
import type { InvoiceLine } from "../../../contract/invoice";

let staff: Staff;
let leadId = "";

beforeEach(async () => {
  staff = await signInAs("Sales");
  leadId = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Jo Carter", company: "Carter Bakes" } }), 201)).lead.id;
});

const priced = (total: number): InvoiceLine[] => [{ description: "Website", quantity: 1, unit_price: total }];
const instalment = (
  label: string,
  share: number,
  due: PaymentInstalmentInput["due"],
  { kind = "percent", date = null }: { kind?: "percent" | "amount"; date?: string | null } = {},
): PaymentInstalmentInput => ({ label, share_kind: kind, share, due, due_date: date });

const addProposal = async (json: { title?: string; lines?: InvoiceLine[]; payment_schedule?: PaymentInstalmentInput[] }) =>
  (await expectJson(staff.api.crm.proposals.$post({ json: { title: "Bakery website", lead_id: leadId, ...json } }), 201)).proposal;
const proposalOf = async (id: string) => (await expectJson(staff.api.crm.proposals[":id"].$get({ param: { id } }), 200)).proposal;
const patch = (id: string, json: Parameters<Staff["api"]["crm"]["proposals"][":id"]["$patch"]>[0]["json"]) =>
  staff.api.crm.proposals[":id"].$patch({ param: { id }, json });
const share = async (id: string) =>
  new URL((await expectJson(staff.api.crm.proposals[":id"].share.$post({ param: { id } }), 201)).url).pathname;
const open = async (path: string) => {
  const res = await exports.default.fetch(`http://localhost${path}`, { headers: { "CF-Connecting-IP": "198.51.100.9" } });
  expect(res.status).toBe(200);
  return res.text();
};
/** A browser's plain form post, as with JavaScript off. */
const post = (path: string, fields: Record<string, string>) =>
  exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.9" },
    body: new URLSearchParams(fields),
  });
const versionIn = (html: string) => /name="version" value="([^"]+)"/.exec(html)?.[1] ?? "";
const accept = (path: string, version: string) => post(`${path}/accept`, { full_name: "Jo Carter", agree: "yes", version });
const amounts = (p: { payment_schedule: { label: string; amount: number | null }[] }) => p.payment_schedule.map((i) => [i.label, i.amount]);

describe("a new proposal's payment schedule", () => {
  it("is the studio's default (the Terms' 50% on acceptance, 50% on launch approval), priced at its total", async () => {
    const p = await addProposal({ lines: priced(2400) });
    expect(p.payment_schedule).toEqual(TERMS_PAYMENT_SCHEDULE.map((i) => ({ ...i, amount: 1200 })));
    // With no lines yet the percentages have no amount, and the schedule is kept for when they come.
    const unpriced = await addProposal({});
    expect(amounts(unpriced)).toEqual([
      ["Deposit", null],
      ["Balance", null],
    ]);
    const { proposal } = await expectJson(patch(unpriced.id, { lines: priced(1000.01), updated_at: unpriced.updated_at }), 200);
    expect(amounts(proposal)).toEqual([
      ["Deposit", 500],
      ["Balance", 500.01],
    ]);
  });

  it("is the one given, when given: percentages and pounds may be mixed, and a date is kept for 'on a date'", async () => {
    const p = await addProposal({
      lines: priced(3000),
      payment_schedule: [
        instalment(" Deposit\u200b ", 500, "on_acceptance", { kind: "amount" }),
        instalment("Launch", 50, "on_launch_approval"),
        instalment("Balance", 1000, "on_date", { kind: "amount", date: "2027-01-15" }),
      ],
    });
    expect(p.payment_schedule).toEqual([
      { label: "Deposit", share_kind: "amount", share: 500, due: "on_acceptance", due_date: null, amount: 500 },
      { label: "Launch", share_kind: "percent", share: 50, due: "on_launch_approval", due_date: null, amount: 1500 },
      { label: "Balance", share_kind: "amount", share: 1000, due: "on_date", due_date: "2027-01-15", amount: 1000 },
    ]);
    expect(await proposalOf(p.id)).toEqual(p);
  });

  it("that does not add up to the total is refused, saying by how much, and nothing is stored", async () => {
    const before = await countRows("proposals");
    /** The fields a refused £2,400 proposal with this schedule is answered with. */
    const refused = async (payment_schedule: unknown) =>
      (
        await errorOf(
          staff.api.crm.proposals.$post({
            json: unchecked({ title: "Bakery website", lead_id: leadId, lines: priced(2400), payment_schedule }),
          }),
          422,
        )
      ).fields;
    expect(
      await refused([
        instalment("Deposit", 1000, "on_acceptance", { kind: "amount" }),
        instalment("Balance", 1280, "on_launch_approval", { kind: "amount" }),
      ]),
    ).toEqual({ payment_schedule: "The payment schedule is £120.00 short of the total" });
    expect(await refused([instalment("Deposit", 60, "on_acceptance"), instalment("Balance", 50, "on_launch_approval")])).toEqual({
      payment_schedule: "The payment schedule is £240.00 over the total: its percentages add up to 110%",
    });
    const bad = await refused([{ label: "", share_kind: "percent", share: 0, due: "on_date", due_date: null, paid: true }]);
    expect(bad).toMatchObject({ "payment_schedule.0.label": "Give this instalment a label, such as Deposit" });
    expect(bad).toHaveProperty(["payment_schedule.0"]);
    expect(await countRows("proposals")).toBe(before);
  });
});

describe("editing a proposal's payment schedule", () => {
  it("saves a new schedule priced at the total kept; one that does not add up to it is refused by how much, changing nothing", async () => {
    const p = await addProposal({ lines: priced(2400) });
    const { proposal } = await expectJson(
      patch(p.id, {
        payment_schedule: [
          instalment("Deposit", 30, "on_acceptance"),
          instalment("Launch", 40, "on_launch_approval"),
          instalment("Completion", 30, "on_completion"),
        ],
        updated_at: p.updated_at,
      }),
      200,
    );
    expect(amounts(proposal)).toEqual([
      ["Deposit", 720],
      ["Launch", 960],
      ["Completion", 720],
    ]);

    const refused = await errorOf(
      patch(p.id, {
        payment_schedule: [instalment("Deposit", 2000, "on_acceptance", { kind: "amount" })],
        updated_at: proposal.updated_at,
      }),
      422,
    );
    expect(refused.message).toBe("The payment schedule is £400.00 short of the total");
    expect(refused.fields).toEqual({ payment_schedule: "The payment schedule is £400.00 short of the total" });
    expect(await proposalOf(p.id)).toEqual(proposal);
  });

  it("a new total must suit the schedule kept: pounds that no longer add up refuse it, percentages follow it", async () => {
    const p = await addProposal({
      lines: priced(2400),
      payment_schedule: [
        instalment("Deposit", 1000, "on_acceptance", { kind: "amount" }),
        instalment("Balance", 1400, "on_launch_approval", { kind: "amount" }),
      ],
    });
    const refused = await errorOf(patch(p.id, { lines: priced(2600), updated_at: p.updated_at }), 422);
    expect(refused.fields).toEqual({ payment_schedule: "The payment schedule is £200.00 short of the total" });
    expect((await proposalOf(p.id)).value).toBe(2400);
    // Both at once, as the form sends them.
    const { proposal } = await expectJson(
      patch(p.id, {
        lines: priced(2600),
        payment_schedule: [
          instalment("Deposit", 1000, "on_acceptance", { kind: "amount" }),
          instalment("Balance", 1600, "on_completion", { kind: "amount" }),
        ],
        updated_at: p.updated_at,
      }),
      200,
    );
    expect(amounts(proposal)).toEqual([
      ["Deposit", 1000],
      ["Balance", 1600],
    ]);
    // The API's value alone, too.
    const percentages = await addProposal({ lines: priced(2400) });
    const revalued = await expectJson(patch(percentages.id, { value: 3000, updated_at: percentages.updated_at }), 200);
    expect(amounts(revalued.proposal)).toEqual([
      ["Deposit", 1500],
      ["Balance", 1500],
    ]);
  });

  it("refuses a stale copy with 409", async () => {
    const p = await addProposal({ lines: priced(2400) });
    await expectJson(patch(p.id, { title: "Renamed", updated_at: p.updated_at }), 200);
    await errorOf(patch(p.id, { payment_schedule: [instalment("All", 100, "on_acceptance")], updated_at: p.updated_at }), 409);
    expect(amounts(await proposalOf(p.id))).toEqual([
      ["Deposit", 1200],
      ["Balance", 1200],
    ]);
  });

  it("migration 0030 gives every earlier proposal the Terms' schedule", async () => {
    await env.DB.prepare(
      "INSERT INTO proposals (id, title, value, lines, status, lead_id, created_at, updated_at) VALUES ('old', 'Older proposal', 3000, ?, 'Sent', ?, ?, ?)",
    )
      .bind(JSON.stringify(priced(3000)), leadId, "2026-01-05T10:00:00.000Z", "2026-01-05T10:00:00.000Z")
      .run();
    expect((await proposalOf("old")).payment_schedule).toEqual(TERMS_PAYMENT_SCHEDULE.map((i) => ({ ...i, amount: 1500 })));
  });
});

describe("the client's page and their copy", () => {
  it("shows the schedule with its amounts in the client's words, server-written with no script", async () => {
    const p = await addProposal({ lines: priced(2400) });
    const html = await open(await share(p.id));
    expect(html).toContain("<p>£1,200 on acceptance · £1,200 when you approve your site for launch</p>");
    expect(html).toContain('<h2 id="schedule-heading">Payment schedule</h2>');
    expect(html).toContain('<td>Deposit<span class="each">50% · on acceptance</span></td><td class="num">£1,200.00</td>');
    expect(html).toContain(
      '<td>Balance<span class="each">50% · when you approve your site for launch</span></td><td class="num">£1,200.00</td>',
    );
    expect(html).not.toContain("<script");
  });

  it("says each due as the client would: on completion, on a date, and pennies where there are some", async () => {
    const p = await addProposal({
      lines: priced(2500.5),
      payment_schedule: [
        instalment("Deposit", 500, "on_acceptance", { kind: "amount" }),
        instalment("Launch", 1000.5, "on_date", { kind: "amount", date: "2027-01-15" }),
        instalment("Balance", 1000, "on_completion", { kind: "amount" }),
      ],
    });
    const html = await open(await share(p.id));
    expect(html).toContain("<p>£500 on acceptance · £1,000.50 on 15 January 2027 · £1,000 when your project is complete</p>");
    expect(html).toContain('<td>Launch<span class="each">on 15 January 2027</span></td><td class="num">£1,000.50</td>');
  });

  it("an acceptance of a page read before the schedule changed is refused as stale; the accepted schedule stays, whatever is edited later", async () => {
    const p = await addProposal({ lines: priced(2400) });
    const path = await share(p.id);
    const old = versionIn(await open(path));
    await expectJson(
      patch(p.id, {
        payment_schedule: [instalment("Deposit", 25, "on_acceptance"), instalment("Balance", 75, "on_launch_approval")],
        updated_at: (await proposalOf(p.id)).updated_at,
      }),
      200,
    );
    const stale = await accept(path, old);
    expect(stale.status).toBe(409);
    const page = await stale.text();
    expect(page).toContain(STALE_PROPOSAL_MESSAGE);
    expect(page).toContain("£600 on acceptance · £1,800 when you approve your site for launch");
    expect(await countRows("proposal_responses")).toBe(0);
    expect((await proposalOf(p.id)).status).toBe("Sent");

    expect((await accept(path, versionIn(page))).status).toBe(303);
    const [response] = await rows<{ snapshot: string }>("SELECT snapshot FROM proposal_responses");
    expect(JSON.parse(response.snapshot).payment_schedule.map((i: { share: number }) => i.share)).toEqual([25, 75]);
    // Edited after the acceptance: the client's page goes on showing what was accepted.
    await expectJson(patch(p.id, { payment_schedule: TERMS_PAYMENT_SCHEDULE, updated_at: (await proposalOf(p.id)).updated_at }), 200);
    expect(await open(path)).toContain("£600 on acceptance · £1,800 when you approve your site for launch");
  });

  it("the copy the client is sent after accepting lists each instalment with its amount and when it falls due", async () => {
    const to = uniqueEmail("jo-schedule");
    leadId = (await expectJson(staff.api.crm.leads.$post({ json: { name: "Jo Carter", email: to } }), 201)).lead.id;
    const p = await addProposal({
      lines: priced(2400),
      payment_schedule: [
        instalment("Deposit", 50, "on_acceptance"),
        instalment("Launch", 25, "on_launch_approval"),
        instalment("Completion", 600, "on_completion", { kind: "amount" }),
      ],
    });
    const path = await share(p.id);
    expect((await accept(path, versionIn(await open(path)))).status).toBe(303);
    // The deposit's invoice goes to them too (docs/decisions/0063): the copy is the other message.
    const copy = (await waitForMail(to, 2)).find((m) => m.headers.subject?.startsWith("Your copy"))!;
    expect(copy.headers.subject).toBe('Your copy: you accepted "Bakery website"');
    expect(copy.text).toContain(
      [
        "Total: £2,400.00",
        "",
        "Payment schedule:",
        "Deposit (50%): £1,200.00 on acceptance",
        "Launch (25%): £600.00 when you approve your site for launch",
        "Completion: £600.00 when your project is complete",
        "",
      ].join("\n"),
    );
  });
});
