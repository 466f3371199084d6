/** Leads: list with server-side filters, create, versioned update, delete. */
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { leads } from "../db/schema";
import type { Lead, leadInput, leadListQuery, leadPatch } from "../../contract/lead";
import type { SessionUser } from "../../contract/user";
import { notFound, staleEdit } from "../lib/errors";
import { newId } from "../lib/ids";
import { nextStamp, nowIso } from "../lib/time";

type ListQuery = z.output<typeof leadListQuery>;

/** `%term%` with LIKE's wildcards escaped, for case-insensitive substring search. */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
export const ilike = (column: SQL | typeof leads.name, pattern: string) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;

function filters(q: ListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.status) parts.push(eq(leads.status, q.status));
  const term = q.q?.trim();
  if (term) {
    const p = containsPattern(term);
    parts.push(or(ilike(leads.name, p), ilike(sql`coalesce(${leads.company}, '')`, p), ilike(sql`coalesce(${leads.email}, '')`, p))!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listLeads(db: Db, q: ListQuery): Promise<{ leads: Lead[]; total: number }> {
  const where = filters(q);
  const [rows, [{ total }]] = await db.batch([
    db.select().from(leads).where(where).orderBy(desc(leads.created_at), desc(leads.id)).limit(q.limit).offset(q.offset),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { leads: rows, total };
}

export async function getLead(db: Db, id: string): Promise<Lead> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  if (!row) throw notFound("Lead");
  return row;
}

export async function createLead(db: Db, input: z.output<typeof leadInput>, by: SessionUser): Promise<Lead> {
  const now = nowIso();
  const [row] = await db
    .insert(leads)
    .values({ ...input, id: newId(), added_by: by.id, created_at: now, updated_at: now })
    .returning();
  return row;
}

export async function updateLead(db: Db, id: string, patch: z.output<typeof leadPatch>, by: SessionUser): Promise<Lead> {
  const { updated_at: seen, ...changes } = patch;
  const current = await getLead(db, id);
  const statusChanged = changes.status !== undefined && changes.status !== current.status;
  const rows = await db
    .update(leads)
    .set({ ...changes, ...(statusChanged ? { stage_changed_by: by.id } : {}), updated_at: nextStamp(seen) })
    .where(and(eq(leads.id, id), eq(leads.updated_at, seen)))
    .returning();
  if (!rows[0]) throw staleEdit("lead");
  return rows[0];
}

export async function deleteLead(db: Db, id: string): Promise<void> {
  const rows = await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
  if (rows.length === 0) throw notFound("Lead");
}
