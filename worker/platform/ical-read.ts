/**
 * A small RFC 5545 reader for one question: when is someone busy? It reads a calendar's VEVENTs
 * (DTSTART with DTEND or DURATION; in UTC, in a TZID, floating, or all-day), expands their RRULE
 * in the event's own zone, so a weekly 09:00 stays 09:00 across a clock change, leaves out EXDATEs
 * and the occurrences moved elsewhere (RECURRENCE-ID), and skips what makes nobody busy
 * (TRANSP:TRANSPARENT, STATUS:CANCELLED). Only occurrences touching the window come back.
 *
 * Why not ical.js: it is several times this file's size in a worker that has a size budget, and
 * this reader needs none of its editing. Rule parts beyond FREQ, INTERVAL, COUNT, UNTIL, BYDAY,
 * BYMONTHDAY and BYMONTH are read without their extra part (BYSETPOS then marks more times busy,
 * never fewer); HOURLY and finer rules count their first occurrence only.
 */
import { zonedTime, type Interval } from "../../contract/booking-slots";

interface Prop {
  name: string;
  params: Record<string, string>;
  value: string;
}

const DAY = 86_400_000;
/** Where a floating time or an all-day event is: the studio's. */
const HOME_ZONE = "Europe/London";
/** A calendar's events can be many; a runaway rule must not be. */
const MAX_PERIODS = 50_000;

/** Outlook's calendars name Windows zones; the ones a UK studio's contacts are most likely in. */
const WINDOWS_ZONES: Record<string, string> = {
  "GMT Standard Time": "Europe/London",
  "Greenwich Standard Time": "Atlantic/Reykjavik",
  "W. Europe Standard Time": "Europe/Berlin",
  "Romance Standard Time": "Europe/Paris",
  "Central Europe Standard Time": "Europe/Budapest",
  "Central European Standard Time": "Europe/Warsaw",
  "E. Europe Standard Time": "Europe/Chisinau",
  "GTB Standard Time": "Europe/Bucharest",
  "FLE Standard Time": "Europe/Kiev",
  "Eastern Standard Time": "America/New_York",
  "Central Standard Time": "America/Chicago",
  "Mountain Standard Time": "America/Denver",
  "Pacific Standard Time": "America/Los_Angeles",
  "India Standard Time": "Asia/Kolkata",
  "AUS Eastern Standard Time": "Australia/Sydney",
  UTC: "UTC",
};

const zones = new Map<string, string>();
/** The IANA zone a TZID names: itself when Intl knows it, a Windows name's match, or else the studio's. */
function zoneOf(tzid: string | undefined): string {
  if (!tzid) return HOME_ZONE;
  let zone = zones.get(tzid);
  if (zone) return zone;
  const name = tzid.replace(/^\/(?:[^/]+\/){0,2}/, "");
  zone = WINDOWS_ZONES[name] ?? HOME_ZONE;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: name });
    zone = name;
  } catch {
    // not an IANA name: the match above stands
  }
  zones.set(tzid, zone);
  return zone;
}

/** Lines with their folds undone (a line break followed by a space or tab continues the line). */
const unfold = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");

/** `NAME;PARAM=value;PARAM="quoted: value":value`, or null for a line that is not one. */
function propOf(line: string): Prop | null {
  const name = /^[A-Za-z0-9-]+/.exec(line)?.[0];
  if (!name) return null;
  const params: Record<string, string> = {};
  let i = name.length;
  while (line[i] === ";") {
    const eq = line.indexOf("=", i);
    if (eq < 0) return null;
    const key = line.slice(i + 1, eq).toUpperCase();
    let j = eq + 1;
    if (line[j] === '"') {
      const close = line.indexOf('"', j + 1);
      if (close < 0) return null;
      params[key] = line.slice(j + 1, close);
      j = close + 1;
    } else {
      while (j < line.length && line[j] !== ";" && line[j] !== ":") j++;
      params[key] = line.slice(eq + 1, j);
    }
    i = j;
  }
  if (line[i] !== ":") return null;
  return { name: name.toUpperCase(), params, value: line.slice(i + 1).trim() };
}

