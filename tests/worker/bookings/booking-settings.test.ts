/**
 * Settings → Bookings (contract/booking-settings.ts): the defaults, an Owner's save read back and
 * turned into the rules freeSlots reads, a stale copy refused, Sales kept out of saving and of the
 * host's calendar address, and every bad value refused with its message and nothing changed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";
import { bookingRulesOf, DEFAULT_BOOKING_SETTINGS, type BookingSettingsInput } from "../../../contract/booking-settings";
import { freeSlots } from "../../../contract/booking-slots";

let owner: Staff;
beforeEach(async () => {
  owner = await signInAs("Owner");
});

const read = (who: Staff = owner) => expectJson(who.api.crm.settings.bookings.$get(), 200);
const put = (json: BookingSettingsInput, who: Staff = owner) => who.api.crm.settings.bookings.$put({ json });

const saved = (over: Partial<BookingSettingsInput> = {}): BookingSettingsInput => ({
  ...DEFAULT_BOOKING_SETTINGS,
  host_id: owner.id,
  hours: { ...DEFAULT_BOOKING_SETTINGS.hours, mon: [{ start: "10:00", end: "12:00" }], fri: [] },
  call_minutes: 45,
  closed_dates: ["2026-12-31", "2026-12-24"],
  meeting_link: "https://meet.example.com/redbrick",
  calendar_url: "webcal://p01-caldav.icloud.com/published/2/abc",
  updated_at: null,
  ...over,
});

describe("Settings → Bookings", () => {
  it("start from the defaults with no host, so nothing can be booked until someone is named", async () => {
    expect(await read()).toEqual({ settings: DEFAULT_BOOKING_SETTINGS, updated_at: null, calendar_connected: false, calendar: null });
    expect(DEFAULT_BOOKING_SETTINGS).toMatchObject({ call_minutes: 30, notice_hours: 24, horizon_days: 21, host_id: null });
  });

  it("an Owner's save is what is read back, closed days in order, and what freeSlots is given", async () => {
    const answer = await expectJson(put(saved()), 200);
    expect(answer.settings).toMatchObject({ host_id: owner.id, call_minutes: 45, closed_dates: ["2026-12-24", "2026-12-31"] });
    expect(await read()).toEqual(answer);
    // Mondays 10:00 to 12:00 London in 45-minute calls: 10:00 and 10:45 (11:30 would end after 12:00).
    const days = freeSlots(bookingRulesOf(answer.settings), { calls: [], busy: [] }, new Date("2026-11-30T08:00:00Z"));
    expect(days.find((d) => d.date === "2026-12-07")?.starts).toEqual(["2026-12-07T10:00:00.000Z", "2026-12-07T10:45:00.000Z"]);
    expect(days.some((d) => new Date(`${d.date}T12:00:00Z`).getUTCDay() === 5)).toBe(false);
    // The form's empty box is no address.
    const cleared = await expectJson(put(saved({ meeting_link: "", updated_at: answer.updated_at })), 200);
    expect(cleared.settings.meeting_link).toBeNull();
    expect((await rows<{ detail: string }>("SELECT detail FROM audit_events ORDER BY rowid DESC LIMIT 1"))[0].detail).toBe(
      "Changed the booking settings: 45-minute calls",
    );
  });

  it("a stale copy is refused and changes nothing", async () => {
    const first = await expectJson(put(saved()), 200);
    await expectJson(put(saved({ call_minutes: 60, updated_at: first.updated_at })), 200);
    const stale = await errorOf(put(saved({ call_minutes: 15, updated_at: first.updated_at })), 409);
    expect(stale.message).toBe("The booking settings were changed by someone else. They have been reloaded with the latest settings.");
    expect((await read()).settings.call_minutes).toBe(60);
  });

  it("Sales may read the hours but not save them, nor read the host's calendar address", async () => {
    await expectJson(put(saved()), 200);
    const sales = await signInAs("Sales");
    const seen = await read(sales);
    expect(seen.calendar_connected).toBe(true);
    expect(seen.settings.calendar_url).toBeNull();
    expect(seen.settings.meeting_link).toBe("https://meet.example.com/redbrick");
    await errorOf(put(saved({ updated_at: seen.updated_at }), sales), 403);
  });

  it("refuses each bad value with its message, and keeps what was saved", async () => {
    const before = await expectJson(put(saved()), 200);
    const refused = async (over: Record<string, unknown>, field: string, message: string) => {
      const error = await errorOf(
        owner.api.crm.settings.bookings.$put({ json: unchecked({ ...saved(), ...over, updated_at: before.updated_at }) }),
        422,
      );
      expect(error.fields?.[field], JSON.stringify(over)).toBe(message);
    };
    await refused(
      { hours: { ...saved().hours, tue: [{ start: "14:00", end: "13:00" }] } },
      "hours.tue.0.end",
      "The end must be after the start",
    );
    await refused(
      {
        hours: {
          ...saved().hours,
          tue: [
            { start: "09:00", end: "12:00" },
            { start: "11:00", end: "13:00" },
          ],
        },
      },
      "hours.tue",
      "A day's hours must not overlap",
    );
    await refused(
      { hours: { ...saved().hours, wed: [{ start: "9am", end: "17:00" }] } },
      "hours.wed.0.start",
      "Enter a time as HH:MM, e.g. 09:30",
    );
    await refused({ call_minutes: 25 }, "call_minutes", "Choose 15, 20, 30, 45, 60 minutes");
    await refused({ notice_hours: -1 }, "notice_hours", "At least 0 hours");
    await refused({ horizon_days: 365 }, "horizon_days", "At most 90 days");
    await refused({ closed_dates: ["2026-12-24", "2026-12-24"] }, "closed_dates", "Each date once");
    await refused({ meeting_link: "http://meet.example.com/x" }, "meeting_link", "Enter the meeting link as an https:// address");
    await refused({ calendar_url: "javascript:alert(1)" }, "calendar_url", "Paste the calendar's private address (https:// or webcal://)");
    await refused({ host_id: "nobody" }, "host_id", "Choose a member of staff to take the calls");
    const disabled = await signInAs("Sales");
    await rows("UPDATE users SET disabled = 1 WHERE id = ?", disabled.id);
    await refused({ host_id: disabled.id }, "host_id", "Choose a member of staff to take the calls");
    expect(await read()).toEqual(before);
  });
});
