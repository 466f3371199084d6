/**
 * The busy-time reader against real calendars' shapes, and against ical.js (a full RFC 5545
 * implementation) as the oracle for recurring events in three zones across clock changes.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import ICAL from "ical.js";
import { busyTimes } from "../../../worker/platform/ical-read";
import { wallClock } from "../../../contract/booking-slots";

/** How far `zone`'s clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  return Date.parse(`${w.date}T${w.time}:00Z`) - Math.floor(ms / 60_000) * 60_000;
}

/**
 * Where ical.js puts an occurrence, except on a wall-clock time the spring change skips: RFC 5545
 * (3.3.5) reads that with the offset in force before the gap, so 01:30 in London on 29 March 2026
 * is 01:30 UTC (02:30 BST). ical.js reads it with the offset after, an hour earlier; we follow the RFC.
 */
function rfcStart(next: ICAL.Time, zone: string): Date {
  const instant = next.toJSDate();
  if (zone === "UTC") return instant;
  const wall = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second);
  const shown = wallClock(instant.getTime(), zone);
  const skipped = Date.parse(`${shown.date}T${shown.time}:00Z`) !== Math.floor(wall / 60_000) * 60_000;
  return skipped ? new Date(wall - offsetAt(instant.getTime() - 3 * 3_600_000, zone)) : instant;
}

const cal = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR"].join("\r\n");
const event = (...lines: string[]) => ["BEGIN:VEVENT", `UID:${Math.random()}`, "DTSTAMP:20260101T000000Z", ...lines, "END:VEVENT"];
const window = (from: string, to: string) => [new Date(from), new Date(to)] as const;