/** Each VEVENT's own properties (those of an alarm inside it left out). */
function veventsOf(text: string): Prop[][] {
  const events: Prop[][] = [];
  let current: Prop[] | null = null;
  let nested = 0;
  for (const line of unfold(text)) {
    const prop = propOf(line);
    if (!prop) continue;
    const what = prop.value.toUpperCase();
    if (prop.name === "BEGIN") {
      if (current) nested++;
      else if (what === "VEVENT") current = [];
    } else if (prop.name === "END") {
      if (current && nested > 0) nested--;
      else if (current && what === "VEVENT") {
        events.push(current);
        current = null;
      }
    } else if (current && nested === 0) current.push(prop);
  }
  return events;
}

/**
 * A time as its wall clock (milliseconds, read as if UTC) and where that clock is: `zone` null for
 * UTC itself. All-day values are midnight at home.
 */
interface Stamp {
  wall: number;
  zone: string | null;
  allDay: boolean;
}

const STAMP = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

function stampOf(value: string, tzid: string | undefined): Stamp | null {
  const m = STAMP.exec(value);
  if (!m) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  if (Number.isNaN(wall)) return null;
  if (m[4] === undefined) return { wall, zone: HOME_ZONE, allDay: true };
  return { wall, zone: m[7] ? null : zoneOf(tzid), allDay: false };
}

/** The instant a wall clock reads in a zone (or UTC). */
function instantOf(wall: number, zone: string | null): number {
  if (zone === null) return wall;
  const iso = new Date(wall).toISOString();
  return zonedTime(iso.slice(0, 10), iso.slice(11, 16), zone) + (wall % 60_000);
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** A DURATION as nominal days (which follow the wall clock) and exact milliseconds. */
function durationOf(value: string): { days: number; ms: number } | null {
  const m = DURATION.exec(value);
  if (!m) return null;
  const sign = m[1] === "-" ? -1 : 1;
  return {
    days: sign * (+(m[2] ?? 0) * 7 + +(m[3] ?? 0)),
    ms: sign * ((+(m[4] ?? 0) * 60 + +(m[5] ?? 0)) * 60 + +(m[6] ?? 0)) * 1000,
  };
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

interface Rule {
  freq: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY" | "ONCE";
  interval: number;
  count: number | null;
  until: Stamp | null;
  byDay: { nth: number; day: number }[];
  byMonthDay: number[];
  byMonth: number[];
}

function ruleOf(value: string): Rule {
  const parts = Object.fromEntries(
    value.split(";").map((p) => {
      const [k, v = ""] = p.split("=");
      return [k.toUpperCase(), v.toUpperCase()];
    }),
  );
  const freq = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].includes(parts.FREQ) ? (parts.FREQ as Rule["freq"]) : "ONCE";
  const list = (v: string | undefined) => (v ? v.split(",").filter(Boolean) : []);
  return {
    freq,
    interval: Math.max(1, Number.parseInt(parts.INTERVAL ?? "1", 10) || 1),
    count: parts.COUNT ? Math.max(0, Number.parseInt(parts.COUNT, 10) || 0) : null,
    until: parts.UNTIL ? stampOf(parts.UNTIL, undefined) : null,
    byDay: list(parts.BYDAY)
      .map((d) => /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(d))
      .filter((m) => m !== null)
      .map((m) => ({ nth: m[1] ? Number(m[1]) : 0, day: WEEKDAYS.indexOf(m[2]) })),
    byMonthDay: list(parts.BYMONTHDAY)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n !== 0 && Math.abs(n) <= 31),
    byMonth: list(parts.BYMONTH)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= 12),
  };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The days of one month a rule picks (days of the month, 1-based), in order. */
