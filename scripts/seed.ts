/**
 * Local demo data: `npm run db:seed` fills an empty local database (D1 and the preview records
 * in KV) through wrangler's getPlatformProxy, so it writes the very state `wrangler dev` reads.
 * `npm run db:reset` (this script with --reset) deletes that state first.
 *
 *   tsx scripts/seed.ts [--reset] [--persist-to DIR] [--leads N]
 *
 * Content is deterministic (a seeded PRNG); dates are placed relative to today so overdue tasks
 * stay overdue and follow-ups stay upcoming whenever the seed is run.
 */
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { count, getTableColumns, is, SQL, sql, type Table } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { D1Database, KVNamespace } from "@cloudflare/workers-types";
import { createDb, type Db } from "../worker/platform/db";
import {
  activities,
  clients,
  invoice_links,
  invoices,
  lead_activities,
  leads,
  preview_comments,
  preview_releases,
  preview_replies,
  projects,
  proposal_links,
  proposal_messages,
  proposals,
  settings,
  tasks,
  users,
} from "../worker/db/schema";
import { hashPassword } from "../worker/platform/password";
import { writePreview, type PreviewRecord, type PreviewStores } from "../worker/modules/previews/store";
import { leadSources, type LeadStatus } from "../contract/lead";
import type { ProjectStage, ProjectStatus } from "../contract/project";
import type { ProposalStatus } from "../contract/proposal";
import { linesTotal, singleLine, type InvoiceStatus } from "../contract/invoice";
import { invoiceStatuses } from "../contract/invoice-values";
import { projectStages, projectTypes } from "../contract/project-values";
import { proposalStatuses } from "../contract/proposal";
import type { StudioSettings } from "../contract/settings";
import { taskPriorities } from "../contract/task-values";
import type { RelatedType, TaskPriority } from "../contract/task";
import type { ActivityType } from "../contract/activity";
import type { LeadActivityType } from "../contract/lead-activity";
import { CLIENTS, CONVERTED_LEADS, GENERATED, LEADS, PREVIEW_CLIENTS, STAFF } from "./seed-data";
import { applyLocalMigrations, DEFAULT_STATE_DIR, demoLinkToken, DEV_PORT, readDemoSettings, ROOT, sha256Hex } from "./lib/local";

/** Bytes of JSON rows bound to one INSERT (D1 takes a string of up to 2,000,000 bytes). */
const JSON_BYTES = 512 * 1024;
/** Statements per db.batch() call: about 5 MB a round trip. */
const MAX_STATEMENTS_PER_BATCH = 10;
const DEFAULT_LEADS = LEADS.length;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness and dates

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rand {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float = () => this.next();
  int = (min: number, max: number) => min + Math.floor(this.next() * (max - min + 1));
  pick = <T>(list: readonly T[]): T => list[Math.floor(this.next() * list.length)];
  chance = (p: number) => this.next() < p;
  /** A version-4-shaped UUID, reproducible from the seed. */
  uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = "4";
    hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
}

const DAY = 86_400_000;

class Clock {
  constructor(private readonly now: number) {}
  /** ISO-8601 UTC instant `days` ago, placed in UK working hours. */
  ago(days: number, rand: Rand): string {
    const d = new Date(this.now - days * DAY);
    d.setUTCHours(rand.int(8, 17), rand.int(0, 59), rand.int(0, 59), rand.int(0, 999));
    // Never in the future: a record "0 days ago" made later today is clamped to now.
    return new Date(Math.min(d.getTime(), this.now - 60_000)).toISOString();
  }
  /** Calendar date YYYY-MM-DD, `days` from today (negative = past). */
  date(days: number): string {
    return new Date(this.now + days * DAY).toISOString().slice(0, 10);
  }
  /** An instant between `iso` and now (for updated_at). */
  after(iso: string, rand: Rand): string {
    const from = Date.parse(iso);
    return new Date(from + Math.floor(rand.float() * Math.max(0, this.now - 60_000 - from))).toISOString();
  }
}

// ---------------------------------------------------------------------------------------------
// Building the rows

type Row<T extends Table> = T["$inferInsert"];

interface SeedRows {
  users: Row<typeof users>[];
  clients: Row<typeof clients>[];
  leads: Row<typeof leads>[];
  lead_activities: Row<typeof lead_activities>[];
  projects: Row<typeof projects>[];
  proposals: Row<typeof proposals>[];
  invoices: Row<typeof invoices>[];
  tasks: Row<typeof tasks>[];
  activities: Row<typeof activities>[];
  preview_releases: Row<typeof preview_releases>[];
  preview_comments: Row<typeof preview_comments>[];
  preview_replies: Row<typeof preview_replies>[];
  proposal_links: Row<typeof proposal_links>[];
  proposal_messages: Row<typeof proposal_messages>[];
  invoice_links: Row<typeof invoice_links>[];
}

interface StaffHashes {
  owner: { email: string; hash: Awaited<ReturnType<typeof hashPassword>> };
  sales: { email: string; hash: Awaited<ReturnType<typeof hashPassword>> };
  team: { hash: Awaited<ReturnType<typeof hashPassword>> };
}

const NEXT_ACTIONS: Record<LeadStatus, (string | null)[]> = {
  New: ["Intro call to scope the brief", "Reply to website enquiry", "Send portfolio examples", "Qualify budget on a quick call"],
  Qualified: ["Book discovery call", "Send project questionnaire", "Confirm budget and timeline", "Share two relevant case studies"],
  "Proposal Sent": ["Chase proposal feedback", "Walk through the proposal on a call", "Answer questions on hosting costs"],
  Negotiation: ["Agree payment schedule", "Send revised quote", "Trim scope to fit budget", "Confirm start date"],
  Won: ["Kick-off meeting", "Collect content and logins", "Send deposit invoice"],
  Lost: [null, "Check back in six months", null],
};

/** Follow-up date offset (days from today) by status; some active leads are deliberately overdue. */
const followUpDays = (status: LeadStatus, rand: Rand): number | null => {
  if (status === "Lost") return null;
  if (status === "Won") return rand.chance(0.5) ? rand.int(1, 10) : null;
  return rand.chance(0.2) ? -rand.int(1, 6) : rand.int(0, 21);
};

const valueFor = (status: LeadStatus, rand: Rand): number | null => {
  if (status === "New") return rand.chance(0.2) ? rand.int(12, 40) * 100 : null;
  if (status === "Qualified") return rand.chance(0.6) ? rand.int(15, 80) * 100 : null;
  return rand.int(36, 360) * 50;
};

