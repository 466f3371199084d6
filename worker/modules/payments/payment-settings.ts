/**
 * Which ways to pay the client's Pay button offers through Stripe (Settings → Payments), kept
 * under the `payments` settings key; until an Owner saves them, cards (Apple Pay and Google Pay
 * come with them). Pay by Bank is offered only where the studio's Stripe account has it.
 */
import { eq } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { settings } from "../../db/schema";
import {
  DEFAULT_PAYMENT_SETTINGS,
  onlineMethodLabels,
  paymentSettings,
  type PaymentSettings,
  type paymentSettingsInput,
} from "../../../contract/payment";
import { saveSettingValue } from "../settings";
import { auditEvent, type AuditSource } from "../audit";

const PAYMENTS_KEY = "payments";

export async function getPaymentSettings(db: Db): Promise<{ settings: PaymentSettings; updated_at: string | null }> {
  const row = await db.select().from(settings).where(eq(settings.key, PAYMENTS_KEY)).get();
  if (!row) return { settings: DEFAULT_PAYMENT_SETTINGS, updated_at: null };
  const parsed = paymentSettings.safeParse(JSON.parse(row.value));
  return { settings: parsed.success ? parsed.data : DEFAULT_PAYMENT_SETTINGS, updated_at: row.updated_at };
}

export async function savePaymentSettings(db: Db, input: z.output<typeof paymentSettingsInput>, source: AuditSource) {
  const { updated_at, ...value } = input;
  await saveSettingValue(
    db,
    PAYMENTS_KEY,
    value,
    updated_at,
    "The payment settings were changed by someone else. They have been reloaded with the latest settings.",
  );
  await auditEvent(
    db,
    source,
    "settings_changed",
    `Changed how clients can pay online: ${value.methods.map((m) => onlineMethodLabels[m]).join(", ")}`,
  );
  return getPaymentSettings(db);
}
