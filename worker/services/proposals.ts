/** Proposals, with the lead or client they are for. */
import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { Db } from "../db/client";
import { clients, leads, proposals } from "../db/schema";
import type { Proposal, proposalInput, proposalPatch } from "../../contract/proposal";
import { AppError, notFound, staleEdit } from "../lib/errors";
import { newId } from "../lib/ids";
import { nextStamp, nowIso } from "../lib/time";
import { versionedResult } from "../lib/versioned";

const forLead = alias(leads, "for_lead");
const forClient = alias(clients, "for_client");

const joined = (db: Db) =>
  db
    .select({ ...getTableColumns(proposals), lead_name: forLead.name, client_name: forClient.name })
    .from(proposals)
    .leftJoin(forLead, eq(forLead.id, proposals.lead_id))
    .leftJoin(forClient, eq(forClient.id, proposals.client_id));

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>["all"]>>[number];
const shape = ({ lead_name, client_name, ...p }: JoinedRow): Proposal => ({
  ...p,
  lead: p.lead_id && lead_name !== null ? { id: p.lead_id, name: lead_name } : null,
  client: p.client_id && client_name !== null ? { id: p.client_id, name: client_name } : null,
});

export async function listProposals(db: Db): Promise<Proposal[]> {
  return (await joined(db).orderBy(desc(proposals.created_at))).map(shape);
}

export async function getProposal(db: Db, id: string): Promise<Proposal> {
  const [row] = await joined(db).where(eq(proposals.id, id)).limit(1);
  if (!row) throw notFound("Proposal");
  return shape(row);
}

async function assertParties(db: Db, p: { lead_id?: string | null; client_id?: string | null }) {
  if (p.lead_id && !(await db.select({ id: leads.id }).from(leads).where(eq(leads.id, p.lead_id)).get()))
    throw new AppError("validation_failed", "Please correct the highlighted fields", { lead_id: "That lead does not exist" });
  if (p.client_id && !(await db.select({ id: clients.id }).from(clients).where(eq(clients.id, p.client_id)).get()))
    throw new AppError("validation_failed", "Please correct the highlighted fields", { client_id: "That client does not exist" });
}

export async function createProposal(db: Db, input: z.output<typeof proposalInput>): Promise<Proposal> {
  await assertParties(db, input);
  const now = nowIso();
  const id = newId();
  await db.insert(proposals).values({ ...input, id, created_at: now, updated_at: now });
  return getProposal(db, id);
}

export async function updateProposal(db: Db, id: string, patch: z.output<typeof proposalPatch>): Promise<Proposal> {
  const { updated_at: seen, ...changes } = patch;
  await assertParties(db, changes);
  // Choosing a lead clears the client and vice versa.
  const parties = changes.lead_id ? { client_id: null } : changes.client_id ? { lead_id: null } : {};
  const rows = await db
    .update(proposals)
    .set({ ...changes, ...parties, updated_at: nextStamp(seen) })
    .where(and(eq(proposals.id, id), eq(proposals.updated_at, seen)))
    .returning({ id: proposals.id });
  await versionedResult(rows, () => db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, id)).get(), "Proposal");
  return getProposal(db, id);
}

/**
 * Accept is allowed only from Sent. One conditional UPDATE, so a proposal changed by someone
 * else in the meantime (status or anything else) is never accepted by mistake.
 */
export async function acceptProposal(db: Db, id: string, seen: string): Promise<Proposal> {
  const rows = await db
    .update(proposals)
    .set({ status: "Accepted", updated_at: nextStamp(seen) })
    .where(and(eq(proposals.id, id), eq(proposals.updated_at, seen), eq(proposals.status, "Sent")))
    .returning({ id: proposals.id });
  if (!rows[0]) {
    const current = await db
      .select({ status: proposals.status, updated_at: proposals.updated_at })
      .from(proposals)
      .where(eq(proposals.id, id))
      .get();
    if (!current) throw notFound("Proposal");
    if (current.updated_at !== seen) throw staleEdit("proposal");
    throw new AppError("conflict", "Only a sent proposal can be accepted");
  }
  return getProposal(db, id);
}

export async function deleteProposal(db: Db, id: string): Promise<void> {
  const rows = await db.delete(proposals).where(eq(proposals.id, id)).returning({ id: proposals.id });
  if (rows.length === 0) throw notFound("Proposal");
}