function monthDays(rule: Rule, year: number, month: number, startDay: number): number[] {
  const last = daysIn(year, month);
  const days = new Set<number>();
  if (rule.byDay.length) {
    const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
    for (const { nth, day } of rule.byDay) {
      const all: number[] = [];
      for (let d = 1 + ((day - firstWeekday + 7) % 7); d <= last; d += 7) all.push(d);
      const picked = nth === 0 ? all : [nth > 0 ? all[nth - 1] : all[all.length + nth]];
      for (const d of picked) if (d !== undefined) days.add(d);
    }
  } else if (rule.byMonthDay.length) {
    for (const n of rule.byMonthDay) {
      const d = n > 0 ? n : last + 1 + n;
      if (d >= 1 && d <= last) days.add(d);
    }
  } else if (startDay <= last) days.add(startDay);
  return [...days].sort((a, b) => a - b);
}

/**
 * The starts (wall clock) a rule makes from `first`, in order, up to `toWall`: each period's
 * candidates, those before the first left out. COUNT counts from the first occurrence on, as the
 * standard says, so a rule with a count is walked from its start; one without skips ahead.
 */
function* occurrences(rule: Rule, first: number, fromWall: number, toWall: number): Generator<number> {
  const timeOfDay = ((first % DAY) + DAY) % DAY;
  const start = new Date(first);
  let made = 0;
  const emit = function* (wall: number): Generator<number, boolean> {
    if (wall < first) return true;
    if (wall > toWall || (rule.count !== null && made >= rule.count)) return false;
    made++;
    yield wall;
    return true;
  };
  if (rule.freq === "ONCE") {
    yield* emit(first);
    return;
  }
  if (rule.freq === "DAILY" || rule.freq === "WEEKLY") {
    const step = (rule.freq === "DAILY" ? 1 : 7) * rule.interval * DAY;
    // The period's first day: the day itself, or the Monday of its week (WKST=MO).
    const base = first - timeOfDay - (rule.freq === "WEEKLY" ? ((start.getUTCDay() + 6) % 7) * DAY : 0);
    const skip = rule.count === null ? Math.max(0, Math.floor((fromWall - base) / step) - 1) : 0;
    for (let k = skip; k < skip + MAX_PERIODS; k++) {
      const period = base + k * step;
      if (period > toWall) return;
      const days =
        rule.freq === "DAILY"
          ? [period]
          : (rule.byDay.length ? [...new Set(rule.byDay.map((d) => (d.day + 6) % 7))].sort() : [(start.getUTCDay() + 6) % 7]).map(
              (offset) => period + offset * DAY,
            );
      for (const day of days) {
        const date = new Date(day);
        if (rule.freq === "DAILY" && rule.byDay.length && !rule.byDay.some((d) => d.day === date.getUTCDay())) continue;
        if (rule.byMonth.length && !rule.byMonth.includes(date.getUTCMonth() + 1)) continue;
        if (!(yield* emit(day + timeOfDay))) return;
      }
    }
    return;
  }
  const monthsPerPeriod = rule.freq === "MONTHLY" ? rule.interval : 12 * rule.interval;
  for (let k = 0; k < MAX_PERIODS; k++) {
    const firstMonth = start.getUTCFullYear() * 12 + start.getUTCMonth() + k * monthsPerPeriod;
    if (Date.UTC(Math.floor(firstMonth / 12), firstMonth % 12, 1) > toWall) return;
    const months =
      rule.freq === "YEARLY" && rule.byMonth.length
        ? [...rule.byMonth].sort((a, b) => a - b).map((m) => firstMonth - (firstMonth % 12) + m - 1)
        : [firstMonth];
    for (const m of months) {
      const year = Math.floor(m / 12);
      const month = m % 12;
      if (rule.freq === "MONTHLY" && rule.byMonth.length && !rule.byMonth.includes(month + 1)) continue;
      for (const d of monthDays(rule, year, month, start.getUTCDate())) if (!(yield* emit(Date.UTC(year, month, d) + timeOfDay))) return;
    }
  }
}

