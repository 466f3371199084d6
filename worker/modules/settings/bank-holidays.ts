/**
 * England and Wales bank holidays as GOV.UK last published them. The code ships this year's and
 * next (contract/bank-holidays.ts); a year on, or when a one-off holiday is declared, that list is
 * short, so the daily job reads GOV.UK's JSON (BANK_HOLIDAYS_URL, set in wrangler.toml for
 * production) and keeps its dates under the `bank_holidays` settings key. Both lists count: a
 * holiday is closed whether the code or GOV.UK knows it. Left unset, as locally and in tests,
 * nothing is fetched and the shipped list alone counts.
 */
import * as z from "zod";
import type { Db } from "../../platform/db";
import { isoDate } from "../../../contract/common";
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from "../../../contract/bank-holidays";
import { readOutside, type Fetcher } from "../../platform/outside";
import { readSettingValue, storeSettingValue } from "./settings";

const KEY = "bank_holidays";

const stored = z.object({ read_at: z.string(), dates: z.array(isoDate) });

/** The part of GOV.UK's answer read: England and Wales's events, each with its date. */
const published = z.object({
  "england-and-wales": z.object({ events: z.array(z.object({ date: isoDate })).min(1) }),
});

/** Every bank holiday known, the shipped ones and GOV.UK's last published, in order. */
export async function bankHolidays(db: Db): Promise<string[]> {
  const { settings: read } = await readSettingValue(db, KEY, stored.nullable(), null);
  return [...new Set([...ENGLAND_AND_WALES_BANK_HOLIDAYS, ...(read?.dates ?? [])])].sort();
}

/**
 * Reads GOV.UK's list and keeps England and Wales's dates. An answer that is not the list (an
 * error page, a changed format, no dates) changes nothing and fails the job, so the next hour tries again.
 */
export async function refreshBankHolidays(db: Db, url: string, now: Date, fetcher: Fetcher = fetch): Promise<{ bank_holidays: number }> {
  const res = await readOutside(url, "application/json", fetcher);
  if (!res.ok) throw new Error(`GOV.UK's bank holidays answered ${res.status}`);
  const parsed = published.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new Error("GOV.UK's bank holidays were not in the expected form");
  const dates = [...new Set(parsed.data["england-and-wales"].events.map((e) => e.date))].sort();
  const stamp = now.toISOString();
  await storeSettingValue(db, KEY, { read_at: stamp, dates } satisfies z.infer<typeof stored>, stamp);
  return { bank_holidays: dates.length };
}
