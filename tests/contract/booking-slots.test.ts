/**
 * When a call can be booked (contract/booking-slots.ts): London's hours and closed days, the
 * notice and the horizon across the clock changes, buffers around calls, the day's cap, and how a
 * visitor in another zone reads each time; then properties over generated moments and diaries.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_BOOKING_RULES,
  freeSlots,
  slotLabel,
  slotProblem,
  wallClock,
  zonedTime,
  type BookingRules,
  type HostDiary,
} from "../../contract/booking-slots";
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from "../../contract/bank-holidays";

const empty: HostDiary = { calls: [], busy: [] };
const rules = (over: Partial<BookingRules> = {}): BookingRules => ({ ...DEFAULT_BOOKING_RULES, ...over });
const dayOf = (days: ReturnType<typeof freeSlots>, date: string) => days.find((d) => d.date === date)?.starts ?? [];
const london = (date: string, time: string) => new Date(zonedTime(date, time, "Europe/London")).toISOString();

describe("a visitor in New York", () => {
  const ny = "America/New_York";
  it("reads London's 10:00 five hours earlier, and four in the weeks the two countries' clocks differ", () => {
    expect(slotLabel(london("2026-02-17", "10:00"), ny)).toBe("05:00 your time · 10:00 in Manchester");
    // 8–29 March 2026: New York on summer time, London not yet.
    expect(slotLabel(london("2026-03-10", "10:00"), ny)).toBe("06:00 your time · 10:00 in Manchester");
    expect(slotLabel(london("2026-03-27", "10:00"), ny)).toBe("06:00 your time · 10:00 in Manchester");
    expect(slotLabel(london("2026-03-31", "10:00"), ny)).toBe("05:00 your time · 10:00 in Manchester");
    // 25 October–1 November 2026: London back on GMT, New York not yet.
    expect(slotLabel(london("2026-10-27", "10:00"), ny)).toBe("06:00 your time · 10:00 in Manchester");
    expect(slotLabel(london("2026-11-03", "10:00"), ny)).toBe("05:00 your time · 10:00 in Manchester");
  });

  it("books the same instants a London visitor does: the zone changes the words, not the times", () => {
    const now = new Date("2026-03-05T12:00:00Z");
    const days = freeSlots(rules(), empty, now);
    expect(dayOf(days, "2026-03-10")[0]).toBe("2026-03-10T09:30:00.000Z");
    expect(slotLabel("2026-03-10T09:30:00.000Z", "Europe/London")).toBe("09:30");
  });
});

it("a visitor whose day is not London's reads the weekday on both", () => {
  expect(slotLabel(london("2026-11-30", "15:00"), "Australia/Sydney")).toBe("Tue 02:00 your time · Mon 15:00 in Manchester");
});

describe("London's days", () => {
  it("the Monday after each change starts at 09:30 London: 08:30 UTC in summer, 09:30 in winter", () => {
    expect(dayOf(freeSlots(rules(), empty, new Date("2026-03-26T12:00:00Z")), "2026-03-30")[0]).toBe("2026-03-30T08:30:00.000Z");
    expect(dayOf(freeSlots(rules(), empty, new Date("2026-10-22T12:00:00Z")), "2026-10-26")[0]).toBe("2026-10-26T09:30:00.000Z");
    // The day's last call ends at 17:00 London whatever the offset.
    expect(dayOf(freeSlots(rules(), empty, new Date("2026-03-26T12:00:00Z")), "2026-03-30").at(-1)).toBe("2026-03-30T15:30:00.000Z");
  });

  it("weekends, bank holidays and the studio's closed days offer nothing: Easter Monday 29 March 2027 is closed", () => {
    const days = freeSlots(rules({ closed_dates: ["2027-04-01"] }), empty, new Date("2027-03-22T12:00:00Z")).map((d) => d.date);
    expect(days).not.toContain("2027-03-26"); // Good Friday
    expect(days).not.toContain("2027-03-27");
    expect(days).not.toContain("2027-03-28"); // the clocks change
    expect(days).not.toContain("2027-03-29"); // Easter Monday
    expect(days).not.toContain("2027-04-01"); // closed by the studio
    expect(days).toContain("2027-03-30");
    expect(dayOf(freeSlots(rules(), empty, new Date("2027-03-22T12:00:00Z")), "2027-03-30")[0]).toBe("2027-03-30T08:30:00.000Z");
  });

  it("the notice is hours that pass, across a change: 48 hours from Saturday 09:00 GMT is Monday 10:00 BST", () => {
    const days = freeSlots(rules({ notice_hours: 48 }), empty, new Date("2026-03-28T09:00:00Z"));
    expect(dayOf(days, "2026-03-30")[0]).toBe("2026-03-30T09:00:00.000Z");
    expect(wallClock("2026-03-30T09:00:00.000Z", "Europe/London").time).toBe("10:00");
  });

  it("the horizon is London days: seven days on from a Tuesday is the Tuesday after, across the October change", () => {
    const days = freeSlots(rules({ horizon_days: 7 }), empty, new Date("2026-10-20T12:00:00Z")).map((d) => d.date);
    expect(days.at(-1)).toBe("2026-10-27");
    expect(days).not.toContain("2026-10-20"); // within the 24 hours' notice
  });
});

describe("the host's diary", () => {
  const now = new Date("2026-12-01T08:00:00Z");
  it("keeps the buffer clear either side of a confirmed call, and any busy time as it is", () => {
    const diary: HostDiary = {
      calls: [{ start: "2026-12-03T10:00:00.000Z", end: "2026-12-03T10:30:00.000Z" }],
      busy: [{ start: "2026-12-03T13:15:00.000Z", end: "2026-12-03T13:45:00.000Z" }],
    };
    const starts = dayOf(freeSlots(rules(), diary, now), "2026-12-03").map((s) => s.slice(11, 16));
    expect(starts).toEqual(["11:00", "11:30", "12:00", "12:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30"]);
    expect(slotProblem(rules(), diary, now, "2026-12-03T09:30:00.000Z")).toBe("taken");
    expect(slotProblem(rules(), diary, now, "2026-12-03T11:00:00.000Z")).toBeNull();
  });

  it("a day with its cap of calls offers nothing more", () => {
    const calls = [
      ["09:30", "10:00"],
      ["11:00", "11:30"],
      ["13:00", "13:30"],
      ["15:00", "15:30"],
    ].map(([from, to]) => ({ start: `2026-12-03T${from}:00.000Z`, end: `2026-12-03T${to}:00.000Z` }));
    const diary = { calls, busy: [] };
    expect(freeSlots(rules(), diary, now).map((d) => d.date)).not.toContain("2026-12-03");
    expect(slotProblem(rules(), diary, now, "2026-12-03T16:30:00.000Z")).toBe("day_full");
    expect(freeSlots(rules({ max_per_day: null }), diary, now).map((d) => d.date)).toContain("2026-12-03");
  });
});

it("a chosen time says what is wrong with it", () => {
  const now = new Date("2026-12-01T08:00:00Z");
  const problem = (start: string) => slotProblem(rules(), empty, now, start);
  expect(problem("2026-11-30T10:00:00.000Z")).toBe("past");
  expect(problem("not a time")).toBe("past");
  expect(problem("2026-12-01T15:00:00.000Z")).toBe("too_soon");
  expect(problem("2026-12-28T10:00:00.000Z")).toBe("beyond_horizon");
  expect(slotProblem(rules({ closed_dates: ["2026-12-04"] }), empty, now, "2026-12-04T10:00:00.000Z")).toBe("closed");
  expect(slotProblem(rules(), empty, new Date("2026-12-20T08:00:00Z"), "2026-12-25T10:00:00.000Z")).toBe("closed");
  expect(problem("2026-12-05T10:00:00.000Z")).toBe("outside_hours"); // a Saturday
  expect(problem("2026-12-03T08:00:00.000Z")).toBe("outside_hours");
  expect(problem("2026-12-03T09:45:00.000Z")).toBe("outside_hours"); // between two starts
  expect(problem("2026-12-03T09:30:00.000Z")).toBeNull();
});

describe("whatever the moment and the diary", () => {
  const instant = (from: string, to: string) => fc.integer({ min: Date.parse(from), max: Date.parse(to) });
  // Diary entries within the month after the moment asked, on a five-minute grid, so they fall among the offered times.
  const spans = fc.array(fc.tuple(fc.integer({ min: 0, max: 31 * 24 * 12 }), fc.integer({ min: 1, max: 60 })), { maxLength: 20 });
  const FIVE = 5 * 60_000;
  const within = (t: number, list: [number, number][]) =>
    list.map(([at, length]) => {
      const start = Math.floor(t / FIVE) * FIVE + at * FIVE;
      return { start: new Date(start).toISOString(), end: new Date(start + length * FIVE).toISOString() };
    });
  const arbitraryRules = fc.record({
    call_minutes: fc.constantFrom(15, 30, 45, 60),
    buffer_minutes: fc.constantFrom(0, 10, 15, 30),
    notice_hours: fc.integer({ min: 0, max: 72 }),
    horizon_days: fc.integer({ min: 0, max: 30 }),
    max_per_day: fc.option(fc.integer({ min: 1, max: 6 })),
  });

  it("every start offered is in London's hours, on a working day, after the notice, clear of the diary, and bookable", () => {
    fc.assert(
      fc.property(
        instant("2026-01-01T00:00:00Z", "2027-11-30T00:00:00Z"),
        arbitraryRules,
        spans,
        spans,
        (t, over, callSpans, busySpans) => {
          const now = new Date(t);
          const calls = within(t, callSpans);
          const busy = within(t, busySpans);
          const r = rules(over);
          const diary = { calls, busy };
          const days = freeSlots(r, diary, now);
          const all = days.flatMap((d) => d.starts);
          expect([...all].sort()).toEqual(all);
          expect(new Set(all).size).toBe(all.length);
          // What is wrong with each start, asserted once per run (an expect per start and rule was most of the time).
          const wrong: string[] = [];
          const pad = r.buffer_minutes * 60_000;
          for (const day of days) {
            if (ENGLAND_AND_WALES_BANK_HOLIDAYS.includes(day.date)) wrong.push(`${day.date}: a bank holiday`);
            for (const start of day.starts) {
              const s = Date.parse(start);
              const e = s + r.call_minutes * 60_000;
              const wall = wallClock(s, "Europe/London");
              const problems = [
                wall.date !== day.date && "listed under another day",
                !(wall.time >= "09:30" && wallClock(e, "Europe/London").time <= "17:00") && "outside the hours",
                ["Sat", "Sun"].includes(wall.weekday) && "at the weekend",
                s < t + r.notice_hours * 3_600_000 && "inside the notice",
                calls.some((c) => s < Date.parse(c.end) + pad && e > Date.parse(c.start) - pad) && "within a call's buffer",
                busy.some((b) => s < Date.parse(b.end) && e > Date.parse(b.start)) && "over busy time",
                slotProblem(r, diary, now, start) !== null && "refused by slotProblem",
              ].filter(Boolean);
              if (problems.length) wrong.push(`${start}: ${problems.join(", ")}`);
            }
          }
          expect(wrong).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the server's check of a chosen time agrees with the list the page offers, for any quarter hour", () => {
    fc.assert(
      fc.property(
        instant("2026-01-01T00:00:00Z", "2027-11-30T00:00:00Z"),
        arbitraryRules,
        spans,
        fc.array(fc.tuple(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 95 })), { minLength: 1, maxLength: 30 }),
        (t, over, callSpans, picks) => {
          const now = new Date(t);
          const calls = within(t, callSpans);
          const r = rules(over);
          const diary = { calls, busy: [] };
          const offered = new Set(freeSlots(r, diary, now).flatMap((d) => d.starts));
          const today = wallClock(t, "Europe/London").date;
          for (const [days, quarter] of picks) {
            const date = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
            const time = `${String(Math.floor(quarter / 4)).padStart(2, "0")}:${String((quarter % 4) * 15).padStart(2, "0")}`;
            const start = london(date, time);
            expect(slotProblem(r, diary, now, start) === null, `${date} ${time}`).toBe(offered.has(start));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
