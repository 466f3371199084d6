/** The bookings module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { callMethods, callStatuses } from "../../../contract/call-values";
import { id, oneOf, stamps } from "../../platform/columns";
import { leads } from "../leads/tables";
import { users } from "../users-and-auth/tables";

/**
 * Calls booked on the site, each with one host. Times are UTC ISO-8601 strings in one format, so
 * they compare as text; `london_date` is the London day the call starts on, for the day's cap. The
 * unique index on a host's confirmed start times is the backstop of the one place that books
 * (bookings.ts claimCall): two visitors can never both hold a time.
 */
export const calls = sqliteTable(
  "calls",
  {
    id: id(),
    host_id: text("host_id")
      .notNull()
      .references(() => users.id),
    lead_id: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    start_at: text("start_at").notNull(),
    end_at: text("end_at").notNull(),
    london_date: text("london_date").notNull(),
    status: text("status", { enum: callStatuses }).notNull().default("confirmed"),
    method: text("method", { enum: callMethods }).notNull().default("video"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    topic: text("topic").notNull(),
    heard_from: text("heard_from"),
    /** The zone the visitor's times were shown in, to word their e-mails the same way. */
    visitor_zone: text("visitor_zone"),
    /** The hash of the visitor's reschedule-and-cancel token: the token itself is only in their e-mail. */
    token_hash: text("token_hash").notNull(),
    /** The invitation's SEQUENCE: raised with each change the attendees are sent. */
    sequence: integer("sequence").notNull().default(0),
    reminded_at: text("reminded_at"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("calls_host_start_confirmed_unique")
      .on(t.host_id, t.start_at)
      .where(sql`${t.status} = 'confirmed'`),
    uniqueIndex("calls_token_unique").on(t.token_hash),
    index("calls_host_day_idx").on(t.host_id, t.london_date, t.status),
    index("calls_email_idx").on(t.email, t.status),
    index("calls_start_idx").on(t.start_at),
    check("calls_status_check", oneOf(t.status, callStatuses)),
    check("calls_method_check", oneOf(t.method, callMethods)),
  ],
);
