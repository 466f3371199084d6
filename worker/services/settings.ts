/**
 * The studio's details for printed invoices, kept as one JSON value under the `studio` key of
 * the settings table. Until an Owner saves them, the studio name comes from STUDIO_NAME.
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { settings } from "../db/schema";
import { studioSettings, type StudioSettings, type studioSettingsInput } from "../../contract/settings";
import { AppError } from "../lib/errors";
import { nextStamp, nowIso } from "../lib/time";

const KEY = "studio";

const blank = (studioName: string): StudioSettings => ({
  studio_name: studioName,
  address: "",
  vat_number: null,
  bank_name: null,
  bank_account_name: null,
  bank_sort_code: null,
  bank_account_number: null,
  invoice_notes: null,
});

const changedElsewhere = () =>
  new AppError("conflict", "The studio details were changed by someone else. They have been reloaded with the latest details.");

export async function getStudioSettings(db: Db, studioName: string): Promise<{ settings: StudioSettings; updated_at: string | null }> {
  const row = await db.select().from(settings).where(eq(settings.key, KEY)).get();
  if (!row) return { settings: blank(studioName), updated_at: null };
  // Fields added later read as their blank value.
  const stored = studioSettings.partial().parse(JSON.parse(row.value));
  return { settings: { ...blank(studioName), ...stored }, updated_at: row.updated_at };
}

/** Saves from the copy the form was loaded from; a stale copy is refused with 409. */
export async function saveStudioSettings(db: Db, input: z.output<typeof studioSettingsInput>, studioName: string) {
  const { updated_at: seen, ...values } = input;
  const value = JSON.stringify(values);
  const rows =
    seen === null
      ? await db
          .insert(settings)
          .values({ key: KEY, value, created_at: nowIso(), updated_at: nowIso() })
          .onConflictDoNothing()
          .returning({ key: settings.key })
      : await db
          .update(settings)
          .set({ value, updated_at: nextStamp(seen) })
          .where(and(eq(settings.key, KEY), eq(settings.updated_at, seen)))
          .returning({ key: settings.key });
  if (rows.length === 0) throw changedElsewhere();
  return getStudioSettings(db, studioName);
}