const phoneFor = (rand: Rand) =>
  // Ofcom's ranges reserved for drama: never a real line.
  rand.chance(0.55)
    ? `+44 161 496 0${String(rand.int(0, 999)).padStart(3, "0")}`
    : `+44 7700 900${String(rand.int(0, 999)).padStart(3, "0")}`;

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 24);

/** Shared by the builders below, each adding its entity's rows; called in one order, so the seeded random stream (and so the data) is the same on every run. */
interface SeedContext {
  rand: Rand;
  clock: Clock;
  rows: SeedRows;
  ownerId: string;
  salesId: string;
  /** The two people who add, move and own things, in a fixed order. */
  people: string[];
  /** One of the two, at random. */
  person: () => string;
  clientIds: Record<string, string>;
  /** The i-th lead's id (null past the seeded count). */
  leadIndex: (i: number) => string | null;
  /** Filled by seedProjects, read by the builders after it. */
  projectIds: Record<string, string>;
}

type SeedBase = Pick<SeedContext, "rand" | "clock" | "rows">;

function seedStaff(ctx: SeedBase, staff: StaffHashes): Pick<SeedContext, "ownerId" | "salesId" | "people" | "person"> {
  const { rand, clock, rows } = ctx;

  const ownerId = rand.uuid();
  const salesId = rand.uuid();
  const teamId = rand.uuid();
  const userRow = (
    id: string,
    email: string,
    who: (typeof STAFF)[keyof typeof STAFF],
    h: StaffHashes["owner"]["hash"],
    is_team: boolean,
    days: number,
  ) => {
    const created_at = clock.ago(days, rand);
    return {
      id,
      email: email.toLowerCase(),
      full_name: who.full_name,
      role: who.role,
      job_title: who.job_title,
      password_hash: h.hash,
      salt: h.salt,
      iterations: h.iterations,
      disabled: false,
      is_team,
      created_at,
      updated_at: created_at,
    };
  };
  rows.users.push(
    userRow(ownerId, staff.owner.email, STAFF.owner, staff.owner.hash, false, 200),
    userRow(salesId, staff.sales.email, STAFF.sales, staff.sales.hash, false, 190),
    userRow(teamId, STAFF.team.email, STAFF.team, staff.team.hash, true, 190),
  );
  const people = [ownerId, salesId];
  const person = () => (rand.chance(0.45) ? ownerId : salesId);
  return { ownerId, salesId, people, person };
}

