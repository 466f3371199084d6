/**
 * The host's own calendar making them busy: the hourly job reads the private address from
 * Settings → Bookings (served here by a fixture in place of Google's), and the booking page then
 * offers none of the times it is busy and refuses a booking of one. A failed read keeps the last
 * good busy times and says why in Settings; another host or another address starts from nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { apiClient, errorOf, expectJson, rows, runCron, serveOutside, signInAs, threeInARow, type Staff } from "../support/helpers";
import { DEFAULT_BOOKING_SETTINGS, type BookingSettingsInput } from "../../../contract/booking-settings";
import { createDb } from "../../../worker/platform/db";
import { getBookingSettings, refreshHostCalendar } from "../../../worker/modules/bookings";

const ADDRESS = "webcal://calendar.example.com/private-8d1f/basic.ics";
let owner: Staff;
beforeEach(async () => {
  owner = await signInAs("Owner");
});
afterEach(() => vi.restoreAllMocks());

const settingsWith = async (over: Partial<BookingSettingsInput>) => {
  const { updated_at } = await expectJson(owner.api.crm.settings.bookings.$get(), 200);
  return expectJson(
    owner.api.crm.settings.bookings.$put({
      json: { ...DEFAULT_BOOKING_SETTINGS, host_id: owner.id, calendar_url: ADDRESS, ...over, updated_at },
    }),
    200,
  );
};
const starts = async () =>
  (await expectJson(apiClient().book.times.$get({ query: { zone: "Europe/London" } }), 200)).days.flatMap((d) => d.starts);

/** A calendar with one busy hour from `start`, as Google's private address gives it (folded, with a zone). */
const busyHour = (start: string) => {
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15) + "Z";
  return [
    "BEGIN:VCALENDAR",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    `DTSTART:${stamp(Date.parse(start))}`,
    `DTEND:${stamp(Date.parse(start) + 3_600_000)}`,
    "UID:dentist@google.com",
    "SUMMARY:Dentist (a private appointment whose title the studio never sees or stor",
    " es)",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
};

/** A stand-in for the calendar's server: what it answers, and the addresses asked for. */
function calendarServer(answer: () => Response) {
  const asked: string[] = [];
  const fetcher = async (url: string) => {
    asked.push(url);
    return answer();
  };
  return { asked, fetcher };
}
const refresh = async (fetcher: (url: string) => Promise<Response>) => {
  const db = createDb(env.DB);
  return refreshHostCalendar(db, (await getBookingSettings(db)).settings, new Date(), fetcher);
};

describe("the host's own calendar", () => {
  it("makes its events busy: the times are no longer offered, and booking one is refused", async () => {
    await settingsWith({});
    const [first, second, third] = threeInARow(await starts());
    const server = calendarServer(() => new Response(busyHour(first), { headers: { "content-type": "text/calendar" } }));
    expect(await refresh(server.fetcher)).toEqual({ busy_times: 1, failed: 0 });
    // Apple's webcal:// address is read over https.
    expect(server.asked).toEqual(["https://calendar.example.com/private-8d1f/basic.ics"]);

    const after = await starts();
    // The busy hour holds two 30-minute calls.
    expect(after).not.toContain(first);
    expect(after).not.toContain(second);
    expect(after).toContain(third);
    const refused = await errorOf(
      apiClient().book.$post({
        json: { start: first, name: "Jo Carter", email: "jo@carterbakes.co.uk", topic: "A new website", zone: "Europe/London" },
      }),
      409,
    );
    expect(refused.fields?.start).toBe("That time has just been taken. Choose another");
    expect(await rows("SELECT id FROM calls")).toEqual([]);
    // Nothing of the event but its times is kept.
    const [stored] = await rows<{ value: string }>("SELECT value FROM settings WHERE key = 'bookings_calendar'");
    expect(stored.value).not.toContain("Dentist");
    expect(stored.value).not.toContain("private-8d1f");

    const view = await expectJson(owner.api.crm.settings.bookings.$get(), 200);
    expect(view.calendar).toMatchObject({ busy_times: 1, problem: null });
    expect(view.calendar?.read_at).toBe(view.calendar?.tried_at);
  });

  it("keeps the last good read when a read fails, and says why in Settings", async () => {
    await settingsWith({});
    const [first] = await starts();
    await refresh(calendarServer(() => new Response(busyHour(first))).fetcher);
    const before = await expectJson(owner.api.crm.settings.bookings.$get(), 200);

    for (const [answer, problem] of [
      [() => new Response("gone", { status: 404 }), "The calendar's address answered 404: copy its private address again"],
      [() => new Response("<html>Sign in</html>"), "That address gave something other than a calendar"],
      [
        () => {
          throw new TypeError("Network connection lost.");
        },
        "The calendar's address could not be reached",
      ],
    ] as const) {
      expect(await refresh(calendarServer(answer).fetcher)).toEqual({ busy_times: 1, failed: 1 });
      expect(await starts()).not.toContain(first);
      const sales = await signInAs("Sales");
      // Everyone on staff sees how the read went; only an Owner sees the address.
      const view = await expectJson(sales.api.crm.settings.bookings.$get(), 200);
      expect(view.settings.calendar_url).toBeNull();
      expect(view.calendar).toMatchObject({ busy_times: 1, problem, read_at: before.calendar?.read_at });
    }
  });

  it("counts for its own host at its own address only, and goes when the address is taken out", async () => {
    await settingsWith({});
    const [first] = await starts();
    await refresh(calendarServer(() => new Response(busyHour(first))).fetcher);
    expect(await starts()).not.toContain(first);

    // Another address: its busy times are not the old one's.
    const moved = await settingsWith({ calendar_url: "https://outlook.office365.com/owa/calendar/abc/reachcalendar.ics" });
    expect(moved.calendar).toBeNull();
    expect(await starts()).toContain(first);

    // Back to the first address, then no address: the job forgets the read.
    await settingsWith({});
    expect(await starts()).not.toContain(first);
    await settingsWith({ calendar_url: "" });
    expect(await starts()).toContain(first);
    await refresh(calendarServer(() => new Response(busyHour(first))).fetcher);
    expect(await rows("SELECT key FROM settings WHERE key = 'bookings_calendar'")).toEqual([]);
  });

  it("is read by the hourly job", async () => {
    await settingsWith({});
    const [first] = await starts();
    const asked = serveOutside("https://calendar.example.com/", () => new Response(busyHour(first)));
    await runCron();
    expect(asked).toEqual(["https://calendar.example.com/private-8d1f/basic.ics"]);
    expect(await starts()).not.toContain(first);
  });
});
