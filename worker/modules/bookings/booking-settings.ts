/**
 * Settings → Bookings, under the `bookings` settings key: who takes the calls and when
 * (contract/booking-settings.ts). Until an Owner saves them, the defaults, with no host: nothing
 * can be booked until someone is named to take the calls.
 */
import { and, eq } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { users } from "../../db/schema";
import { AppError } from "../../platform/errors";
import {
  bookingRulesOf,
  bookingSettings,
  DEFAULT_BOOKING_SETTINGS,
  type BookingSettings,
  type BookingSettingsView,
  type bookingSettingsInput,
} from "../../../contract/booking-settings";
import { auditEvent, type AuditSource } from "../audit";
import { bankHolidays, readSettingValue, saveSettingValue } from "../settings";
import type { BookingRules } from "../../../contract/booking-slots";
import { hostCalendarStatus } from "./host-calendar";

const BOOKINGS_KEY = "bookings";

export const getBookingSettings = (db: Db) => readSettingValue(db, BOOKINGS_KEY, bookingSettings, DEFAULT_BOOKING_SETTINGS);

/** The rules every list of free times and every booking checks: the settings', closed on every bank holiday known. */
export async function bookingRules(db: Db, settings: BookingSettings): Promise<BookingRules> {
  const rules = bookingRulesOf(settings);
  return { ...rules, closed_dates: [...rules.closed_dates, ...(await bankHolidays(db))] };
}

/** The settings as a member of staff may read them: the host's calendar address only for an Owner. */
export async function bookingSettingsFor(db: Db, isOwner: boolean): Promise<BookingSettingsView> {
  const stored = await getBookingSettings(db);
  return {
    settings: isOwner ? stored.settings : { ...stored.settings, calendar_url: null },
    updated_at: stored.updated_at,
    calendar_connected: stored.settings.calendar_url !== null,
    calendar: await hostCalendarStatus(db, stored.settings.host_id, stored.settings.calendar_url),
  };
}

const hostProblem = "Choose a member of staff to take the calls";

export async function saveBookingSettings(db: Db, input: z.output<typeof bookingSettingsInput>, source: AuditSource) {
  const { updated_at, ...value } = input;
  if (value.host_id !== null) {
    const host = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, value.host_id), eq(users.disabled, false), eq(users.is_team, false)))
      .get();
    if (!host) throw new AppError("validation_failed", hostProblem, { host_id: hostProblem });
  }
  await saveSettingValue(
    db,
    BOOKINGS_KEY,
    { ...value, closed_dates: [...value.closed_dates].sort() },
    updated_at,
    "The booking settings were changed by someone else. They have been reloaded with the latest settings.",
  );
  await auditEvent(db, source, "settings_changed", `Changed the booking settings: ${value.call_minutes}-minute calls`);
  return bookingSettingsFor(db, true);
}
