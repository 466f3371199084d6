/**
 * A small RFC 5545 writer for the calendar feed and for invitations: TEXT escaping, 75-octet line
 * folding that never splits a UTF-8 character, CRLF line ends, DATE and UTC DATE-TIME values. No
 * VTIMEZONE is needed: all-day events are calendar days, and timed ones (calls) are instants in
 * UTC, which every calendar shows in its owner's zone.
 */

import { addDays } from "./time";

/** One property line before folding: `NAME;PARAM=x:value`, the value already in its type's form. */
export type IcsLine = string;

export interface IcsEvent {
  uid: string;
  /** The row's last change, UTC ISO-8601: DTSTAMP and LAST-MODIFIED. */
  stamp: string;
  sequence: number;
  /** A calendar day (YYYY-MM-DD), or a stretch of time (UTC ISO-8601 instants). */
  when: { date: string } | { start: string; end: string };
  summary: string;
  description: string;
  url: string;
  categories: string;
}

export interface IcsCalendar {
  prodId: string;
  name: string;
  description: string;
  events: IcsEvent[];
}

/** TEXT (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  // Most values need nothing: one test instead of five replacements (a feed escapes thousands).
  // eslint-disable-next-line no-control-regex
  if (!/[\\;,\x00-\x1f\x7f]/.test(value)) return value;
  return (
    value
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
      // Control characters are not allowed in TEXT (HTAB is); a stored value should never hold one.
      // eslint-disable-next-line no-control-regex
      .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, "")
  );
}

/**
 * Folds a content line (§3.1): at most 75 octets per physical line, continuation lines starting
 * with one space. Breaks fall between characters, never inside a UTF-8 sequence or a surrogate
 * pair. Octets are counted from the UTF-16 code units (a feed has thousands of lines, and encoding
 * each character on its own took most of a large feed's time).
 */
export function foldLine(line: string): string {
  // A UTF-16 code unit is at most 3 octets in UTF-8: short lines need no counting.
  if (line.length * 3 <= 75) return line;
  let out = "";
  let start = 0;
  let octets = 0;
  // The first line holds 75 octets; every later one 74 after its leading space.
  let room = 75;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < line.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (octets + size > room) {
      out += `${line.slice(start, i)}\r\n `;
      start = i;
      octets = 0;
      room = 74;
    }
    octets += size;
    if (pair) i++;
  }
  return out + line.slice(start);
}

/** YYYY-MM-DD → the DATE value YYYYMMDD. */
export const icsDate = (date: string) => date.replaceAll("-", "");

/** An ISO-8601 instant → the UTC DATE-TIME form YYYYMMDDTHHMMSSZ. */
export function icsUtc(iso: string): string {
  const t = new Date(iso);
  const at = Number.isNaN(t.getTime()) ? new Date(0) : t;
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

function eventLines(e: IcsEvent): IcsLine[] {
  const stamp = icsUtc(e.stamp);
  return [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `SEQUENCE:${Math.max(0, Math.floor(e.sequence))}`,
    ...("date" in e.when
      ? [`DTSTART;VALUE=DATE:${icsDate(e.when.date)}`, `DTEND;VALUE=DATE:${icsDate(addDays(e.when.date, 1))}`]
      : [`DTSTART:${icsUtc(e.when.start)}`, `DTEND:${icsUtc(e.when.end)}`]),
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    // A URI value is not TEXT: no escaping, only folding.
    `URL:${e.url}`,
    `CATEGORIES:${escapeText(e.categories)}`,
    // A day's reminder of work never makes the subscriber look busy; time booked with someone does.
    "date" in e.when ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

/** The whole VCALENDAR object, CRLF after every line (the last one too). */
export function renderCalendar(cal: IcsCalendar): string {
  const lines: IcsLine[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${cal.prodId}`,
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `X-WR-CALDESC:${escapeText(cal.description)}`,
    "X-WR-TIMEZONE:Europe/London",
    // RFC 7986 and its older Microsoft spelling: how often subscribers should fetch again.
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...cal.events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** Someone an invitation names: an address and the name a calendar shows for it. */
export interface IcsPerson {
  email: string;
  name: string;
}

/**
 * One timed event sent by e-mail (iMIP, RFC 6047): REQUEST puts it in each attendee's calendar, or
 * updates it there when the UID is the same and the SEQUENCE higher; CANCEL takes it out.
 */
export interface IcsInvitation {
  /** REQUEST and CANCEL travel by e-mail; PUBLISH is the same event as a file to add by hand. */
  method: "REQUEST" | "CANCEL" | "PUBLISH";
  prodId: string;
  /** Stable for the event's whole life: a reschedule and a cancel name the same UID. */
  uid: string;
  /** Raised by one for every change the attendees are sent. */
  sequence: number;
  /** When this version was made, UTC ISO-8601. */
  stamp: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** A meeting link or a phone number. */
  location: string | null;
  organizer: IcsPerson;
  attendees: IcsPerson[];
}

/** A CAL-ADDRESS parameter value: quoted, since a name may hold a comma or a colon; quotes cannot be escaped, so they go. */
const cn = (name: string) => `"${name.replace(/["\r\n]/g, "")}"`;
const mailto = (email: string) => `mailto:${email.replace(/[\r\n\s]/g, "")}`;

/** The VCALENDAR object of an invitation, CRLF after every line. */
export function renderInvitation(inv: IcsInvitation): string {
  const lines: IcsLine[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${inv.prodId}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${inv.method}`,
    "BEGIN:VEVENT",
    `UID:${inv.uid}`,
    `DTSTAMP:${icsUtc(inv.stamp)}`,
    `SEQUENCE:${Math.max(0, Math.floor(inv.sequence))}`,
    `DTSTART:${icsUtc(inv.start)}`,
    `DTEND:${icsUtc(inv.end)}`,
    `SUMMARY:${escapeText(inv.summary)}`,
    `DESCRIPTION:${escapeText(inv.description)}`,
    ...(inv.location ? [`LOCATION:${escapeText(inv.location)}`] : []),
    `ORGANIZER;CN=${cn(inv.organizer.name)}:${mailto(inv.organizer.email)}`,
    ...inv.attendees.map((a) => `ATTENDEE;CN=${cn(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${mailto(a.email)}`),
    `STATUS:${inv.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    // A call is time taken: it makes the attendee look busy.
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
