/**
 * The demo data as rows, one table each, built by the generators in one fixed order on one seeded
 * random stream: the same names, values and ids on every run, dates placed relative to `now`.
 */
import { emptyRows, type SeedRows } from "./context";
import { seedActivities } from "./activities";
import { seedCalls } from "./calls";
import { seedClients } from "./clients";
import { seedGeneratedRecords } from "./generated";
import { seedInvoices } from "./invoices";
import { seedInstalments } from "./instalments";
import { seedLeads } from "./leads";
import { seedPreviewFeedback } from "./preview-feedback";
import { seedProjects } from "./projects";
import { seedProposals } from "./proposals";
import { seedRetainers } from "./retainers";
import { Clock, Rand } from "./random";
import { seedSharedInvoice, seedSharedProposal, type DemoLinks } from "./shared-documents";
import { seedStaff, type StaffHashes } from "./staff";
import { seedTasks } from "./tasks";

export interface SeedOptions {
  staff: StaffHashes;
  links: DemoLinks;
  /** Leads: the curated ones first, then generated ones. */
  leads: number;
  /** Generated clients, each with a project, a proposal, an invoice and a task (the bench's lists). */
  lists: number;
  now: number;
}

export function buildSeed({ staff, links, leads, lists, now }: SeedOptions): SeedRows {
  const base = { rand: new Rand(20_260_101), clock: new Clock(now), rows: emptyRows() };
  const people = seedStaff(base, staff);
  const clientIds = seedClients(base);
  const leadIndex = seedLeads({ ...base, ...people, clientIds }, leads);
  const ctx = { ...base, ...people, clientIds, leadIndex, projectIds: {} };
  seedProjects(ctx);
  seedProposals(ctx);
  seedInvoices(ctx);
  seedTasks(ctx);
  seedActivities(ctx);
  seedPreviewFeedback(ctx);
  // Last, so the random draws before them (and every id they made) stay as they were.
  seedSharedProposal(ctx, links.proposalTokenHash);
  seedSharedInvoice(ctx, links.invoiceTokenHash);
  seedGeneratedRecords(ctx, lists);
  seedInstalments(ctx);
  seedRetainers(ctx);
  seedCalls(ctx);
  return base.rows;
}
