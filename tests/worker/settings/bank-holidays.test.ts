/**
 * Bank holidays GOV.UK publishes after the code was shipped: the daily job reads its JSON (where
 * BANK_HOLIDAYS_URL is set, as in production) and the booking page closes on the new day. An
 * answer that is not the list changes nothing; unset, nothing is fetched at all.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient, errorOf, expectJson, rows, runCron, serveOutside, signInAs, type Staff } from "../support/helpers";
import { DEFAULT_BOOKING_SETTINGS } from "../../../contract/booking-settings";
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from "../../../contract/bank-holidays";
import { createDb } from "../../../worker/platform/db";
import { bankHolidays, refreshBankHolidays } from "../../../worker/modules/settings";

const GOV_UK = "https://www.gov.uk/bank-holidays.json";
let owner: Staff;
beforeEach(async () => {
  owner = await signInAs("Owner");
  const { updated_at } = await expectJson(owner.api.crm.settings.bookings.$get(), 200);
  await expectJson(owner.api.crm.settings.bookings.$put({ json: { ...DEFAULT_BOOKING_SETTINGS, host_id: owner.id, updated_at } }), 200);
});
afterEach(() => vi.restoreAllMocks());

const days = async () => (await expectJson(apiClient().book.times.$get({ query: { zone: "Europe/London" } }), 200)).days;

/** GOV.UK's answer's shape (three divisions, each with its events), with `extra` added to England and Wales's. */
const published = (extra: string[]) =>
  Response.json({
    "england-and-wales": {
      division: "england-and-wales",
      events: [...ENGLAND_AND_WALES_BANK_HOLIDAYS, ...extra].map((date) => ({ title: "Bank holiday", date, notes: "", bunting: true })),
    },
    scotland: { division: "scotland", events: [{ title: "Summer bank holiday", date: "2026-08-03", notes: "", bunting: true }] },
    "northern-ireland": { division: "northern-ireland", events: [] },
  });

describe("bank holidays from GOV.UK", () => {
  it("a holiday declared after the code shipped closes the booking page that day", async () => {
    const [first, second] = await days();
    const db = createDb(env.DB);
    expect(await refreshBankHolidays(db, GOV_UK, new Date(), async () => published([first.date]))).toEqual({
      bank_holidays: ENGLAND_AND_WALES_BANK_HOLIDAYS.length + 1,
    });
    expect(await bankHolidays(db)).toContain(first.date);
    // Scotland's holidays are not England's.
    expect(await bankHolidays(db)).not.toContain("2026-08-03");

    const after = await days();
    expect(after.map((d) => d.date)).not.toContain(first.date);
    expect(after[0].date).toBe(second.date);
    const refused = await errorOf(
      apiClient().book.$post({
        json: { start: first.starts[0], name: "Jo Carter", email: "jo@carterbakes.co.uk", topic: "A new website", zone: "Europe/London" },
      }),
      422,
    );
    expect(refused.fields?.start).toBe("We are closed that day. Choose another");
  });

  it("an answer that is not the list changes nothing", async () => {
    const [first] = await days();
    const db = createDb(env.DB);
    await refreshBankHolidays(db, GOV_UK, new Date(), async () => published([first.date]));
    for (const [answer, message] of [
      [new Response("Service unavailable", { status: 503 }), "GOV.UK's bank holidays answered 503"],
      [new Response("<html>Maintenance</html>"), "GOV.UK's bank holidays were not in the expected form"],
      [Response.json({ "england-and-wales": { events: [] } }), "GOV.UK's bank holidays were not in the expected form"],
      [
        Response.json({ "england-and-wales": { events: [{ date: "next Monday" }] } }),
        "GOV.UK's bank holidays were not in the expected form",
      ],
    ] as const) {
      await expect(refreshBankHolidays(db, GOV_UK, new Date(), async () => answer)).rejects.toThrow(message);
      expect(await bankHolidays(db)).toContain(first.date);
    }
  });

  it("is read once a London day by the hourly job where its address is set, and never where it is not", async () => {
    const [first] = await days();
    const asked = serveOutside("https://www.gov.uk/", () => published([first.date]));
    // The tests' own setting, as locally: unset.
    expect(env.BANK_HOLIDAYS_URL).toBe("");
    await runCron("2026-12-01T09:00:00Z");
    expect(asked).toEqual([]);

    await runCron("2026-12-01T09:00:00Z", { BANK_HOLIDAYS_URL: GOV_UK });
    await runCron("2026-12-01T10:00:00Z", { BANK_HOLIDAYS_URL: GOV_UK });
    expect(asked).toEqual([GOV_UK]);
    expect(await rows("SELECT run_date FROM job_runs WHERE job = 'bank_holidays'")).toEqual([{ run_date: "2026-12-01" }]);
    expect((await days()).map((d) => d.date)).not.toContain(first.date);
  });
});