/** Every value of every `name` property, as instants (EXDATE and RECURRENCE-ID lists). */
function instantsOf(props: Prop[], name: string): number[] {
  return props
    .filter((p) => p.name === name)
    .flatMap((p) =>
      p.value.split(",").flatMap((v) => {
        const s = stampOf(v.trim(), p.params.TZID);
        return s ? [instantOf(s.wall, s.zone)] : [];
      }),
    );
}

/**
 * The busy stretches of a calendar that touch [from, to), in order. Anything the reader cannot
 * make sense of (a line, a date, an event) is passed over rather than failing the whole calendar.
 */
export function busyTimes(ics: string, from: Date, to: Date, max = 5000): Interval[] {
  const lo = from.getTime();
  const hi = to.getTime();
  const events = veventsOf(ics);
  const moved = new Map<string, Set<number>>();
  for (const props of events) {
    const uid = props.find((p) => p.name === "UID")?.value;
    if (uid === undefined) continue;
    for (const at of instantsOf(props, "RECURRENCE-ID")) {
      const set = moved.get(uid) ?? new Set<number>();
      set.add(at);
      moved.set(uid, set);
    }
  }
  const out: { start: number; end: number }[] = [];
  for (const props of events) {
    const get = (name: string) => props.find((p) => p.name === name);
    if (get("TRANSP")?.value.toUpperCase() === "TRANSPARENT" || get("STATUS")?.value.toUpperCase() === "CANCELLED") continue;
    const dtstart = get("DTSTART");
    const start = dtstart && stampOf(dtstart.value, dtstart.params.TZID);
    if (!start) continue;
    const dtend = get("DTEND");
    const endStamp = dtend ? stampOf(dtend.value, dtend.params.TZID) : null;
    const duration = get("DURATION") ? durationOf(get("DURATION")!.value) : null;
    // How long each occurrence is: on the wall clock when both ends share a zone (a 09:00–10:00 stays so),
    // else exactly; an event with neither DTEND nor DURATION lasts a day if all-day, else no time at all.
    const length = endStamp
      ? endStamp.zone === start.zone
        ? { days: 0, ms: endStamp.wall - start.wall, wallClock: true }
        : { days: 0, ms: instantOf(endStamp.wall, endStamp.zone) - instantOf(start.wall, start.zone), wallClock: false }
      : duration
        ? { ...duration, wallClock: false }
        : { days: start.allDay ? 1 : 0, ms: 0, wallClock: false };
    const rrule = get("RRULE");
    const isOverride = !!get("RECURRENCE-ID");
    const rule = rrule && !isOverride ? ruleOf(rrule.value) : ruleOf("FREQ=ONCE");
    // UNTIL is the last moment allowed: a whole day when it is a date, the event's own zone when floating.
    const until =
      rule.until &&
      (rule.until.allDay
        ? instantOf(rule.until.wall + DAY - 1, start.zone)
        : instantOf(rule.until.wall, rule.until.zone === null ? null : start.zone));
    const skip = new Set([...instantsOf(props, "EXDATE"), ...(isOverride ? [] : (moved.get(get("UID")?.value ?? "") ?? []))]);
    // Wall clocks are within a day of their instants, so a day either side is room enough.
    for (const wall of occurrences(rule, start.wall, lo - 2 * DAY, hi + 2 * DAY)) {
      const s = instantOf(wall, start.zone);
      if (until && s > until) break;
      if (skip.has(s)) continue;
      const e = length.wallClock ? instantOf(wall + length.ms, start.zone) : instantOf(wall + length.days * DAY, start.zone) + length.ms;
      // An occurrence the spring change swallows on the wall clock (02:15–03:00 in New York on its day)
      // still happened: it keeps its written length rather than vanish.
      const end = length.wallClock && e <= s && length.ms > 0 ? s + length.ms : e;
      if (end > lo && s < hi && end > s) out.push({ start: s, end });
      if (out.length >= max * 2) break;
    }
  }
  return out
    .sort((a, b) => a.start - b.start)
    .slice(0, max)
    .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }));
}