function seedClients(ctx: SeedBase): Record<string, string> {
  const { rand, clock, rows } = ctx;

  const clientIds: Record<string, string> = {};
  for (const c of CLIENTS) {
    if (c.preview_id && !PREVIEW_CLIENTS.some((p) => p.id === c.preview_id))
      throw new Error(`${c.name}: no public preview card "${c.preview_id}"`);
    const id = rand.uuid();
    clientIds[c.key] = id;
    const created_at = clock.ago(c.daysAgo, rand);
    rows.clients.push({
      id,
      name: c.name,
      website: c.website,
      emails: c.emails,
      phones: c.phones,
      services: c.services,
      notes: c.notes,
      active: c.active,
      preview_id: c.preview_id,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
  }
  return clientIds;
}

function seedLeads(ctx: Omit<SeedContext, "leadIndex" | "projectIds">, leadCount: number): SeedContext["leadIndex"] {
  const { rand, clock, rows, person, clientIds } = ctx;

  // Sources go round all seven in a shuffled order, so every source appears in any 7 leads.
  const sourceOrder = [...leadSources].sort(() => rand.float() - 0.5);
  const usedEmails = new Set<string>();
  const leadIds: string[] = [];
  const leadNames: string[] = [];
  for (let i = 0; i < leadCount; i++) {
    const curated = LEADS[i];
    let name: string, company: string, area: string, need: string, domain: string;
    let status: LeadStatus;
    if (curated) {
      ({ name, company, area, need, domain, status } = curated);
    } else {
      const first = rand.pick(GENERATED.firstNames);
      const last = rand.pick(GENERATED.lastNames);
      area = rand.pick(GENERATED.areas);
      const trade = rand.pick(GENERATED.trades);
      name = `${first} ${last}`;
      company = rand.chance(0.5) ? `${last} ${trade}` : `${area} ${trade}`;
      need = `New website for a ${trade.toLowerCase()} business in ${area}`;
      domain = `${slug(company)}.co.uk`;
      // Weighted towards the early stages, as a real pipeline is.
      const r = rand.float();
      status = r < 0.3 ? "New" : r < 0.5 ? "Qualified" : r < 0.65 ? "Proposal Sent" : r < 0.75 ? "Negotiation" : r < 0.88 ? "Won" : "Lost";
    }
    let email = `${name
      .split(" ")[0]
      .toLowerCase()
      .replace(/[^a-z]/g, "")}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = email.replace(/^([a-z]+)\d*@/, `$1${n}@`);
    usedEmails.add(email);

    const id = rand.uuid();
    const created_days = curated ? 3 + ((i * 37) % 110) + rand.int(0, 2) : rand.int(0, 150);
    const created_at = clock.ago(created_days, rand);
    const addedBy = person();
    const moved = status !== "New";
    const fu = followUpDays(status, rand);
    const convertedKey = curated ? (CONVERTED_LEADS as Record<number, string>)[i] : undefined;
    rows.leads.push({
      id,
      name,
      company,
      email,
      phone: rand.chance(0.9) ? phoneFor(rand) : null,
      source: curated ? sourceOrder[i % sourceOrder.length] : rand.pick(leadSources),
      status,
      notes: `${need}. Based in ${area}.`,
      value: valueFor(status, rand),
      next_action: rand.pick(NEXT_ACTIONS[status]),
      follow_up_date: fu === null ? null : clock.date(fu),
      added_by: addedBy,
      // Creating a lead stamps its first stage too, as the worker does.
      stage_changed_by: moved ? person() : addedBy,
      converted_to_client_id: convertedKey ? clientIds[convertedKey] : null,
      created_at,
      updated_at: moved ? clock.after(created_at, rand) : created_at,
    });
    leadIds.push(id);
    leadNames.push(name);

    // A timeline for the curated leads and for one generated lead in five.
    if (curated ? i % 4 !== 3 : rand.chance(0.2)) {
      const la = (activity_type: LeadActivityType, description: string, at: string) =>
        rows.lead_activities.push({
          id: rand.uuid(),
          lead_id: id,
          activity_type,
          description,
          created_by: person(),
          created_at: at,
          updated_at: at,
        });
      la("note_added", rand.pick(NOTES), clock.after(created_at, rand));
      if (moved) la("stage_change", `Status changed from New to ${status}`, clock.after(created_at, rand));
      if (status === "Qualified" || status === "Won")
        la("workflow_action", `Created follow-up task: Follow up on lead: ${name}`, clock.after(created_at, rand));
      if (convertedKey) la("workflow_action", `Converted to client: ${company}`, clock.after(created_at, rand));
    }
  }
  const leadIndex = (i: number) => (i < leadIds.length ? leadIds[i] : null);
  return leadIndex;
}

function seedProjects(ctx: SeedContext): void {
  const { rand, clock, rows, clientIds, leadIndex, projectIds } = ctx;
  // Projects: every stage and every status
  const project = (
    key: string,
    title: string,
    type: Row<typeof projects>["type"],
    clientKey: string | null,
    stage: ProjectStage,
    status: ProjectStatus,
    budget: number,
    startDays: number,
    dueDays: number | null,
    leadI: number | null,
    notes: string | null,
  ) => {
    const id = rand.uuid();
    projectIds[key] = id;
    const created_at = clock.ago(Math.max(startDays, 0) + 2, rand);
    rows.projects.push({
      id,
      title,
      type,
      client_id: clientKey ? clientIds[clientKey] : null,
      budget,
      start_date: clock.date(-startDays),
      due_date: dueDays === null ? null : clock.date(dueDays),
      stage,
      status,
      notes,
      lead_id: leadI === null ? null : leadIndex(leadI),
      created_at,
      updated_at: clock.after(created_at, rand),
    });
  };
  project(
    "vm-site",
    "VM Fitness Website Rebuild",
    "Web Design",
    "vm-fitness",
    // In Review, with the client's feedback on its preview below: a new user sees that loop at once.
    "Review",
    "On Track",
    6500,
    60,
    14,
    null,
    "Class timetable pulls from their booking software.",
  );
  project(
    "vm-app",
    "VM Fitness Membership App",
    "Mobile App",
    "vm-fitness",
    "Discovery",
    "On Track",
    12000,
    5,
    90,
    null,
    "Scoping a members' app: check-ins and class bookings.",
  );
  project(
    "jemrex-brand",
    "Jemrex Brand Refresh",
    "Branding",
    "jemrex",
    "Design",
    "At Risk",
    3200,
    35,
    3,
    null,
    "Waiting on feedback for the second logo round.",
  );
  project(
    "jemrex-seo",
    "Jemrex SEO Retainer",
    "SEO",
    "jemrex",
    "Review",
    "On Track",
    900,
    20,
    10,
    null,
    "Monthly local SEO report due for review.",
  );
  project(
    "galvin-site",
    "Galvin Locksmiths Website",
    "Web Design",
    "galvin",
    "Done",
    "Completed",
    2950,
    100,
    -60,
    null,
    "Launched; click-to-call tracking in place.",
  );
  project(
    "galvin-seo",
    "Galvin Locksmiths Local SEO",
    "SEO",
    "galvin",
    "Launch",
    "On Track",
    1800,
    30,
    5,
    null,
    "Google Business Profile and location pages.",
  );
  project(
    "albbrit-shop",
    "Albbrit Interiors Online Shop",
    "E-commerce",
    "albbrit",
    "Review",
    "Blocked",
    8400,
    70,
    -2,
    null,
    "Blocked: product photography not delivered yet.",
  );
  project("albbrit-brand", "Albbrit Interiors Brand Guidelines", "Branding", "albbrit", "Done", "Completed", 1500, 105, -75, null, null);
  project(
    "brierley",
    "Brierley Brewing Co. Project",
    "Web Design",
    "brierley",
    "Discovery",
    "On Track",
    7800,
    4,
    45,
    31,
    "Won from the pipeline. Online beer shop with age check.",
  );
  project(
    "lowe",
    "Lowe & Co Solicitors Website",
    "Web Design",
    "lowe",
    "Design",
    "On Track",
    5400,
    12,
    30,
    32,
    "Practice area pages and SRA badge.",
  );
  project(
    "greenhalgh",
    "Greenhalgh Landscapes Project",
    "Web Design",
    "greenhalgh",
    "Build",
    "At Risk",
    4200,
    28,
    6,
    19,
    "Gallery needs 40 before-and-after pairs.",
  );
  project(
    "holt",
    "Holt Wedding Photography Portfolio",
    "Web Design",
    "holt",
    "Done",
    "Completed",
    3600,
    90,
    -40,
    30,
    "Client galleries behind a password.",
  );
  project(
    "mckenna",
    "McKenna Motors Project",
    "Web Design",
    null,
    "Discovery",
    "Blocked",
    5200,
    2,
    null,
    15,
    "Moved to Won on the board; waiting for stock feed access.",
  );
}

function seedProposals(ctx: SeedContext): void {
  const { rand, clock, rows, clientIds, leadIndex } = ctx;
  // Proposals: every status, some for leads and some for clients
  const proposal = (
    title: string,
    status: ProposalStatus,
    value: number | null,
    party: { lead?: number; client?: string },
    sentDays: number | null,
    notes: string | null,
  ) => {
    const created_at = clock.ago((sentDays ?? 0) + rand.int(1, 5), rand);
    rows.proposals.push({
      id: rand.uuid(),
      title,
      value,
      lines: value === null ? [] : [singleLine(value, title)],
      status,
      sent_date: sentDays === null ? null : clock.date(-sentDays),
      due_date: sentDays === null ? null : clock.date(-sentDays + 14),
      lead_id: party.lead !== undefined ? leadIndex(party.lead) : null,
      client_id: party.client ? clientIds[party.client] : null,
      notes,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
  };
  proposal("Proposal for Sophie Turner", "Sent", 4800, { lead: 2 }, 6, "Timetable, booking and members' area in two phases.");
  proposal("Website & Booking System", "Sent", 6200, { lead: 4 }, 9, "Includes catering enquiry workflow.");
  proposal("Proposal for Fatima Khan", "Draft", 9500, { lead: 8 }, null, "Portal scope still being confirmed.");
  proposal("Trade Catalogue Build", "Draft", 11000, { lead: 13 }, null, null);
  proposal("Proposal for Chloe Fairbrother", "Rejected", 7400, { lead: 12 }, 45, "Went with a Shopify theme instead.");
  proposal("Salon Website and Booking", "Rejected", 3900, { lead: 20 }, 38, "Budget moved to a refit.");
  proposal("Brierley Brewing Co. Website", "Accepted", 7800, { client: "brierley" }, 20, "Signed; 50% deposit paid.");
  proposal("VM Fitness Membership App", "Accepted", 12000, { client: "vm-fitness" }, 12, null);
  proposal("Jemrex SEO Retainer", "Sent", 900, { client: "jemrex" }, 3, "Monthly, rolling, 14 days' notice.");
  proposal("Albbrit Interiors Photography Shoot", "Draft", 1200, { client: "albbrit" }, null, "Product photography to unblock the shop.");
}

function seedInvoices(ctx: SeedContext): void {
  const { rand, clock, rows, clientIds, projectIds } = ctx;
  // Invoices: every status, unique INV-{yyyy}{mm}-{3 digits}
  const usedNumbers = new Set<string>();
  type Line = [description: string, quantity: number, unitPrice: number];
  const invoice = (clientKey: string, projectKey: string | null, items: Line[], dateDays: number, status: InvoiceStatus) => {
    const date = clock.date(-dateDays);
    let number: string;
    do number = `INV-${date.slice(0, 4)}${date.slice(5, 7)}-${String(rand.int(100, 999))}`;
    while (usedNumbers.has(number));
    usedNumbers.add(number);
    const created_at = clock.ago(dateDays, rand);
    const lines = items.map(([description, quantity, unit_price]) => ({ description, quantity, unit_price }));
    rows.invoices.push({
      id: rand.uuid(),
      number,
      client_id: clientIds[clientKey],
      project_id: projectKey ? projectIds[projectKey] : null,
      lines,
      total: linesTotal(lines),
      date,
      due_date: clock.date(-dateDays + 14),
      status,
      // Paid within the fortnight's terms.
      paid_date: status === "Paid" ? clock.date(-dateDays + rand.int(3, 13)) : null,
      paid_method: status === "Paid" ? "Bank transfer" : null,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
  };
  invoice("galvin", "galvin-site", [["Website design and build: deposit (50%)", 1, 1475]], 100, "Paid");
  invoice("galvin", "galvin-site", [["Website design and build: balance (50%)", 1, 1475]], 62, "Paid");
  invoice(
    "albbrit",
    "albbrit-brand",
    [
      ["Brand identity: logo, palette and type", 1, 1200],
      ["Brand guidelines document", 1, 300],
    ],
    80,
    "Paid",
  );
  invoice(
    "albbrit",
    "albbrit-shop",
    [
      ["Shop design", 1, 2400],
      ["Product page templates", 3, 400],
      ["Payments and shipping set-up", 1, 600],
    ],
    50,
    "Overdue",
  );
  invoice(
    "vm-fitness",
    "vm-site",
    [
      ["Website design, per page", 6, 375],
      ["Class booking integration", 1, 1000],
    ],
    45,
    "Paid",
  );
  invoice(
    "jemrex",
    "jemrex-brand",
    [
      ["Logo and brand mark", 1, 950],
      ["Business card and letterhead design", 1, 650],
    ],
    34,
    "Overdue",
  );
  invoice(
    "holt",
    "holt",
    [
      ["Wedding venue website", 1, 3000],
      ["Copywriting, per page", 4, 150],
    ],
    41,
    "Paid",
  );
  invoice(
    "brierley",
    "brierley",
    [
      ["Website redesign", 1, 3200],
      ["SEO set-up and Google Business Profile", 1, 700],
    ],
    3,
    "Sent",
  );
  invoice("jemrex", "jemrex-seo", [["Local SEO retainer, per month", 3, 300]], 1, "Sent");
  invoice("lowe", "lowe", [["Website build: first instalment", 1, 2700]], 0, "Draft");
  invoice(
    "vm-fitness",
    null,
    [
      ["Hosting and care plan (12 months)", 1, 360],
      ["Extra page edits", 1, 90.5],
    ],
    0,
    "Draft",
  );
  // Past its due date but still Sent: the hourly cron marks it Overdue (README, "Scheduled jobs").
  invoice("holt", "holt", [["Venue photography licence", 1, 240]], 21, "Sent");
}

function seedTasks(ctx: SeedContext): void {
  const { rand, clock, rows, ownerId, salesId, clientIds, leadIndex, projectIds } = ctx;
  // Tasks: some overdue, some done
  const task = (
    title: string,
    priority: TaskPriority,
    dueDays: number | null,
    completed: boolean,
    assignee: string,
    related: { type: RelatedType; id: string | null } | null,
    notes: string | null,
  ) => {
    const created_at = clock.ago(Math.abs(dueDays ?? 5) + rand.int(1, 6), rand);
    rows.tasks.push({
      id: rand.uuid(),
      title,
      assignee_username: assignee,
      priority,
      due_date: dueDays === null ? null : clock.date(dueDays),
      completed,
      notes,
      related_id: related?.id ?? null,
      related_type: related?.type ?? null,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
  };
  const lead = (i: number) => ({ type: "lead" as const, id: leadIndex(i) });
  const client = (key: string) => ({ type: "client" as const, id: clientIds[key] });
  const proj = (key: string) => ({ type: "project" as const, id: projectIds[key] });
  task(`Follow up on lead: ${LEADS[1].name}`, "High", -3, false, salesId, lead(1), "Asked for examples of emergency trade sites.");
  task(
    "Chase overdue invoice from Albbrit Interiors",
    "High",
    -5,
    false,
    ownerId,
    client("albbrit"),
    "Second reminder; call Britt if no reply.",
  );
  task("Send logo round two to Jemrex", "Med", -1, false, ownerId, proj("jemrex-brand"), null);
  task(`Follow up on lead: ${LEADS[9].name}`, "Med", 0, false, salesId, lead(9), null);
  task("Prepare kick-off deck for Brierley Brewing", "High", 2, false, ownerId, proj("brierley"), "Include age-verification options.");
  task("Book photographer for Albbrit products", "Med", 4, false, salesId, proj("albbrit-shop"), null);
  task("Monthly SEO report for Jemrex", "Low", 7, false, salesId, proj("jemrex-seo"), null);
  task("Draft proposal for Levenshulme Lettings", "Med", 3, false, salesId, lead(8), null);
  task("Review Lowe & Co practice area copy", "Low", 10, false, ownerId, proj("lowe"), null);
  task("Update portfolio with Galvin Locksmiths case study", "Low", null, false, ownerId, null, "Screenshots are in the shared drive.");
  task("Launch checklist for Galvin local SEO", "High", -8, true, ownerId, proj("galvin-seo"), null);
  task("Send deposit invoice to Brierley Brewing", "High", -2, true, salesId, client("brierley"), null);
  task("Collect gallery images from Amelia Holt", "Med", -30, true, ownerId, proj("holt"), null);
  task(`Follow up on lead: ${LEADS[6].name}`, "Low", -12, true, salesId, lead(6), "Called; will decide after Mother's Day rush.");
}

function seedActivities(ctx: SeedContext): void {
  const { rand, clock, rows, people, clientIds, leadIndex, projectIds } = ctx;
  // Activity feed: every type
  const feed: [ActivityType, string, RelatedType | null, string | null, number][] = [
    ["Call", `Discovery call with ${LEADS[2].name} (${LEADS[2].company})`, "lead", leadIndex(2), 12],
    ["Email", "Sent proposal to Rusholme Spice Kitchen", "lead", leadIndex(4), 9],
    ["Meeting", "Kick-off with Brierley Brewing Co. at the taproom", "client", clientIds.brierley, 3],
    ["Note", "VM Fitness want the app to reuse their class software's API", "client", clientIds["vm-fitness"], 6],
    ["StatusChange", `${LEADS[31].name} moved to Won`, "lead", leadIndex(31), 21],
    ["StatusChange", `${LEADS[20].name} moved to Lost`, "lead", leadIndex(20), 37],
    ["Email", "Invoice reminder sent to Albbrit Interiors", "invoice", null, 5],
    ["Call", "Galvin Locksmiths: reviewed call tracking numbers", "project", projectIds["galvin-seo"], 8],
    ["Meeting", "Design review for Lowe & Co Solicitors", "project", projectIds.lowe, 2],
    ["Note", "Jemrex prefer the darker logo option", "project", projectIds["jemrex-brand"], 4],
    ["Call", `Intro call with ${LEADS[0].name} (${LEADS[0].company})`, "lead", leadIndex(0), 1],
    ["Email", "Sent project questionnaire to Sale Moor Physiotherapy", "lead", leadIndex(10), 14],
    ["StatusChange", "Albbrit Interiors Online Shop marked Blocked", "project", projectIds["albbrit-shop"], 10],
    ["Meeting", "Quarterly pipeline review", null, null, 30],
    ["Note", "Holt Wedding Photography launched; asked for a testimonial", "client", clientIds.holt, 40],
    ["Call", `Negotiated payment schedule with ${LEADS[17].name}`, "lead", leadIndex(17), 0],
  ];
  for (const [type, summary, related_type, related_id, days] of feed) {
    const created_at = clock.ago(days, rand);
    rows.activities.push({
      id: rand.uuid(),
      who_username: people[rows.activities.length % 2],
      who_kind: "staff",
      type,
      summary,
      related_type: related_id ? related_type : null,
      related_id,
      created_at,
      updated_at: created_at,
    });
  }
}

/**
 * `--lists N`: N generated clients, each with a project, a proposal, an invoice and a task, nearly
 * all of them done, paid or decided, as years of work are. For the bench: its 10,000 leads would
 * have brought a studio about a thousand of each, the CRM reads those lists whole, and the curated
 * demo has a dozen. A generator of its own, so the demo's records and ids stay as they are.
 */
function seedGeneratedRecords(ctx: SeedContext, count: number): void {
  const { clock, rows, person } = ctx;
  const rand = new Rand(20_261_127);
  // Years of a studio's work: nearly all of it done, paid and decided, a little of it current.
  const current = () => rand.chance(0.06);
  for (let i = 0; i < count; i++) {
    const area = rand.pick(GENERATED.areas);
    const trade = rand.pick(GENERATED.trades);
    const name = `${rand.chance(0.5) ? rand.pick(GENERATED.lastNames) : area} ${trade}`;
    const clientId = rand.uuid();
    const created_at = clock.ago(rand.int(5, 1000), rand);
    rows.clients.push({
      id: clientId,
      name,
      website: `https://${slug(name)}-${i}.co.uk`,
      emails: [`hello@${slug(name)}-${i}.co.uk`],
      phones: [phoneFor(rand)],
      services: [rand.pick(projectTypes)],
      notes: null,
      active: rand.chance(0.3),
      preview_id: null,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
    const live = current();
    const stage = live ? rand.pick(projectStages.filter((s) => s !== "Done")) : "Done";
    const projectId = rand.uuid();
    const budget = rand.int(8, 120) * 100;
    rows.projects.push({
      id: projectId,
      title: `${name} Website`,
      type: rand.pick(projectTypes),
      client_id: clientId,
      budget,
      start_date: clock.date(live ? -rand.int(10, 90) : -rand.int(60, 1000)),
      due_date: clock.date(live ? rand.int(-10, 90) : -rand.int(10, 950)),
      stage,
      status: live ? rand.pick(["On Track", "On Track", "At Risk", "Blocked"] as const) : "Completed",
      notes: null,
      lead_id: null,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
    const status = current()
      ? rand.pick(proposalStatuses.filter((s) => s === "Draft" || s === "Sent"))
      : rand.pick(["Accepted", "Accepted", "Rejected"] as const);
    const sentDays = status === "Draft" ? null : status === "Sent" ? rand.int(1, 20) : rand.int(30, 1000);
    rows.proposals.push({
      id: rand.uuid(),
      title: `Proposal for ${name}`,
      value: budget,
      lines: [singleLine(budget, `Website for ${name}`)],
      status,
      sent_date: sentDays === null ? null : clock.date(-sentDays),
      due_date: sentDays === null ? null : clock.date(-sentDays + 14),
      lead_id: null,
      client_id: clientId,
      notes: null,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
    const invoiceStatus = current() ? rand.pick(invoiceStatuses.filter((s) => s !== "Paid")) : "Paid";
    const dateDays = invoiceStatus === "Paid" ? rand.int(30, 1000) : rand.int(1, 40);
    const lines = [{ description: `Website for ${name}`, quantity: 1, unit_price: budget }];
    rows.invoices.push({
      id: rand.uuid(),
      number: `GEN-${String(i + 1).padStart(5, "0")}`,
      client_id: clientId,
      project_id: projectId,
      lines,
      total: linesTotal(lines),
      date: clock.date(-dateDays),
      due_date: clock.date(-dateDays + 14),
      status: invoiceStatus,
      paid_date: invoiceStatus === "Paid" ? clock.date(-dateDays + rand.int(3, 13)) : null,
      paid_method: invoiceStatus === "Paid" ? "Bank transfer" : null,
      created_at,
      updated_at: clock.after(created_at, rand),
    });
    const open = current();
    rows.tasks.push({
      id: rand.uuid(),
      title: `Check in with ${name}`,
      assignee_username: person(),
      priority: rand.pick(taskPriorities),
      due_date: clock.date(open ? rand.int(-14, 30) : -rand.int(1, 1000)),
      completed: !open,
      notes: null,
      related_id: clientId,
      related_type: "client",
      created_at,
      updated_at: clock.after(created_at, rand),
    });
  }
}

function buildSeed(staff: StaffHashes, leadCount: number, links: DemoLinks, now = Date.now(), lists = 0): SeedRows {
  const rand = new Rand(20_260_101);
  const clock = new Clock(now);
  const rows: SeedRows = {
    users: [],
    clients: [],
    leads: [],
    lead_activities: [],
    projects: [],
    proposals: [],
    invoices: [],
    tasks: [],
    activities: [],
    preview_releases: [],
    preview_comments: [],
    preview_replies: [],
    proposal_links: [],
    proposal_messages: [],
    invoice_links: [],
  };
  const base: SeedBase = { rand, clock, rows };
  const people = seedStaff(base, staff);
  const clientIds = seedClients(base);
  const leadIndex = seedLeads({ ...base, ...people, clientIds }, leadCount);
  const ctx: SeedContext = { ...base, ...people, clientIds, leadIndex, projectIds: {} };
  seedProjects(ctx);
  seedProposals(ctx);
  seedInvoices(ctx);
  seedTasks(ctx);
  seedActivities(ctx);
  seedPreviewFeedback(rows, { clock, rand, clientIds, ownerId: people.ownerId });
  // Last, so the random draws before it (and every id they made) stay as they were.
  seedSharedProposal(ctx, links.proposalTokenHash);
  seedSharedInvoice(ctx, links.invoiceTokenHash);
  seedGeneratedRecords(ctx, lists);
  return rows;
}

/** The hashes of the demo's shared links, whose tokens `npm run dev` prints (scripts/lib/local.ts). */
interface DemoLinks {
  proposalTokenHash: string;
  invoiceTokenHash: string;
}

/** Brierley Brewing's Sent invoice, shared with them and opened once: its page shows how to pay. */
function seedSharedInvoice(ctx: SeedContext, tokenHash: string) {
  const { rows, clock, rand } = ctx;
  const invoice = rows.invoices.find((i) => i.client_id === ctx.clientIds.brierley && i.status === "Sent")!;
  const sharedAt = clock.ago(2, rand);
  const viewed = clock.ago(1, rand);
  rows.invoice_links.push({
    id: rand.uuid(),
    invoice_id: invoice.id!,
    token_hash: tokenHash,
    created_by: ctx.ownerId,
    views: 1,
    first_viewed_at: viewed,
    last_viewed_at: viewed,
    created_at: sharedAt,
    updated_at: sharedAt,
  });
}

/**
 * Sophie Turner's proposal written as a document and shared with her: she has opened it twice and
 * asked a question the studio answered. Accepting it on its page runs the whole Accept workflow.
 */
function seedSharedProposal(ctx: SeedContext, tokenHash: string) {
  const { rows, clock, rand } = ctx;
  const proposal = rows.proposals.find((p) => p.title === "Proposal for Sophie Turner")!;
  const lines = [
    { description: "Design: timetable, booking and members' pages", quantity: 1, unit_price: 1800 },
    { description: "Build and launch, phase one (timetable and booking)", quantity: 1, unit_price: 2200 },
    { description: "Members' area, phase two", quantity: 1, unit_price: 800 },
  ];
  Object.assign(proposal, {
    intro: "Thank you for telling us about the studio. Here is how we would give Sophie Turner Yoga a site that fills classes by itself.",
    sections: [
      {
        heading: "Scope",
        body: "- A timetable your team updates from a phone\n- Booking and payment for classes and courses\n- A members' area for recordings, in phase two",
      },
      {
        heading: "Timeline",
        body: "Phase one in six weeks from the go-ahead, phase two four weeks after.\n\nWe meet weekly, by video or at the studio.",
      },
    ],
    lines,
    value: linesTotal(lines),
    valid_until: clock.date(30),
    terms: demoStudio.proposal_terms,
  });
  const sharedAt = clock.ago(6, rand);
  const firstView = clock.after(sharedAt, rand);
  rows.proposal_links.push({
    id: rand.uuid(),
    proposal_id: proposal.id!,
    token_hash: tokenHash,
    created_by: ctx.ownerId,
    views: 2,
    first_viewed_at: firstView,
    last_viewed_at: clock.after(firstView, rand),
    created_at: sharedAt,
    updated_at: sharedAt,
  });
  const asked = clock.ago(2, rand);
  const replied = clock.ago(1, rand);
  rows.proposal_messages.push(
    {
      id: rand.uuid(),
      proposal_id: proposal.id!,
      author: "client",
      author_name: "Sophie Turner",
      body: "Could phase one be live before our January intake?",
      email_status: "sent",
      email_attempts: 1,
      created_at: asked,
      updated_at: asked,
    },
    {
      id: rand.uuid(),
      proposal_id: proposal.id!,
      author: "studio",
      author_name: STAFF.owner.full_name,
      author_id: ctx.ownerId,
      body: "Yes: with a go-ahead this week, phase one goes live in the first week of January.",
      email_status: "sent",
      created_at: replied,
      updated_at: replied,
    },
  );
  // Each as the Activity Feed has it, on Sophie's timeline.
  const related = {
    related_type: proposal.lead_id ? ("lead" as const) : ("client" as const),
    related_id: proposal.lead_id ?? proposal.client_id,
  };
  rows.activities.push(
    {
      id: rand.uuid(),
      who_username: null,
      who_name: "Sophie Turner",
      who_kind: "client",
      type: "Question",
      summary: 'Sophie Turner asked about the proposal "Proposal for Sophie Turner": Could phase one be live before our January intake?',
      ...related,
      created_at: asked,
      updated_at: asked,
    },
    {
      id: rand.uuid(),
      who_username: ctx.ownerId,
      who_kind: "staff",
      type: "Answer",
      summary: `${STAFF.owner.full_name} answered about the proposal "Proposal for Sophie Turner": Yes: with a go-ahead this week, phase one goes live in the first week of January.`,
      ...related,
      created_at: replied,
      updated_at: replied,
    },
  );
}

/**
 * VM Fitness are reviewing their rebuild: an earlier version with a resolved comment and the
 * studio's reply, and two open comments on the version now on screen (its URL is the preview
 * record's, so the page and the CRM agree). Approving it moves "VM Fitness Website Rebuild" to Launch.
 */
function seedPreviewFeedback(rows: SeedRows, ctx: { clock: Clock; rand: Rand; clientIds: Record<string, string>; ownerId: string }) {
  const { clock, rand, clientIds } = ctx;
  const previewId = "vm-fitness";
  const client_id = clientIds[previewId];
  const current = PREVIEW_CLIENTS.find((p) => p.id === previewId)!.previewUrl;
  const release = (url: string | null, days: number) => {
    const at = clock.ago(days, rand);
    const row = { id: rand.uuid(), preview_id: previewId, client_id, preview_url: url, published_at: at, created_at: at, updated_at: at };
    rows.preview_releases.push(row);
    return row;
  };
  const draft = release(`${current}-draft`, 9);
  const now = release(current, 3);
  const comment = (on: typeof now, days: number, body: string, page: string | null, status: "Open" | "Resolved") => {
    const at = clock.ago(days, rand);
    const id = rand.uuid();
    rows.preview_comments.push({
      id,
      client_id,
      release_id: on.id,
      author_name: "Vicky Marsh",
      body,
      page,
      status,
      email_status: "sent",
      email_error: null,
      email_attempts: 1,
      created_at: at,
      updated_at: status === "Resolved" ? clock.after(at, rand) : at,
    });
    rows.activities.push({
      id: rand.uuid(),
      who_username: null,
      who_name: "Vicky Marsh",
      who_kind: "client",
      type: "Note",
      summary: `Vicky Marsh left feedback on the preview of VM Fitness: "${body.length > 80 ? `${body.slice(0, 79)}…` : body}"`,
      related_type: "client",
      related_id: client_id,
      created_at: at,
      updated_at: at,
    });
    return { id, at };
  };
  const logo = comment(draft, 8, "The logo looks squashed on my phone. Can it keep its proportions?", "/", "Resolved");
  const repliedAt = clock.after(logo.at, rand);
  rows.preview_replies.push({
    id: rand.uuid(),
    comment_id: logo.id,
    author_id: ctx.ownerId,
    author_name: STAFF.owner.full_name,
    body: "Good spot, thank you. Fixed in the next version: the logo now scales without stretching.",
    created_at: repliedAt,
    updated_at: repliedAt,
  });
  comment(now, 2, "Could the class timetable sit higher on the home page? Most members go straight to it.", "/", "Open");
  comment(now, 1, "The phone number in the footer is our old one. It should be 0161 496 0123.", "/contact", "Open");
}

const NOTES = [
  "Called: keen to launch before the summer.",
  "Prefers e-mail; replies in the evenings.",
  "Has a tight budget but a clear brief.",
  "Referred by an existing client; warm lead.",
  "Current site is on Wix and slow on mobile.",
  "Wants to see examples of local trade websites.",
  "Decision maker is the co-owner; include both on e-mails.",
];

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * INSERTs that each bind ONE parameter, a JSON array of up to JSON_BYTES of rows, unpacked in SQL
 * as Import does (worker/services/data-transfer.ts): `INSERT INTO leads (…) SELECT json_extract(value,
 * '$."id"'), … FROM json_each(?)`. 50,000 leads are then some 70 statements instead of 10,000
 * multi-row ones under D1's 100 bound parameters. Values are first turned into what drizzle
 * would store (booleans as 0/1, JSON columns as their text); rows are grouped by the columns they
 * give, so a column a row leaves out takes its default as before.
 */
function insertStatements<T extends Table>(db: Db, table: T, values: Row<T>[]): BatchItem<"sqlite">[] {
  const columns = getTableColumns(table);
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of values) {
    const stored: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
      if (value === undefined) continue;
      const column = columns[key];
      stored[column.name] = value === null ? null : column.mapToDriverValue(value);
    }
    const signature = Object.keys(stored).join(",");
    if (!groups.has(signature)) groups.set(signature, []);
    groups.get(signature)!.push(stored);
  }
  const out: BatchItem<"sqlite">[] = [];
  for (const [signature, rows] of groups) {
    const given = new Set(signature.split(","));
    // Every column, in the table's order: a column these rows leave out takes the database's default.
    const selected = Object.values(columns).map((column) =>
      given.has(column.name)
        ? sql.raw(`json_extract(value, '$."${column.name}"')`)
        : column.default === undefined
          ? sql`NULL`
          : is(column.default, SQL)
            ? column.default
            : sql`${column.mapToDriverValue(column.default)}`,
    );
    for (const chunk of jsonChunks(rows))
      out.push(
        db.insert(table).select(sql`SELECT ${sql.join(selected, sql`, `)} FROM json_each(${chunk})`) as unknown as BatchItem<"sqlite">,
      );
  }
  return out;
}

/** Rows as JSON arrays of at most JSON_BYTES (well under D1's 2,000,000-byte string). */
function jsonChunks(rows: Record<string, unknown>[]): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const row of rows) {
    const json = JSON.stringify(row);
    const bytes = Buffer.byteLength(json) + 1;
    if (parts.length > 0 && size + bytes > JSON_BYTES) {
      chunks.push(`[${parts.join(",")}]`);
      parts = [];
      size = 2;
    }
    parts.push(json);
    size += bytes;
  }
  if (parts.length > 0) chunks.push(`[${parts.join(",")}]`);
  return chunks;
}

const demoStudio: StudioSettings = {
  studio_name: "Redbrick Studio",
  address: "Unit 4, Hope Mill\n113 Pollard Street\nManchester\nM4 7JA",
  vat_number: "GB 123 4567 89",
  bank_name: "Demo Bank plc",
  bank_account_name: "Redbrick Studio Ltd",
  bank_sort_code: "12-34-56",
  bank_account_number: "12345678",
  invoice_notes: "Please pay within 14 days by bank transfer, quoting the invoice number. Thank you!",
  payment_terms_days: 14,
  proposal_terms:
    "Prices include VAT. We ask for 50% to start and 50% on launch, each payable within 14 days.\n\nThe quote holds until its valid-until date. Two rounds of changes are included at each stage; more are charged at £60 an hour.\n\n- You own the finished site and its content once paid in full.\n- Hosting and domains are billed separately.",
};

async function writeSeed(db: Db, rows: SeedRows): Promise<number> {
  // Parents before children, so every foreign key already has its row.
  const statements = [
    ...insertStatements(db, users, rows.users),
    ...insertStatements(db, clients, rows.clients),
    ...insertStatements(db, leads, rows.leads),
    ...insertStatements(db, lead_activities, rows.lead_activities),
    ...insertStatements(db, projects, rows.projects),
    ...insertStatements(db, proposals, rows.proposals),
    ...insertStatements(db, invoices, rows.invoices),
    ...insertStatements(db, tasks, rows.tasks),
    ...insertStatements(db, activities, rows.activities),
    ...insertStatements(db, preview_releases, rows.preview_releases),
    ...insertStatements(db, preview_comments, rows.preview_comments),
    ...insertStatements(db, preview_replies, rows.preview_replies),
    ...insertStatements(db, proposal_links, rows.proposal_links),
    ...insertStatements(db, proposal_messages, rows.proposal_messages),
    ...insertStatements(db, invoice_links, rows.invoice_links),
    // Studio details, so the demo prints a complete invoice. Placeholder bank details: this is a demo.
    db.insert(settings).values({
      key: "studio",
      value: JSON.stringify(demoStudio),
      created_at: rows.users[0].created_at,
      updated_at: rows.users[0].created_at,
    }) as unknown as BatchItem<"sqlite">,
  ];
  // The default data fits one batch, so it lands all at once or not at all.
  for (let i = 0; i < statements.length; i += MAX_STATEMENTS_PER_BATCH) {
    const chunk = statements.slice(i, i + MAX_STATEMENTS_PER_BATCH);
    await db.batch(chunk as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  return statements.length;
}

async function writePreviews(stores: PreviewStores, code: string, now = new Date()): Promise<void> {
  const updatedAt = now.toISOString();
  await Promise.all(
    PREVIEW_CLIENTS.map(async (p) => {
      const record: PreviewRecord = {
        name: p.name,
        previewUrl: p.previewUrl,
        code: await hashPassword(code),
        expiresAt: null,
        revoked: false,
        updatedAt,
      };
      await writePreview(stores, p.id, null, record);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE = `Usage: tsx scripts/seed.ts [--reset] [--persist-to DIR] [--leads N] [--lists N]
  --reset           delete all local state (D1, KV, Durable Objects) first, then migrate and seed
  --persist-to DIR  the state directory, as for \`wrangler dev --persist-to\` (default ${DEFAULT_STATE_DIR})
  --leads N         seed N leads instead of ${DEFAULT_LEADS} (e.g. 10000 for the benchmark)
  --lists N         also N generated clients, each with a project, a proposal, an invoice and a task
                    (the benchmark: 1000, about what its 10,000 leads would have brought a studio)`;

async function devServerRunning(): Promise<boolean> {
  try {
    const res = await fetch(`http://localhost:${DEV_PORT}/api/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The proxy only needs D1 and KV, yet wrangler and workerd warn that it does not serve the
 * worker's own Durable Object (LIVE): true, irrelevant here, and alarming in `npm run dev`.
 */
async function quietly<T>(start: () => Promise<T>): Promise<T> {
  const write = process.stderr.write.bind(process.stderr);
  const noise =
    /internal Durable Objects|These will not work in local development|define your DO in a separate Worker|Durable Objects section here|DurableObjectNamespace in the config referenced/;
  process.env.WRANGLER_LOG ??= "error";
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    noise.test(String(chunk)) ? true : write(chunk, ...rest)) as typeof process.stderr.write;
  try {
    return await start();
  } finally {
    // workerd reports the missing class a moment after start-up.
    setTimeout(() => (process.stderr.write = write), 1500).unref();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: "boolean", default: false },
      "persist-to": { type: "string" },
      leads: { type: "string" },
      lists: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const leadCount = values.leads === undefined ? DEFAULT_LEADS : Number(values.leads);
  if (!Number.isInteger(leadCount) || leadCount < 0 || leadCount > 1_000_000)
    throw new Error(`--leads must be a whole number, got ${values.leads}`);
  const listCount = values.lists === undefined ? 0 : Number(values.lists);
  if (!Number.isInteger(listCount) || listCount < 0 || listCount > 100_000)
    throw new Error(`--lists must be a whole number, got ${values.lists}`);
  const persistTo = values["persist-to"];
  const stateDir = resolve(ROOT, persistTo ?? DEFAULT_STATE_DIR);
  const settings = readDemoSettings();

  if (values.reset) {
    if (!persistTo && (await devServerRunning())) {
      throw new Error(`A server answers on port ${DEV_PORT}. Stop \`npm run dev\` before resetting: it holds the state being deleted.`);
    }
    if (existsSync(stateDir)) rmSync(stateDir, { recursive: true, force: true });
    console.log(`🧹 Deleted local state in ${stateDir} (D1, KV, Durable Objects)`);
  }

  console.log("🗄️  Applying migrations to the local D1 database…");
  applyLocalMigrations(persistTo);

  const started = performance.now();
  const proxy = await quietly(() =>
    getPlatformProxy<{ DB: D1Database; PREVIEWS: KVNamespace }>({
      configPath: join(ROOT, "wrangler.toml"),
      persist: { path: join(stateDir, "v3") },
    }),
  );
  try {
    const db = createDb(proxy.env.DB);
    const [{ n }] = await db.select({ n: count() }).from(users);
    if (n > 0) {
      console.log(
        `✔ The local database already has ${n} user(s): not seeding. Run \`npm run db:reset\` to start again from the demo data.`,
      );
      return;
    }
    const [owner, sales, team] = await Promise.all([
      hashPassword(settings.DEMO_OWNER_PASSWORD),
      hashPassword(settings.DEMO_SALES_PASSWORD),
      hashPassword(settings.DEMO_TEAM_PASSWORD),
    ]);
    const rows = buildSeed(
      {
        owner: { email: settings.DEMO_OWNER_EMAIL, hash: owner },
        sales: { email: settings.DEMO_SALES_EMAIL, hash: sales },
        team: { hash: team },
      },
      leadCount,
      {
        proposalTokenHash: sha256Hex(demoLinkToken("proposal", settings.SESSION_SECRET)),
        invoiceTokenHash: sha256Hex(demoLinkToken("invoice", settings.SESSION_SECRET)),
      },
      Date.now(),
      listCount,
    );
    const statements = await writeSeed(db, rows);
    await writePreviews({ kv: proxy.env.PREVIEWS, db }, settings.DEMO_PREVIEW_CODE);
    const counts = Object.entries(rows)
      .map(([table, list]) => `${list.length} ${table}`)
      .join(", ");
    const ms = Math.round(performance.now() - started);
    console.log(`🌱 Seeded ${counts} (${statements} statements) and ${PREVIEW_CLIENTS.length} preview records in ${ms} ms`);
  } finally {
    await proxy.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(`✘ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