// The VTIMEZONEs Google and Apple put in their feeds: what ical.js needs, and what our reader ignores (it asks Intl).
const VTIMEZONES: Record<string, string[]> = {
  "Europe/London": [
    "BEGIN:VTIMEZONE",
    "TZID:Europe/London",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0000",
    "TZOFFSETTO:+0100",
    "TZNAME:BST",
    "DTSTART:19700329T010000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0000",
    "TZNAME:GMT",
    "DTSTART:19701025T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ],
  "America/New_York": [
    "BEGIN:VTIMEZONE",
    "TZID:America/New_York",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:19700308T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:19701101T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ],
};

describe("busy times from a calendar", () => {
  it("reads a UTC event, a zoned one, a floating one and a DURATION, in time order", () => {
    const ics = cal(
      ...event("DTSTART:20261202T150000Z", "DTEND:20261202T160000Z", "SUMMARY:Dentist"),
      ...event("DTSTART;TZID=America/New_York:20261201T090000", "DTEND;TZID=America/New_York:20261201T093000"),
      ...event("DTSTART:20261203T100000", "DURATION:PT1H30M"),
    );
    expect(busyTimes(ics, ...window("2026-12-01T00:00:00Z", "2026-12-08T00:00:00Z"))).toEqual([
      { start: "2026-12-01T14:00:00.000Z", end: "2026-12-01T14:30:00.000Z" },
      { start: "2026-12-02T15:00:00.000Z", end: "2026-12-02T16:00:00.000Z" },
      // Floating times are the studio's, London.
      { start: "2026-12-03T10:00:00.000Z", end: "2026-12-03T11:30:00.000Z" },
    ]);
  });

  it("keeps a weekly London 09:00 at 09:00 across the clock change, and a New York one at 10:00 theirs", () => {
    const ics = cal(
      ...event("DTSTART;TZID=Europe/London:20260316T090000", "DTEND;TZID=Europe/London:20260316T100000", "RRULE:FREQ=WEEKLY;COUNT=3"),
      ...event("DTSTART;TZID=America/New_York:20260302T100000", "DTEND;TZID=America/New_York:20260302T103000", "RRULE:FREQ=WEEKLY;COUNT=2"),
    );
    expect(busyTimes(ics, ...window("2026-03-01T00:00:00Z", "2026-04-30T00:00:00Z")).map((b) => b.start)).toEqual([
      "2026-03-02T15:00:00.000Z", // 10:00 EST
      "2026-03-09T14:00:00.000Z", // 10:00 EDT: the US changed on 8 March
      "2026-03-16T09:00:00.000Z", // 09:00 GMT
      "2026-03-23T09:00:00.000Z",
      "2026-03-30T08:00:00.000Z", // 09:00 BST: the UK changed on 29 March
    ]);
  });

  it("makes an all-day event the whole London day, and leaves out free and cancelled events", () => {
    const ics = cal(
      ...event("DTSTART;VALUE=DATE:20260701", "DTEND;VALUE=DATE:20260703", "SUMMARY:Away"),
      ...event("DTSTART;VALUE=DATE:20260706", "TRANSP:TRANSPARENT", "SUMMARY:Birthday"),
      ...event("DTSTART:20260707T100000Z", "DTEND:20260707T110000Z", "STATUS:CANCELLED"),
    );
    expect(busyTimes(ics, ...window("2026-06-30T00:00:00Z", "2026-07-10T00:00:00Z"))).toEqual([
      { start: "2026-06-30T23:00:00.000Z", end: "2026-07-02T23:00:00.000Z" },
    ]);
  });

  it("leaves out EXDATEs, moves a changed occurrence, and stops at UNTIL", () => {
    const uid = "standup@example.com";
    const ics = cal(
      "BEGIN:VEVENT",
      `UID:${uid}`,
      "DTSTART;TZID=Europe/London:20261130T093000",
      "DTEND;TZID=Europe/London:20261130T094500",
      "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261204",
      "EXDATE;TZID=Europe/London:20261202T093000",
      "END:VEVENT",
      "BEGIN:VEVENT",
      `UID:${uid}`,
      "RECURRENCE-ID;TZID=Europe/London:20261203T093000",
      "DTSTART;TZID=Europe/London:20261203T140000",
      "DTEND;TZID=Europe/London:20261203T141500",
      "END:VEVENT",
    );
    expect(busyTimes(ics, ...window("2026-11-28T00:00:00Z", "2026-12-12T00:00:00Z")).map((b) => b.start)).toEqual([
      "2026-11-30T09:30:00.000Z",
      "2026-12-01T09:30:00.000Z",
      "2026-12-03T14:00:00.000Z",
      // UNTIL as a date keeps that whole day.
      "2026-12-04T09:30:00.000Z",
    ]);
  });

  it("reads monthly rules by weekday and by day of the month", () => {
    const ics = cal(
      ...event("DTSTART:20261030T160000Z", "DTEND:20261030T170000Z", "RRULE:FREQ=MONTHLY;BYDAY=-1FR"),
      ...event("DTSTART:20261115T120000Z", "DTEND:20261115T130000Z", "RRULE:FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15"),
    );
    expect(busyTimes(ics, ...window("2026-11-01T00:00:00Z", "2027-02-01T00:00:00Z")).map((b) => b.start)).toEqual([
      "2026-11-15T12:00:00.000Z",
      "2026-11-27T16:00:00.000Z",
      "2026-12-25T16:00:00.000Z",
      "2027-01-15T12:00:00.000Z",
      "2027-01-29T16:00:00.000Z",
    ]);
  });

  it("unfolds long lines, reads quoted parameters and Outlook's zone names, and ignores an alarm inside", () => {
    const ics = cal(
      "BEGIN:VEVENT",
      "UID:outlook",
      'DTSTART;TZID="Eastern Standard Time":20261201T0',
      " 90000",
      "DTEND;TZID=GMT Standard Time:20261201T150000",
      "BEGIN:VALARM",
      "TRIGGER:-PT15M",
      "DTSTART:20300101T000000Z",
      "END:VALARM",
      "END:VEVENT",
    );
    expect(busyTimes(ics, ...window("2026-12-01T00:00:00Z", "2026-12-02T00:00:00Z"))).toEqual([
      { start: "2026-12-01T14:00:00.000Z", end: "2026-12-01T15:00:00.000Z" },
    ]);
  });

  it("reads a time the spring change skips with the offset before it, and one the autumn change repeats as its first passing", () => {
    const busyAt = (zone: string, start: string, end: string) =>
      busyTimes(
        cal(...event(`DTSTART;TZID=${zone}:${start}`, `DTEND;TZID=${zone}:${end}`)),
        ...window("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"),
      );
    // Spring: 01:30 London and 02:30 New York do not exist; RFC 5545 reads them with winter's offset.
    expect(busyAt("Europe/London", "20260329T013000", "20260329T030000")).toEqual([
      { start: "2026-03-29T01:30:00.000Z", end: "2026-03-29T02:00:00.000Z" },
    ]);
    expect(busyAt("America/New_York", "20260308T023000", "20260308T040000")).toEqual([
      { start: "2026-03-08T07:30:00.000Z", end: "2026-03-08T08:00:00.000Z" },
    ]);
    // One that ends in the gap still happened: 01:45–02:00 New York is 01:45–02:00 EST.
    expect(busyAt("America/New_York", "20260308T014500", "20260308T020000")).toEqual([
      { start: "2026-03-08T06:45:00.000Z", end: "2026-03-08T07:00:00.000Z" },
    ]);
    // Autumn: 01:30 happens twice; the first is meant (still summer time).
    expect(busyAt("Europe/London", "20261025T013000", "20261025T033000")).toEqual([
      { start: "2026-10-25T00:30:00.000Z", end: "2026-10-25T03:30:00.000Z" },
    ]);
    expect(busyAt("America/New_York", "20261101T013000", "20261101T030000")).toEqual([
      { start: "2026-11-01T05:30:00.000Z", end: "2026-11-01T08:00:00.000Z" },
    ]);
  });

  it("walks a years-old daily rule to today without counting every day in between, and stops a runaway one", () => {
    const ics = cal(...event("DTSTART:20000103T080000Z", "DTEND:20000103T083000Z", "RRULE:FREQ=DAILY"));
    const busy = busyTimes(ics, ...window("2026-12-01T00:00:00Z", "2026-12-04T00:00:00Z"));
    expect(busy.map((b) => b.start)).toEqual(["2026-12-01T08:00:00.000Z", "2026-12-02T08:00:00.000Z", "2026-12-03T08:00:00.000Z"]);
    expect(busyTimes(ics, ...window("2026-12-01T00:00:00Z", "2027-12-01T00:00:00Z"), 10)).toHaveLength(10);
  });

  it("never throws on anything, and what it gives is inside the window, in order, each with a length", () => {
    const from = new Date("2026-12-01T00:00:00Z");
    const to = new Date("2026-12-22T00:00:00Z");
    const line = fc.oneof(
      fc.string(),
      fc.constantFrom("BEGIN:VEVENT", "END:VEVENT", "BEGIN:VALARM", "END:VALARM", "RRULE:FREQ=WEEKLY;BYDAY=XX,-9MO;COUNT=-1"),
      fc
        .tuple(fc.constantFrom("DTSTART", "DTEND", "EXDATE", "RECURRENCE-ID", "DURATION", "RRULE"), fc.string())
        .map(([n, v]) => `${n}:${v}`),
      fc
        .date({ min: new Date("2026-11-20"), max: new Date("2026-12-31"), noInvalidDate: true })
        .map((d) => `DTSTART:${d.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const busy = busyTimes(lines.join("\r\n"), from, to);
        for (const [i, b] of busy.entries()) {
          expect(Date.parse(b.end)).toBeGreaterThan(Date.parse(b.start));
          expect(Date.parse(b.end)).toBeGreaterThan(from.getTime());
          expect(Date.parse(b.start)).toBeLessThan(to.getTime());
          if (i > 0) expect(Date.parse(b.start)).toBeGreaterThanOrEqual(Date.parse(busy[i - 1].start));
        }
      }),
    );
  });

  it("expands recurring events as ical.js does, in UTC, London and New York, across both clock changes", () => {
    const from = new Date("2026-03-01T00:00:00Z");
    const to = new Date("2026-04-15T00:00:00Z");
    const zone = fc.constantFrom("UTC", "Europe/London", "America/New_York");
    const days = fc.subarray(["MO", "TU", "WE", "TH", "FR", "SA", "SU"], { minLength: 1 });
    const rule = fc.oneof(
      fc
        .record({ interval: fc.integer({ min: 1, max: 3 }), count: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }) })
        .map((r) => `FREQ=DAILY;INTERVAL=${r.interval}${r.count ? `;COUNT=${r.count}` : ""}`),
      fc
        .record({ interval: fc.integer({ min: 1, max: 2 }), days, count: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }) })
        .map((r) => `FREQ=WEEKLY;INTERVAL=${r.interval};BYDAY=${r.days.join(",")}${r.count ? `;COUNT=${r.count}` : ""}`),
      fc.constantFrom("FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYDAY=2TU,4TU", "FREQ=MONTHLY;BYMONTHDAY=1,-1", "FREQ=YEARLY"),
    );
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").slice(0, 15);
    fc.assert(
      fc.property(
        zone,
        rule,
        fc.date({ min: new Date("2026-02-01T00:00:00Z"), max: new Date("2026-04-10T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: 1, max: 8 }).map((quarters) => quarters * 15),
        (tz, rrule, at, minutes) => {
          const wall = new Date(Math.floor(at.getTime() / 900_000) * 900_000);
          const end = new Date(wall.getTime() + minutes * 60_000);
          const when = (d: Date) => (tz === "UTC" ? `:${stamp(d)}Z` : `;TZID=${tz}:${stamp(d)}`);
          const ics = cal(...(VTIMEZONES[tz] ?? []), ...event(`DTSTART${when(wall)}`, `DTEND${when(end)}`, `RRULE:${rrule}`));
          const ours = busyTimes(ics, from, to, 10_000).map((b) => b.start);

          const comp = new ICAL.Component(ICAL.parse(ics));
          for (const vtz of comp.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtz);
          const ev = new ICAL.Event(comp.getFirstSubcomponent("vevent")!);
          const it = ev.iterator();
          const theirs: string[] = [];
          for (let next = it.next(); next && next.toJSDate() < to; next = it.next()) {
            const s = rfcStart(next, tz);
            const e = new Date(s.getTime() + (end.getTime() - wall.getTime()));
            if (tz !== "UTC") {
              // A wall-clock length: read the end through the zone, as calendars do.
              const endTime = next.clone();
              endTime.addDuration(ev.duration);
              e.setTime(endTime.toJSDate().getTime());
            }
            if (e > from) theirs.push(s.toISOString());
          }
          expect(ours).toEqual(theirs);
        },
      ),
      {
        numRuns: 150,
        // Times the clocks skip, which once failed: a daily 01:00 in London (ical.js and RFC 5545 differ on 29 March).
        examples: [
          ["Europe/London", "FREQ=DAILY;INTERVAL=1", new Date("2026-03-14T01:00:00.000Z"), 15],
          // New York's: one that ends in the skipped hour, one that starts in it.
          ["America/New_York", "FREQ=WEEKLY;INTERVAL=1;BYDAY=SU", new Date("2026-03-03T01:45:00.000Z"), 15],
          ["America/New_York", "FREQ=DAILY;INTERVAL=1", new Date("2026-02-08T02:15:00.000Z"), 45],
        ],
      },
    );
  });
});
