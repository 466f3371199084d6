/**
 * The account and tax rate Export for Xero codes every line to, as they are named in the studio's
 * Xero, kept under the `xero` settings key. Until an Owner saves them: sales (200), and the
 * standard rate when the studio details have a VAT number, else no VAT.
 */
import { eq } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { settings } from "../../db/schema";
import {
  DEFAULT_XERO_ACCOUNT_CODE,
  defaultXeroTaxType,
  xeroSettings,
  type XeroSettings,
  type xeroSettingsInput,
} from "../../../contract/xero";
import { auditEvent, type AuditSource } from "../audit";
import { getStudioSettings, saveSettingValue } from "./settings";

const XERO_KEY = "xero";

export async function getXeroSettings(db: Db, studioName: string): Promise<{ settings: XeroSettings; updated_at: string | null }> {
  const row = await db.select().from(settings).where(eq(settings.key, XERO_KEY)).get();
  if (row) return { settings: xeroSettings.parse(JSON.parse(row.value)), updated_at: row.updated_at };
  const studio = await getStudioSettings(db, studioName);
  return {
    settings: { account_code: DEFAULT_XERO_ACCOUNT_CODE, tax_type: defaultXeroTaxType(!!studio.settings.vat_number) },
    updated_at: null,
  };
}

export async function saveXeroSettings(db: Db, input: z.output<typeof xeroSettingsInput>, studioName: string, source: AuditSource) {
  const { updated_at, ...value } = input;
  await saveSettingValue(
    db,
    XERO_KEY,
    value,
    updated_at,
    "The Xero export settings were changed by someone else. They have been reloaded with the latest settings.",
  );
  await auditEvent(
    db,
    source,
    "settings_changed",
    `Changed the Xero export's account to ${value.account_code} and tax rate to ${value.tax_type}`,
  );
  return getXeroSettings(db, studioName);
}
