/** Leads: list with server-side filters, the board, search, create, versioned update, delete. */
import { and, asc, count, desc, eq, getTableColumns, getTableName, inArray, isNotNull, lte, or, sql, sum, type SQL } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { clients, form_submissions, leads, projects, proposals } from "../../db/schema";
import {
  boardColumns,
  conversionRate,
  openStatuses,
  SEARCH_LIMIT,
  type Lead,
  type leadInput,
  type leadListQuery,
  type leadPatch,
  type LeadStatus,
} from "../../../contract/lead";
import type { SessionUser } from "../../../contract/user";
import { notFound } from "../../platform/errors";
import { containsPattern, ilike } from "../../platform/like";
import { newId } from "../../platform/ids";
import { londonToday, nextStamp, nowIso } from "../../platform/time";
import { versionedResult } from "../../platform/versioned";
import { stageChangeIfUpdated } from "./lead-activities";
import { assertValueEditable } from "./won-value";

type ListQuery = z.output<typeof leadListQuery>;

/**
 * A lead whose name, company or e-mail holds the term, case-blind. `search_text` (migration 0029,
 * not in the drizzle schema) is those three lower-cased, and its index is read newest first, so a
 * search tests the index alone instead of fetching every lead's row.
 */
function leadMatches(term: string | undefined): SQL | undefined {
  const t = term?.trim();
  if (!t) return undefined;
  return sql`${sql.raw(`"${getTableName(leads)}"."search_text"`)} LIKE ${containsPattern(t)} ESCAPE '\\'`;
}

/** Notes in lists and on the board stop here; a lead's own GET answers them whole. */
export const LIST_NOTES_MAX = 300;

/**
 * A lead as lists and the board show it: notes cut to LIST_NOTES_MAX, flagged when cut, so a
 * page of 500 leads cannot carry 500 × 50,000 characters (docs/guide/security.md). Edit dialogs load the lead whole.
 */
/** A lead as the API answers it: how far it got is the funnel's to count (modules/dashboard/dashboard.ts), not a field of the lead. */
const { furthest_stage: _furthest, ...leadColumns } = getTableColumns(leads);

const listColumns = {
  ...leadColumns,
  notes: sql<
    string | null
  >`CASE WHEN length(${leads.notes}) > ${LIST_NOTES_MAX} THEN substr(${leads.notes}, 1, ${LIST_NOTES_MAX - 1}) || '…' ELSE ${leads.notes} END`,
  notes_truncated: sql<boolean>`coalesce(length(${leads.notes}) > ${LIST_NOTES_MAX}, 0)`.mapWith(Boolean),
};

/** Open leads whose follow-up is today or past in London (followUpState's "due"). */
const followUpDue = () =>
  and(inArray(leads.status, [...openStatuses]), isNotNull(leads.follow_up_date), lte(leads.follow_up_date, londonToday()));

function listOrder(sort: ListQuery["sort"]) {
  // Leads with no follow-up date come last either way; the id keeps pages stable.
  const undated = sql`${leads.follow_up_date} IS NULL`;
  if (sort === "follow_up") return [undated, asc(leads.follow_up_date), desc(leads.id)];
  if (sort === "-follow_up") return [undated, desc(leads.follow_up_date), desc(leads.id)];
  return [desc(leads.created_at), desc(leads.id)];
}

