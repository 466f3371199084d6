/** Small schema pieces shared by several entities. */
import * as z from "zod";

export const id = z.string().min(1).max(64);

/** Calendar date as YYYY-MM-DD (a due date, a start date), or null. */
export const isoDate = z
  .string()
  .max(10, "Enter a date as YYYY-MM-DD")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD");
export const optionalDate = z
  .union([isoDate, z.literal("")])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** A time of day on the studio's clock (London), HH:MM. */
export const clockTime = z
  .string()
  .max(5, "Enter a time as HH:MM, e.g. 09:30")
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:MM, e.g. 09:30");
export const optionalClockTime = z
  .union([clockTime, z.literal("")])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** Money in pounds, two decimals at most; null where unknown. */
export const money = z
  .number({ error: "Enter a number" })
  .finite()
  .min(0, "Must be zero or more")
  .max(1_000_000_000, "That is too large")
  .transform((n) => Math.round(n * 100) / 100);
export const optionalMoney = money
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** Every stored row carries these; clients send updated_at back to prove they edited the latest copy. */
export const rowStamps = {
  created_at: z.string(),
  updated_at: z.string(),
};
export const expectedVersion = { updated_at: z.string().min(1, "updated_at is required") };
