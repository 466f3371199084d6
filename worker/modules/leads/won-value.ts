/**
 * Won means what was accepted (docs/decisions/0029-won-value-and-the-funnel.md): a lead with
 * accepted proposals that carry a total is worth their sum, whatever deal value it had before. The
 * sum is worked out by the database inside the very batch that changes a proposal's status, total or
 * lead, so the lead, the board's Won column and the dashboard's won figures never disagree with the
 * proposals behind them. A lead none of whose proposals is accepted keeps the value typed for it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { leads, proposals } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { formatGbp } from "../../platform/money";

/** The sum of the lead's accepted proposals' totals, to the penny; null when none carries a total. */
const acceptedTotalSql = (leadId: string) =>
  sql<number | null>`(SELECT round(sum(p.value), 2) FROM ${proposals} p WHERE p.lead_id = ${leadId} AND p.status = 'Accepted')`;

/** What the lead is worth: its accepted proposals' sum, or, with none, the value it has. */
export const wonValueSql = (leadId: string) => sql<number | null>`coalesce(${acceptedTotalSql(leadId)}, ${leads.value})`;

/**
 * Sets the lead's value to its accepted proposals' sum when that differs (and only then stamps a new
 * version, so an open copy of a lead whose value did not move is not made stale). For a batch that
 * has just changed a proposal's status, total or lead: it reads the proposals as that batch left them.
 */
export const wonValueUpdate = (db: Db, leadId: string, stamp: string) =>
  db
    .update(leads)
    .set({ value: wonValueSql(leadId), updated_at: stamp })
    .where(and(eq(leads.id, leadId), sql`${leads.value} IS NOT ${wonValueSql(leadId)}`));

/** The accepted proposals' sum for a lead, or null when it has none with a total. */
export async function acceptedTotal(db: Db, leadId: string): Promise<number | null> {
  const row = await db
    .select({ total: acceptedTotalSql(leadId) })
    .from(sql`(SELECT 1)`)
    .get();
  return row?.total ?? null;
}

/**
 * A typed value for a lead whose value comes from its accepted proposals is refused: the figure would
 * no longer be what the client accepted. The same value (an edit that re-sends it) goes through.
 */
export async function assertValueEditable(db: Db, leadId: string, value: number | null | undefined): Promise<void> {
  if (value === undefined) return;
  const total = await acceptedTotal(db, leadId);
  if (total === null || total === value) return;
  throw new AppError("validation_failed", "Please correct the highlighted fields", {
    value: `This lead is worth what its accepted proposals add up to (${formatGbp(total)}). Change a proposal to change it.`,
  });
}