export async function listLeads(db: Db, q: ListQuery): Promise<{ leads: Lead[]; total: number }> {
  const where = and(q.status ? eq(leads.status, q.status) : undefined, leadMatches(q.q), q.follow_up === "due" ? followUpDue() : undefined);
  const [rows, [{ total }]] = await db.batch([
    db
      .select(listColumns)
      .from(leads)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { leads: rows, total };
}

/** Open leads by name, for pickers (proposal form). */
export function openLeadOptions(db: Db) {
  return db
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(inArray(leads.status, [...openStatuses]))
    .orderBy(leads.name);
}

export interface BoardColumn {
  status: LeadStatus;
  count: number;
  value: number;
  leads: Lead[];
}

/** A board column's cards: the newest leads of one status, read in order from leads_status_created_idx. */
export const boardColumnQuery = (db: Db, status: LeadStatus, limit: number) =>
  db.select(listColumns).from(leads).where(eq(leads.status, status)).orderBy(desc(leads.created_at), desc(leads.id)).limit(limit);

/**
 * The pipeline board: per status the newest `perColumn` cards, plus totals computed by the
 * database over every lead, so 10,000 leads cost one small answer.
 */
export async function leadBoard(db: Db, perColumn: number) {
  const [totals, ...columns] = await db.batch([
    db
      .select({ status: leads.status, count: count(), value: sum(leads.value).mapWith(Number) })
      .from(leads)
      .groupBy(leads.status),
    ...boardColumns.map((col) => boardColumnQuery(db, col.status, perColumn)),
  ]);
  const byStatus = new Map(totals.map((t) => [t.status, t]));
  const board: BoardColumn[] = boardColumns.map((col, i) => ({
    status: col.status,
    count: byStatus.get(col.status)?.count ?? 0,
    // To the penny: the database adds floating-point pounds, and a column's total is its cards' sum.
    value: Math.round((byStatus.get(col.status)?.value ?? 0) * 100) / 100,
    leads: columns[i] as Lead[],
  }));
  const total = board.reduce((n, c) => n + c.count, 0);
  const won = byStatus.get("Won")?.count ?? 0;
  const pipelineValue = Math.round(board.filter((c) => openStatuses.includes(c.status)).reduce((n, c) => n + c.value, 0) * 100) / 100;
  // The Conversion Rate is Won ÷ all leads (docs/spec.md); won_leads lets the page say so in numbers.
  return {
    columns: board,
    overview: { total_leads: total, won_leads: won, pipeline_value: pipelineValue, conversion_rate: conversionRate(won, total) },
  };
}

/** Search's leads: the newest SEARCH_LIMIT whose name, company or e-mail holds the term. */
export const leadSearchQuery = (db: Db, term: string) =>
  db
    .select({ id: leads.id, name: leads.name, company: leads.company, email: leads.email, status: leads.status })
    .from(leads)
    .where(leadMatches(term))
    .orderBy(desc(leads.created_at), desc(leads.id))
    .limit(SEARCH_LIMIT);

/** Global search: at most three of each kind, newest first, case-insensitive. */
export async function searchCrm(db: Db, term: string) {
  const p = containsPattern(term);
  const [leadHits, clientHits, projectHits, proposalHits] = await db.batch([
    leadSearchQuery(db, term),
    db
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(ilike(clients.name, p))
      .orderBy(desc(clients.created_at))
      .limit(SEARCH_LIMIT),
    db
      .select({ id: projects.id, title: projects.title, type: projects.type, stage: projects.stage })
      .from(projects)
      .where(or(ilike(projects.title, p), ilike(sql`coalesce(${projects.type}, '')`, p)))
      .orderBy(desc(projects.created_at))
      .limit(SEARCH_LIMIT),
    db
      .select({ id: proposals.id, title: proposals.title, status: proposals.status })
      .from(proposals)
      .where(ilike(proposals.title, p))
      .orderBy(desc(proposals.created_at))
      .limit(SEARCH_LIMIT),
  ]);
  return { leads: leadHits, clients: clientHits, projects: projectHits, proposals: proposalHits };
}

export async function getLead(db: Db, id: string): Promise<Lead> {
  const [row] = await db.select(leadColumns).from(leads).where(eq(leads.id, id)).limit(1);
  if (!row) throw notFound("Lead");
  return row;
}

export async function createLead(db: Db, input: z.output<typeof leadInput>, by: SessionUser): Promise<Lead> {
  const now = nowIso();
  const [row] = await db
    .insert(leads)
    .values({ ...input, id: newId(), added_by: by.id, stage_changed_by: by.id, created_at: now, updated_at: now })
    .returning(leadColumns);
  return row;
}

/**
 * A versioned edit. A status change also stamps `stage_changed_by` and writes a stage_change
 * timeline entry, in the same batch, only if the edit went through.
 */
export async function updateLead(db: Db, id: string, patch: z.output<typeof leadPatch>, by: SessionUser): Promise<Lead> {
  const { updated_at: seen, ...changes } = patch;
  const current = await getLead(db, id);
  await assertValueEditable(db, id, changes.value);
  const version = nextStamp(seen);
  const statusChanged = changes.status !== undefined && changes.status !== current.status;
  const update = db
    .update(leads)
    .set({ ...changes, ...(statusChanged ? { stage_changed_by: by.id } : {}), updated_at: version })
    .where(and(eq(leads.id, id), eq(leads.updated_at, seen)))
    .returning(leadColumns);
  const [rows] = statusChanged
    ? await db.batch([update, stageChangeIfUpdated(db, id, `Moved from ${current.status} to ${changes.status} by ${by.full_name}`, by.id)])
    : [await update];
  return versionedResult(rows, async () => true, "Lead");
}

/** Deletes a lead and the website enquiries it came from: they hold the same person's details. */
export async function deleteLead(db: Db, id: string): Promise<void> {
  const [, rows] = await db.batch([
    db.delete(form_submissions).where(eq(form_submissions.lead_id, id)),
    db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id }),
  ]);
  if (rows.length === 0) throw notFound("Lead");
}
