/**
 * The client's side of a shared invoice (/i/<token>): what a token opens. The client only reads and
 * pays by bank transfer, so unlike a proposal's page there is nothing to answer.
 */
import { eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients, invoices, projects } from "../../db/schema";
import { lookupDocumentLink, type DocumentLinkLookup } from "./document-links";
import type { InvoiceContent } from "./invoice-page";

/** The invoice's own columns the page shows. */
const { number, status, date, due_date, paid_date, lines, total, kind } = getTableColumns(invoices);

/** The invoice a link opens, as it now is: the link outlives no edit. */
const invoiceContent = (db: Db, id: string): Promise<InvoiceContent | undefined> =>
  db
    .select({ number, kind, status, date, due_date, paid_date, lines, total, client_name: clients.name, project_title: projects.title })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.client_id))
    .leftJoin(projects, eq(projects.id, invoices.project_id))
    .where(eq(invoices.id, id))
    .get();

/** What a token opens: the invoice as it now is, or that its link was revoked or replaced (document-links.ts). */
export function lookupInvoiceLink(db: Db, token: string, limitKey: string): Promise<DocumentLinkLookup<InvoiceContent>> {
  return lookupDocumentLink(db, "invoice", token, limitKey, (id) => invoiceContent(db, id));
}
