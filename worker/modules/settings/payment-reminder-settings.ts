/**
 * Settings → Payment Reminders, under the `payment_reminders` settings key (docs/decisions/0066):
 * whether the daily job reminds clients at all, and each reminder's subject and message. Until an
 * Owner saves them, the wording shipped in contract/payment-reminders.ts, switched on.
 */
import type * as z from "zod";
import type { Db } from "../../platform/db";
import {
  DEFAULT_PAYMENT_REMINDER_SETTINGS,
  paymentReminderSettings,
  type PaymentReminderSettings,
  type paymentReminderSettingsInput,
} from "../../../contract/payment-reminders";
import { auditEvent, type AuditSource } from "../audit";
import { readSettingValue, saveSettingValue } from "./settings";

const PAYMENT_REMINDERS_KEY = "payment_reminders";

export const getPaymentReminderSettings = (db: Db): Promise<{ settings: PaymentReminderSettings; updated_at: string | null }> =>
  readSettingValue(db, PAYMENT_REMINDERS_KEY, paymentReminderSettings, DEFAULT_PAYMENT_REMINDER_SETTINGS);

export async function savePaymentReminderSettings(db: Db, input: z.output<typeof paymentReminderSettingsInput>, source: AuditSource) {
  const { updated_at, ...value } = input;
  await saveSettingValue(
    db,
    PAYMENT_REMINDERS_KEY,
    value,
    updated_at,
    "The payment reminder settings were changed by someone else. They have been reloaded with the latest settings.",
  );
  await auditEvent(
    db,
    source,
    "settings_changed",
    value.enabled ? "Changed the payment reminders' wording" : "Turned payment reminders off for every invoice",
  );
  return getPaymentReminderSettings(db);
}
