/**
 * Dates as mail clients write them for people rather than for machines: the "Date:" and "Sent:"
 * lines of a forwarded block ("Mon, 30 Nov 2026 at 09:12", "Monday, November 30, 2026 9:12 AM",
 * "30 November 2026 at 09:12:45 GMT"), and an invite's wall-clock start in a named zone.
 */

/** The studio's zone: a forwarded block with no zone was written in the forwarder's local time, and staff are in London. */
export const STUDIO_TIME_ZONE = "Europe/London";

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** Zone abbreviations mail clients print, as minutes east of UTC. */
const ABBREVIATIONS: Record<string, number> = {
  gmt: 0,
  utc: 0,
  ut: 0,
  z: 0,
  bst: 60,
  cet: 60,
  cest: 120,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      // Not a zone this runtime knows (Outlook writes Windows names such as "GMT Standard Time").
    }
    if (formatters.size < 64) formatters.set(zone, format);
    else return format;
  }
  return formatters.get(zone) ?? null;
}

/** Minutes `zone` is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number, format: Intl.DateTimeFormat): number {
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60000);
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function valid({ year, month, day, hour, minute, second }: WallTime): boolean {
  if (year < 1970 || year > 2999 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The instant (ISO UTC) a wall-clock time in `zone` names, or null for a time or zone we cannot read. */
export function wallTimeToIso(time: WallTime, zone: string): string | null {
  if (!valid(time)) return null;
  const format = formatterFor(zone);
  if (!format) return null;
  const guess = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, Math.min(time.second, 59));
  // Two passes: the offset at the guess can differ from the offset at the answer across a clock change.
  const first = guess - offsetAt(guess, format) * 60000;
  const second = guess - offsetAt(first, format) * 60000;
  return new Date(second).toISOString();
}

function withOffset(time: WallTime, minutesEast: number): string | null {
  if (!valid(time)) return null;
  const ms = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, Math.min(time.second, 59)) - minutesEast * 60000;
  return new Date(ms).toISOString();
}

const MONTH_NAME =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?/i;
const TIME = /\b(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?(?:\s*([ap])\.?\s?m\b\.?)?/i;
const NUMERIC_OFFSET = /(?:GMT|UTC)?\s?([+-])(\d{1,2}):?(\d{2})?\b/i;
const ABBREVIATION = /\b(GMT|UTC|UT|BST|CEST|CET|EST|EDT|CST|CDT|MST|MDT|PST|PDT|Z)\b/i;

/**
 * The instant a human-written date names, as ISO UTC; a date without a zone is read in `zone`.
 * English month names, or UK-order numbers ("30/11/2026"); anything else is null, not a guess.
 */
export function parseLooseDate(value: string, zone = STUDIO_TIME_ZONE): string | null {
  let s = value.trim();
  if (!s || s.length > 200) return null;

  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (iso) {
    const time = { year: +iso[1], month: +iso[2], day: +iso[3], hour: +iso[4], minute: +iso[5], second: +(iso[6] ?? 0) };
    if (!iso[7]) return wallTimeToIso(time, zone);
    if (/^z$/i.test(iso[7])) return withOffset(time, 0);
    const [, sign, h, m] = /([+-])(\d{2}):?(\d{2})/.exec(iso[7])!;
    return withOffset(time, (sign === "-" ? -1 : 1) * (+h * 60 + +m));
  }

  // A numeric date first, so "30.11.2026" is not read as the time 30.11.
  const numericDate = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/.exec(s);
  if (numericDate) s = s.replace(numericDate[0], " ");
  const clock = TIME.exec(s);
  let hour = 0;
  let minute = 0;
  let second = 0;
  let offset: number | null = null;
  if (clock) {
    hour = +clock[1];
    minute = +clock[2];
    second = +(clock[3] ?? 0);
    if (clock[4]) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (clock[4].toLowerCase() === "p" ? 12 : 0);
    }
    const rest = s.slice(clock.index + clock[0].length);
    const numeric = NUMERIC_OFFSET.exec(rest);
    const named = ABBREVIATION.exec(rest);
    if (numeric && (!named || numeric.index <= named.index)) {
      const minutes = +numeric[2] * 60 + +(numeric[3] ?? 0);
      offset = (numeric[1] === "-" ? -1 : 1) * minutes;
    } else if (named) {
      offset = ABBREVIATIONS[named[1].toLowerCase()];
    }
    s = s.slice(0, clock.index);
  }

  let year: number;
  let month: number;
  let day: number;
  const monthName = MONTH_NAME.exec(s);
  if (monthName) {
    month = MONTHS[monthName[1].slice(0, 3).toLowerCase()];
    const others = s.replace(monthName[0], " ");
    const yearMatch = /\b(\d{4})\b/.exec(others);
    if (!yearMatch) return null;
    year = +yearMatch[1];
    const dayMatch = /\b(\d{1,2})(?:st|nd|rd|th)?\b/i.exec(others.replace(yearMatch[0], " "));
    if (!dayMatch) return null;
    day = +dayMatch[1];
  } else if (numericDate) {
    // UK order unless the numbers only make sense the US way round.
    const [a, b] = [+numericDate[1], +numericDate[2]];
    [day, month] = b > 12 && a <= 12 ? [b, a] : [a, b];
    year = +numericDate[3];
  } else {
    return null;
  }

  const time = { year, month, day, hour, minute, second };
  return offset === null ? wallTimeToIso(time, zone) : withOffset(time, offset);
}
