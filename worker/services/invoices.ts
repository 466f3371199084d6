/** Invoices, with client name and project title joined. */
import { desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../db/client";
import { clients, invoices, projects } from "../db/schema";
import type { Invoice } from "../../contract/invoice";

export function listInvoices(db: Db): Promise<Invoice[]> {
  return db
    .select({ ...getTableColumns(invoices), client_name: clients.name, project_title: projects.title })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.client_id))
    .leftJoin(projects, eq(projects.id, invoices.project_id))
    .orderBy(desc(invoices.created_at));
}
