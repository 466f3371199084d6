/**
 * The host's own calendar making them busy. The hourly job reads the private address the Owner
 * pasted in Settings → Bookings (Google, Apple and Outlook each give one) and keeps the busy times
 * from yesterday to just past the booking horizon, under the `bookings_calendar` settings key,
 * stamped with the host and a hash of the address they came from. A page that lists free times
 * reads them from there, never from the calendar itself: a slow or broken calendar slows no visitor.
 *
 * When a read fails, the last good busy times stand (a calendar that was busy an hour ago still
 * is) and Settings says what went wrong; a new host or a new address starts from nothing.
 */
import { eq } from "drizzle-orm";
import * as z from "zod";
import type { Db } from "../../platform/db";
import { settings } from "../../db/schema";
import { sha256Hex } from "../../platform/ids";
import { busyTimes } from "../../platform/ical-read";
import type { Interval } from "../../../contract/booking-slots";
import type { BookingSettings, HostCalendarStatus } from "../../../contract/booking-settings";
import { readOutside, type Fetcher } from "../../platform/outside";
import { readSettingValue, storeSettingValue } from "../settings";

const CALENDAR_KEY = "bookings_calendar";
const DAY_MS = 86_400_000;
/** Past this, the calendar is not read: no diary a studio's host keeps is this large. */
export const MAX_CALENDAR_BYTES = 5_000_000;

const hostCalendar = z.object({
  host_id: z.string(),
  /** SHA-256 of the address read: the address itself is a secret kept only in the settings. */
  source: z.string(),
  tried_at: z.string(),
  read_at: z.string().nullable(),
  busy: z.array(z.object({ start: z.string(), end: z.string() })),
  problem: z.string().nullable(),
});
type HostCalendar = z.infer<typeof hostCalendar>;

const readStored = async (db: Db) => (await readSettingValue(db, CALENDAR_KEY, hostCalendar.nullable(), null)).settings;

/** The stored read if it is this host's, from this address; otherwise none. */
async function storedFor(db: Db, hostId: string | null, calendarUrl: string | null): Promise<HostCalendar | null> {
  if (!hostId || !calendarUrl) return null;
  const stored = await readStored(db);
  return stored && stored.host_id === hostId && stored.source === (await sha256Hex(calendarUrl)) ? stored : null;
}

/** When `hostId` is busy in their own calendar, as last read (the settings name whose calendar it is). */
export async function calendarBusy(db: Db, hostId: string, s: BookingSettings): Promise<Interval[]> {
  return s.host_id === hostId ? ((await storedFor(db, s.host_id, s.calendar_url))?.busy ?? []) : [];
}

/** What Settings shows of the last read: null when no calendar is set or none was tried yet. */
export async function hostCalendarStatus(db: Db, hostId: string | null, calendarUrl: string | null): Promise<HostCalendarStatus | null> {
  const stored = await storedFor(db, hostId, calendarUrl);
  return stored && { tried_at: stored.tried_at, read_at: stored.read_at, busy_times: stored.busy.length, problem: stored.problem };
}

/** The calendar's text, or what went wrong in words the Owner can act on. */
async function fetchCalendar(url: string, fetcher: Fetcher): Promise<{ text: string } | { problem: string }> {
  let res: Response;
  try {
    res = await readOutside(url.replace(/^webcal:/i, "https:"), "text/calendar", fetcher);
  } catch {
    return { problem: "The calendar's address could not be reached" };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return {
      problem:
        res.status === 401 || res.status === 403 || res.status === 404
          ? `The calendar's address answered ${res.status}: copy its private address again`
          : `The calendar's address answered ${res.status}`,
    };
  }
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_CALENDAR_BYTES) {
    await res.body?.cancel();
    return { problem: "The calendar is larger than 5 MB" };
  }
  const text = await res.text();
  if (text.length > MAX_CALENDAR_BYTES) return { problem: "The calendar is larger than 5 MB" };
  if (!/^BEGIN:VCALENDAR/im.test(text)) return { problem: "That address gave something other than a calendar" };
  return { text };
}

/**
 * Reads the host's calendar and keeps its busy times. Nothing to read (no host, no address): the
 * stored read goes, so an address taken out of Settings frees its times.
 */
export async function refreshHostCalendar(
  db: Db,
  s: BookingSettings,
  now: Date,
  fetcher: Fetcher = fetch,
): Promise<Record<string, number>> {
  if (!s.host_id || !s.calendar_url) {
    await db.delete(settings).where(eq(settings.key, CALENDAR_KEY));
    return { busy_times: 0 };
  }
  const previous = await storedFor(db, s.host_id, s.calendar_url);
  const got = await fetchCalendar(s.calendar_url, fetcher);
  const stamp = now.toISOString();
  const next: HostCalendar =
    "text" in got
      ? {
          host_id: s.host_id,
          source: await sha256Hex(s.calendar_url),
          tried_at: stamp,
          read_at: stamp,
          busy: busyTimes(got.text, new Date(now.getTime() - DAY_MS), new Date(now.getTime() + (s.horizon_days + 2) * DAY_MS)),
          problem: null,
        }
      : {
          host_id: s.host_id,
          source: await sha256Hex(s.calendar_url),
          tried_at: stamp,
          read_at: previous?.read_at ?? null,
          busy: previous?.busy ?? [],
          problem: got.problem,
        };
  await storeSettingValue(db, CALENDAR_KEY, next, stamp);
  return { busy_times: next.busy.length, failed: next.problem ? 1 : 0 };
}
