/**
 * A lead's statuses and sources and the board's columns: plain values, apart from lead.ts and its
 * zod schemas, so the pipeline's first load can use them without zod (docs/decisions/0010-crm-first-data-inline.md). lead.ts re-exports them.
 */
export const leadStatuses = ["New", "Qualified", "Proposal Sent", "Negotiation", "Won", "Lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadSources = ["Website", "Referral", "Social Media", "Email Campaign", "Cold Call", "Event", "Email", "Call booking", "Other"] as const;
export type LeadSource = (typeof leadSources)[number];

/** The leads list's orders (`?sort=`): by follow-up date, soonest or latest first. */
export const leadSorts = ["follow_up", "-follow_up"] as const;
export type LeadSort = (typeof leadSorts)[number];

/** Statuses for which the Deal Value field is shown. */
export const statusesWithValue: readonly LeadStatus[] = ["Proposal Sent", "Negotiation", "Won", "Lost"];

/**
 * The board's columns, in order. Each is headed by its status's own name, as the status reads in
 * every dropdown, badge, filter, list and e-mail: a stage has one name (docs/decisions/0028).
 */
export const boardColumns: { status: LeadStatus; final: boolean }[] = [
  { status: "New", final: false },
  { status: "Qualified", final: false },
  { status: "Proposal Sent", final: false },
  { status: "Negotiation", final: false },
  { status: "Won", final: true },
  { status: "Lost", final: true },
];

/** Statuses whose value counts as open pipeline. */
export const openStatuses: readonly LeadStatus[] = ["New", "Qualified", "Proposal Sent", "Negotiation"];

/**
 * How far a lead has got: the furthest open stage it has been at, in the board's order. A lead once
 * Won has passed them all (Negotiation); a Lost lead keeps the stage it had reached, so the funnel
 * counts it at every stage up to there (worker/db/schema.ts keeps it by trigger).
 */
export const furthestStages = ["New", "Qualified", "Proposal Sent", "Negotiation"] as const;
export type FurthestStage = (typeof furthestStages)[number];

/**
 * A follow-up is due when its date is today or past (London) and the lead is still open: a Won or
 * Lost lead has nobody left to follow up. Before today it is overdue. Here, not in lead.ts, so the
 * pipeline's cards can mark it without loading zod.
 */
export function followUpState(lead: { follow_up_date: string | null; status: LeadStatus }, today: string): "overdue" | "today" | null {
  if (!lead.follow_up_date || !openStatuses.includes(lead.status)) return null;
  return lead.follow_up_date < today ? "overdue" : lead.follow_up_date === today ? "today" : null;
}
