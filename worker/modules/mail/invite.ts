/**
 * The little of a calendar invite (a text/calendar part or an .ics file) a timeline entry shows:
 * what the first event is called and when it starts. Not a calendar parser: no recurrence, no
 * VTIMEZONE rules (a zone is read by its name).
 */
import { normaliseText } from "../../../contract/text";
import { wallTimeToIso } from "./dates";
import type { MailInvite } from "./types";

/** The Windows zone names Outlook writes in TZID, for the zones the studio's clients are likely in. */
const WINDOWS_ZONES: Record<string, string> = {
  "gmt standard time": "Europe/London",
  "greenwich standard time": "Atlantic/Reykjavik",
  "w. europe standard time": "Europe/Berlin",
  "romance standard time": "Europe/Paris",
  "central europe standard time": "Europe/Budapest",
  "central european standard time": "Europe/Warsaw",
  "e. europe standard time": "Europe/Chisinau",
  "fle standard time": "Europe/Kiev",
  "eastern standard time": "America/New_York",
  "central standard time": "America/Chicago",
  "mountain standard time": "America/Denver",
  "pacific standard time": "America/Los_Angeles",
  "aus eastern standard time": "Australia/Sydney",
  utc: "UTC",
  "coordinated universal time": "UTC",
};

const MAX_ICS_CHARS = 256 * 1024;

/** RFC 5545 TEXT unescaped: "\n" a line break, "\," "\;" "\\" the character. */
const unescapeText = (v: string) => v.replace(/\\([nN,;\\])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

function readStart(value: string, params: Record<string, string>): string | null {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (date) {
    const [, y, m, d] = date;
    return Number(m) >= 1 && Number(m) <= 12 && Number(d) >= 1 && Number(d) <= 31 ? `${y}-${m}-${d}` : null;
  }
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!m) return null;
  const time = { year: +m[1], month: +m[2], day: +m[3], hour: +m[4], minute: +m[5], second: +m[6] };
  if (m[7]) return wallTimeToIso(time, "UTC");
  const tzid = params.tzid?.replace(/^"|"$/g, "").trim();
  if (tzid) {
    const zone = WINDOWS_ZONES[tzid.toLowerCase()] ?? tzid.replace(/^\/[^/]*\/[^/]*\//, "");
    const iso = wallTimeToIso(time, zone);
    if (iso) return iso;
  }
  // A floating time, or a zone we can't read: the wall-clock time as written, with no zone.
  return wallTimeToIso(time, "UTC") === null ? null : `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
}

/** Where a content line's name and parameters end: the first ":" outside a quoted parameter value. */
function nameEnd(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) return i;
  }
  return -1;
}

/** The first VEVENT's SUMMARY and DTSTART, or null when the text holds no event. */
export function readInvite(ics: string, method: string | null): MailInvite | null {
  const lines = ics
    .slice(0, MAX_ICS_CHARS)
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");
  let inEvent = false;
  let depth = 0;
  let summary: string | null = null;
  let start: string | null = null;
  let found = false;
  for (const line of lines) {
    const upper = line.trim().toUpperCase();
    if (upper === "BEGIN:VEVENT" && !found) {
      inEvent = true;
      found = true;
      continue;
    }
    if (!inEvent) continue;
    // An alarm inside the event has a SUMMARY of its own.
    if (upper.startsWith("BEGIN:")) depth++;
    else if (upper.startsWith("END:")) {
      if (!depth) break;
      depth--;
    } else if (!depth) {
      const colon = nameEnd(line);
      if (colon < 0) continue;
      const [name, ...rawParams] = line.slice(0, colon).split(";");
      const value = line.slice(colon + 1).trim();
      const params = Object.fromEntries(
        rawParams.map((p) => {
          const eq = p.indexOf("=");
          return [p.slice(0, eq).toLowerCase(), p.slice(eq + 1)];
        }),
      );
      if (name.toUpperCase() === "SUMMARY" && summary === null) summary = normaliseText(unescapeText(value).slice(0, 500)) || null;
      if (name.toUpperCase() === "DTSTART" && start === null) start = readStart(value, params);
    }
  }
  if (!found) return null;
  return { summary, start, method: (method && normaliseText(method.slice(0, 40))) || null };
}
