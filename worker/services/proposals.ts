/** Proposals, with the lead or client they are for. */
import { desc, eq, getTableColumns } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { clients, leads, proposals } from "../db/schema";
import type { Proposal } from "../../contract/proposal";

const forLead = alias(leads, "for_lead");
const forClient = alias(clients, "for_client");

export async function listProposals(db: Db): Promise<Proposal[]> {
  const rows = await db
    .select({ ...getTableColumns(proposals), lead_name: forLead.name, client_name: forClient.name })
    .from(proposals)
    .leftJoin(forLead, eq(forLead.id, proposals.lead_id))
    .leftJoin(forClient, eq(forClient.id, proposals.client_id))
    .orderBy(desc(proposals.created_at));
  return rows.map(({ lead_name, client_name, ...p }) => ({
    ...p,
    lead: p.lead_id && lead_name !== null ? { id: p.lead_id, name: lead_name } : null,
    client: p.client_id && client_name !== null ? { id: p.client_id, name: client_name } : null,
  }));
}
