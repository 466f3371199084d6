/**
 * How the CRM shows money and time: pounds in en-GB, and instants in the studio's own time
 * zone (Europe/London) whatever the viewer's machine says.
 */
import { format } from "date-fns";
import { TZDate } from "@date-fns/tz";

export const STUDIO_TIME_ZONE = "Europe/London";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const gbpWhole = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** £1,234.00; an unknown amount shows as a dash. */
export const formatMoney = (amount: number | null | undefined): string => (amount == null ? "—" : gbp.format(amount));
/** £1,234 for overview cards, where pence are noise. */
export const formatMoneyWhole = (amount: number | null | undefined): string => (amount == null ? "—" : gbpWhole.format(amount));

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Calendar dates (YYYY-MM-DD) are not instants: shifting them by a time zone would change the day. */
function toLondon(value: string | Date): Date {
  if (typeof value === "string" && CALENDAR_DATE.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    return new TZDate(y, m - 1, d, STUDIO_TIME_ZONE);
  }
  return new TZDate(typeof value === "string" ? new Date(value) : value, STUDIO_TIME_ZONE);
}

/** 5 Mar 2026 */
export const formatDate = (value: string | Date | null | undefined): string => (value ? format(toLondon(value), "d MMM yyyy") : "—");

/** Today's calendar date in London as YYYY-MM-DD (for date inputs and "start today"). */
export const todayInLondon = (now = new Date()): string => format(new TZDate(now, STUDIO_TIME_ZONE), "yyyy-MM-dd");

/**
 * Every timestamp in the CRM: 5 Mar 2026, 14:30 (en-GB order, London time), the same day format as
 * formatDate (docs/decisions/0017: one format, not the spec's US-ordered 'MMM d, yyyy HH:mm').
 */
export const formatDateTime = (value: string | Date): string => format(toLondon(value), "d MMM yyyy, HH:mm");
