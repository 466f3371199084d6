/**
 * A client's link (/p/<token>, /i/<token>) and the calendar feed (/api/calendar/<token>.ics) carry
 * their only credential in the URL. Workers Logs keeps whatever the worker writes, so no line it
 * writes may hold a token: not the 404 logger's, not the error handler's. And wrangler.toml keeps
 * the invocation logs, which record every URL, turned off.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import wranglerToml from "../../../wrangler.toml?raw";
import { redactTokens } from "../../../worker/platform/log";
import { call, expectJson, signInAs, type Staff } from "../support/helpers";

let staff: Staff;
let spies: MockInstance[] = [];
/** Everything the worker wrote to the console during the test. */
const written = () => spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(" ")));

beforeEach(async () => {
  staff = await signInAs("Owner");
  spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
});
afterEach(() => spies.forEach((spy) => spy.mockRestore()));

/** A real D1 failure, not a mock: the table the request reads is gone while it runs. */
async function withTableGone<T>(table: string, run: () => Promise<T>): Promise<T> {
  await env.DB.exec(`ALTER TABLE ${table} RENAME TO ${table}_offline`);
  try {
    return await run();
  } finally {
    await env.DB.exec(`ALTER TABLE ${table}_offline RENAME TO ${table}`);
  }
}

/** The path of the URL a share or a feed answers: the client's link, or the calendar app's. */
const pathOf = async (made: Promise<{ url: string }>) => new URL((await made).url).pathname;

async function proposalLink() {
  const { crm } = staff.api;
  const { lead } = await expectJson(crm.leads.$post({ json: { name: "Jo Carter" } }), 201);
  const { proposal } = await expectJson(crm.proposals.$post({ json: { title: "Bakery website", value: 4200, lead_id: lead.id } }), 201);
  return pathOf(expectJson(crm.proposals[":id"].share.$post({ param: { id: proposal.id } }), 201));
}

async function invoiceLink() {
  const { crm } = staff.api;
  const { client } = await expectJson(crm.clients.$post({ json: { name: "Acme" } }), 201);
  const { invoice } = await expectJson(
    crm.invoices.$post({
      json: {
        number: "INV-202611-001",
        client_id: client.id,
        lines: [{ description: "Website build", quantity: 1, unit_price: 1200 }],
        date: "2026-11-01",
        due_date: "2099-12-31",
      },
    }),
    201,
  );
  return pathOf(expectJson(crm.invoices[":id"].share.$post({ param: { id: invoice.id } }), 201));
}

const calendarFeed = () => pathOf(expectJson(staff.api.crm["calendar-feed"].$post({ json: { rotate: false } }), 201));

const tokenOf = (path: string) => /\/([A-Za-z0-9_-]{43})(?:\.ics)?$/.exec(path)![1];

describe("no token in the worker's logs", () => {
  it("a client's link that is mistyped (404) or fails (500) is logged without its token, proposals' and invoices' alike", async () => {
    for (const [path, table] of [
      [await proposalLink(), "proposal_links"],
      [await invoiceLink(), "invoice_links"],
    ] as const) {
      const token = tokenOf(path);
      expect((await call(`${path}/extra`)).status).toBe(404);
      expect(await withTableGone(table, async () => (await call(path)).status)).toBe(500);
      const lines = written();
      // The lines were written (the 404 and the failure are on record), with the token taken out.
      expect(
        lines.some((l) => l.includes('"what":"404"') && l.includes(`${path.slice(0, 3)}[token]/extra`)),
        lines.join("\n"),
      ).toBe(true);
      expect(
        lines.some((l) => l.includes('"level":"error"') && l.includes(`"path":"${path.slice(0, 3)}[token]"`)),
        lines.join("\n"),
      ).toBe(true);
      expect(lines.filter((l) => l.includes(token))).toEqual([]);
    }
  });

  it("the calendar feed's token is not logged when the feed fails", async () => {
    const path = await calendarFeed();
    const token = tokenOf(path);
    expect(await withTableGone("calendar_feeds", async () => (await call(path)).status)).toBe(500);
    const lines = written();
    expect(
      lines.some((l) => l.includes('"path":"/api/calendar/[token]"')),
      lines.join("\n"),
    ).toBe(true);
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });

  it("takes a token out of any text, a URL in an error message included", () => {
    const token = "A".repeat(43);
    expect(redactTokens(`fetch https://redbrickstudio.co.uk/p/${token}?x=1 failed`)).toBe(
      "fetch https://redbrickstudio.co.uk/p/[token]?x=1 failed",
    );
    expect(redactTokens(`/i/${token}`)).toBe("/i/[token]");
    expect(redactTokens(`/api/calendar/${token}.ics`)).toBe("/api/calendar/[token]");
    // The CRM's own paths are kept as they are.
    expect(redactTokens("/api/crm/proposals/123/send")).toBe("/api/crm/proposals/123/send");
  });

  it("wrangler.toml keeps the invocation logs, which record every request's URL, turned off", () => {
    const logs = /^\[observability\.logs\]\n((?:(?!\[).*\n?)*)/m.exec(wranglerToml)?.[1] ?? "";
    expect(logs).toMatch(/^invocation_logs = false$/m);
    const traces = /^\[observability\.traces\]\n((?:(?!\[).*\n?)*)/m.exec(wranglerToml)?.[1] ?? "";
    expect(traces).toMatch(/^enabled = false$/m);
  });
});
