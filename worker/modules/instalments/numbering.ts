/**
 * The two gap-free number series (docs/decisions/0063): invoices INV-1001, INV-1002 … and payment
 * requests PR-1001 … (a payment request is not an invoice, so it has its own). A raise bumps the
 * series' counter row and takes its number in SQL from that row, both in the batch that inserts the
 * document: D1 runs a batch as one transaction, so two raises at once never share a number and a
 * batch that fails leaves no gap. The bump also skips past any number of the series already taken
 * (typed by hand, or brought by an import), so a raise never clashes with one.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { invoices, number_series } from "../../db/schema";
import type { InvoiceKind } from "../../../contract/invoice-values";

export const seriesPrefix: Record<InvoiceKind, string> = { invoice: "INV-", payment_request: "PR-" };

/** The highest number of the series in use: digits only after the prefix (INV-202611-123 is not one). */
const highestTaken = (kind: InvoiceKind) => {
  const prefix = seriesPrefix[kind];
  // Named in full: drizzle leaves the table off a column inside an UPDATE's SET.
  const number = sql.raw(`"taken"."number"`);
  const digits = sql`substr(${number}, ${prefix.length + 1})`;
  // The range keeps the unique index on number in use; the GLOB keeps other shapes out.
  return sql<number>`(SELECT coalesce(max(CAST(${digits} AS INTEGER)), 0) FROM ${invoices} AS "taken"
    WHERE ${number} > ${prefix} AND ${number} < ${prefix.slice(0, -1) + "."}
      AND ${digits} <> '' AND ${digits} NOT GLOB '*[^0-9]*')`;
};

/** The counter's next value, past any number of the series already taken. */
const nextValue = (kind: InvoiceKind) => sql<number>`max(${sql.raw(`"number_series"."last"`)}, ${highestTaken(kind)}) + 1`;

/** Bumps the series' counter when `when` holds (the same condition as the insert it numbers). */
export const bumpSeries = (db: Db, kind: InvoiceKind, when: SQL) =>
  db
    .update(number_series)
    .set({ last: nextValue(kind) })
    .where(and(eq(number_series.series, kind), when));

/** The number the bump just gave, for the insert after it in the same batch. */
export const takenNumberSql = (kind: InvoiceKind) =>
  sql<string>`${seriesPrefix[kind]} || (SELECT "s"."last" FROM ${number_series} AS "s" WHERE "s"."series" = ${kind})`;

/** What the series will give next: the Add Invoice form suggests it. */
export async function nextNumber(db: Db, kind: InvoiceKind = "invoice"): Promise<string> {
  const row = await db
    .select({ next: nextValue(kind) })
    .from(number_series)
    .where(eq(number_series.series, kind))
    .get();
  return `${seriesPrefix[kind]}${row?.next ?? 1001}`;
}
