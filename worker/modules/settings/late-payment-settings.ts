/**
 * Settings → Late Payment, under the `late_payment` settings key (docs/decisions/0065): the base
 * rates the studio has entered, and whether its Terms set their own rate. Until an Owner saves
 * them, the rates the Bank had published when this was written.
 */
import type * as z from "zod";
import type { Db } from "../../platform/db";
import {
  DEFAULT_LATE_PAYMENT_SETTINGS,
  latePaymentSettings,
  sortedRates,
  type LatePaymentSettings,
  type latePaymentSettingsInput,
} from "../../../contract/late-payment-settings";
import { auditEvent, type AuditSource } from "../audit";
import { readSettingValue, saveSettingValue } from "./settings";

const LATE_PAYMENT_KEY = "late_payment";

export const getLatePaymentSettings = (db: Db): Promise<{ settings: LatePaymentSettings; updated_at: string | null }> =>
  readSettingValue(db, LATE_PAYMENT_KEY, latePaymentSettings, DEFAULT_LATE_PAYMENT_SETTINGS);

export async function saveLatePaymentSettings(db: Db, input: z.output<typeof latePaymentSettingsInput>, source: AuditSource) {
  const { updated_at, ...value } = input;
  await saveSettingValue(
    db,
    LATE_PAYMENT_KEY,
    { ...value, base_rates: sortedRates(value.base_rates) },
    updated_at,
    "The late-payment settings were changed by someone else. They have been reloaded with the latest settings.",
  );
  await auditEvent(
    db,
    source,
    "settings_changed",
    value.terms_set_own_rate
      ? "Changed the late-payment settings: the Terms set their own rate"
      : `Changed the late-payment settings: ${value.base_rates.length} base ${value.base_rates.length === 1 ? "rate" : "rates"}`,
  );
  return getLatePaymentSettings(db);
}
