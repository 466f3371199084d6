/**
 * The studio's details for printed invoices, kept as one JSON value under the `studio` key of
 * the settings table. Until an Owner saves them, the studio name comes from STUDIO_NAME.
 */
import { and, eq } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { settings } from "../../db/schema";
import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  DEFAULT_STAGE_WEIGHTS,
  stageWeights,
  studioSettings,
  type StageWeights,
  type stageWeightsInput,
  type StudioSettings,
  type studioSettingsInput,
} from "../../../contract/settings";
import { automaticCredit } from "../../../contract/activity-values";
import { TERMS_PAYMENT_SCHEDULE, type PaymentSchedule } from "../../../contract/payment-schedule";
import { AppError } from "../../platform/errors";
import { nextStamp, nowIso } from "../../platform/time";
import { auditEvent, type AuditSource } from "../audit";

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
  outside_uk_vat_note: null,
  payment_terms_days: DEFAULT_PAYMENT_TERMS_DAYS,
  proposal_terms: null,
  default_payment_schedule: TERMS_PAYMENT_SCHEDULE,
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

/** The payment schedule a new proposal starts with: the Owner's, or the Terms' until one is saved. */
export async function defaultPaymentScheduleOf(db: Db): Promise<PaymentSchedule> {
  return (await getStudioSettings(db, "")).settings.default_payment_schedule;
}

/** Who the CRM credits with what it did by itself (a job, a workflow no person ran), after the studio's name. */
export async function automaticCreditOf(db: Db, studioName: string): Promise<string> {
  return automaticCredit((await getStudioSettings(db, studioName)).settings.studio_name);
}

/** How the audit trail names each detail (the Settings form's words). */
const fieldNames: Record<keyof StudioSettings, string> = {
  studio_name: "studio name",
  address: "address",
  vat_number: "VAT number",
  bank_name: "bank name",
  bank_account_name: "account name",
  bank_sort_code: "sort code",
  bank_account_number: "account number",
  invoice_notes: "invoice notes",
  outside_uk_vat_note: "VAT note for clients outside the UK",
  payment_terms_days: "payment terms",
  proposal_terms: "proposal terms",
  default_payment_schedule: "default payment schedule",
};

/**
 * Saves from the copy the form was loaded from; a stale copy is refused with 409. The audit trail
 * names the details that changed, not their values: bank details are worth a line of their own
 * (a changed account number is how invoice fraud starts) but not a second copy.
 */
export async function saveStudioSettings(db: Db, input: z.output<typeof studioSettingsInput>, studioName: string, source: AuditSource) {
  const { updated_at: seen, ...values } = input;
  const before = await getStudioSettings(db, studioName);
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
  // The write succeeded from `seen`, so `before` is what it replaced whenever it was read at `seen`.
  const changed = (Object.keys(fieldNames) as (keyof StudioSettings)[]).filter(
    (k) => JSON.stringify(values[k]) !== JSON.stringify(before.settings[k]),
  );
  if (changed.length > 0)
    await auditEvent(db, source, "settings_changed", `Changed the studio details: ${changed.map((k) => fieldNames[k]).join(", ")}`);
  return getStudioSettings(db, studioName);
}

/** The settings key the stage weights are stored under (JSON text). */
export const WEIGHTS_KEY = "stage_weights";

/** The weights a stored value holds (or DEFAULT_STAGE_WEIGHTS when none was saved); a stage added later reads as its default. */
export function stageWeightsOf(value: string | null | undefined): StageWeights {
  if (value == null) return { ...DEFAULT_STAGE_WEIGHTS };
  return { ...DEFAULT_STAGE_WEIGHTS, ...stageWeights.partial().parse(JSON.parse(value)) };
}

/** The forecast's stage weights: the Owner's, or DEFAULT_STAGE_WEIGHTS until one saves them. */
export async function getStageWeights(db: Db): Promise<{ weights: StageWeights; updated_at: string | null }> {
  const row = await db.select().from(settings).where(eq(settings.key, WEIGHTS_KEY)).get();
  return { weights: stageWeightsOf(row?.value), updated_at: row?.updated_at ?? null };
}

/** A settings key's value as `schema` reads it and the version it was saved at; until saved, `fallback` and no version. */
export async function readSettingValue<T>(
  db: Db,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
): Promise<{ settings: T; updated_at: string | null }> {
  const row = await db.select().from(settings).where(eq(settings.key, key)).get();
  if (!row) return { settings: fallback, updated_at: null };
  return { settings: schema.parse(JSON.parse(row.value)), updated_at: row.updated_at };
}

/**
 * Writes the JSON `value` under `key` from the copy the form was loaded from (`updated_at`, null when
 * nothing was saved yet), as the studio details do: a stale copy changes nothing and is a 409 saying `stale`.
 */
export async function saveSettingValue(db: Db, key: string, value: unknown, updatedAt: string | null, stale: string): Promise<void> {
  const json = JSON.stringify(value);
  const rows =
    updatedAt === null
      ? await db
          .insert(settings)
          .values({ key, value: json, created_at: nowIso(), updated_at: nowIso() })
          .onConflictDoNothing()
          .returning({ key: settings.key })
      : await db
          .update(settings)
          .set({ value: json, updated_at: nextStamp(updatedAt) })
          .where(and(eq(settings.key, key), eq(settings.updated_at, updatedAt)))
          .returning({ key: settings.key });
  if (rows.length === 0) throw new AppError("conflict", stale);
}

/**
 * Writes the JSON `value` under `key` whatever is there: for what a job reads from outside and
 * keeps (a host's busy times, GOV.UK's bank holidays), which no one edits.
 */
export async function storeSettingValue(db: Db, key: string, value: unknown, stamp: string): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insert(settings)
    .values({ key, value: json, created_at: stamp, updated_at: stamp })
    .onConflictDoUpdate({ target: settings.key, set: { value: json, updated_at: stamp } });
}

/** Saves from the copy the form was loaded from, as the studio details do; a stale copy is refused with 409. */
export async function saveStageWeights(db: Db, input: z.output<typeof stageWeightsInput>, source: AuditSource) {
  await saveSettingValue(
    db,
    WEIGHTS_KEY,
    input.weights,
    input.updated_at,
    "The stage weights were changed by someone else. They have been reloaded with the latest weights.",
  );
  const summary = Object.entries(input.weights)
    .map(([stage, w]) => `${stage} ${w}%`)
    .join(", ");
  await auditEvent(db, source, "settings_changed", `Changed the forecast's stage weights: ${summary}`);
  return getStageWeights(db);
}
