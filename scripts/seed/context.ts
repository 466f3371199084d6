/**
 * What the generators share: the rows they fill, one table each, and the ids of what they made.
 * The generators run in one fixed order (build.ts) on one random stream, so the data is the same on
 * every run; a generator that drew its numbers in another order would change every id after it.
 */
import type { Table } from "drizzle-orm";
import type * as schema from "../../worker/db/schema";
import type { RelatedType } from "../../contract/task";
import type { SeedRef } from "./data/refs";
import type { Clock, Rand } from "./random";

export type Row<T extends Table> = T["$inferInsert"];

export interface SeedRows {
  users: Row<typeof schema.users>[];
  clients: Row<typeof schema.clients>[];
  leads: Row<typeof schema.leads>[];
  lead_activities: Row<typeof schema.lead_activities>[];
  calls: Row<typeof schema.calls>[];
  projects: Row<typeof schema.projects>[];
  proposals: Row<typeof schema.proposals>[];
  invoices: Row<typeof schema.invoices>[];
  payments: Row<typeof schema.payments>[];
  instalments: Row<typeof schema.instalments>[];
  recurring_invoices: Row<typeof schema.recurring_invoices>[];
  tasks: Row<typeof schema.tasks>[];
  activities: Row<typeof schema.activities>[];
  preview_releases: Row<typeof schema.preview_releases>[];
  preview_comments: Row<typeof schema.preview_comments>[];
  preview_replies: Row<typeof schema.preview_replies>[];
  proposal_links: Row<typeof schema.proposal_links>[];
  proposal_messages: Row<typeof schema.proposal_messages>[];
  invoice_links: Row<typeof schema.invoice_links>[];
}

/** The tables in the order they are written: parents before children, so every foreign key already has its row. */
export const emptyRows = (): SeedRows => ({
  users: [],
  clients: [],
  leads: [],
  lead_activities: [],
  calls: [],
  projects: [],
  proposals: [],
  invoices: [],
  payments: [],
  instalments: [],
  recurring_invoices: [],
  tasks: [],
  activities: [],
  preview_releases: [],
  preview_comments: [],
  preview_replies: [],
  proposal_links: [],
  proposal_messages: [],
  invoice_links: [],
});

export interface SeedBase {
  rand: Rand;
  clock: Clock;
  rows: SeedRows;
}

export interface SeedPeople {
  ownerId: string;
  salesId: string;
  /** The two people who add, move and own things, in a fixed order. */
  people: string[];
  /** One of the two, at random. */
  person: () => string;
}

export interface SeedContext extends SeedBase, SeedPeople {
  /** Client ids by their key in CLIENTS. */
  clientIds: Record<string, string>;
  /** The i-th lead's id (null past the seeded count). */
  leadIndex: (i: number) => string | null;
  /** Project ids by their key in PROJECTS: filled by seedProjects, read by the generators after it. */
  projectIds: Record<string, string>;
}

/** The record a piece of demo data points at, as a task or an activity stores it. */
export function resolveRef(ctx: SeedContext, ref: SeedRef): { type: RelatedType; id: string | null } {
  if ("lead" in ref) return { type: "lead", id: ctx.leadIndex(ref.lead) };
  if ("client" in ref) return { type: "client", id: ctx.clientIds[ref.client] };
  return { type: "project", id: ctx.projectIds[ref.project] };
}

/** created_at, and an updated_at some time between it and now. */
export const stamps = ({ clock, rand }: SeedBase, created_at: string) => ({ created_at, updated_at: clock.after(created_at, rand) });

/** Ofcom's ranges reserved for drama: never a real line. */
export const phoneFor = (rand: Rand) =>
  rand.chance(0.55)
    ? `+44 161 496 0${String(rand.int(0, 999)).padStart(3, "0")}`
    : `+44 7700 900${String(rand.int(0, 999)).padStart(3, "0")}`;

/** A company name as a domain label: "Lowe & Co" → "loweandco". */
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 24);
