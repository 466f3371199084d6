/**
 * The client's side of a shared invoice (/i/<token>): what a token opens, and the
 * client's views of it. The client only reads and pays by bank transfer, so unlike a proposal's
 * page there is nothing to answer.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients, invoice_links, invoices, projects } from "../../db/schema";
import { countLinkView, findUnderLinkLimit } from "./shared-links";
import type { InvoiceContent } from "./invoice-page";

export type InvoiceLinkLookup = { kind: "open"; linkId: string; invoice: InvoiceContent } | { kind: "ended" } | { kind: "unknown" };

/**
 * What a token opens: the invoice as it now is, or that its link was revoked or replaced. A
 * deleted invoice took its links with it, so its token is unknown. Unknown tokens count against
 * the network's limit on guessing links, which /p and /i share (modules/shared-documents/shared-links.ts).
 */
export async function lookupInvoiceLink(db: Db, token: string, limitKey: string): Promise<InvoiceLinkLookup> {
  const found = await findUnderLinkLimit(
    db,
    token,
    limitKey,
    async (tokenHash) =>
      (
        await db
          .select({
            link_id: invoice_links.id,
            revoked_at: invoice_links.revoked_at,
            number: invoices.number,
            status: invoices.status,
            date: invoices.date,
            due_date: invoices.due_date,
            paid_date: invoices.paid_date,
            lines: invoices.lines,
            total: invoices.total,
            client_name: clients.name,
            project_title: projects.title,
          })
          .from(invoice_links)
          .innerJoin(invoices, eq(invoices.id, invoice_links.invoice_id))
          .leftJoin(clients, eq(clients.id, invoices.client_id))
          .leftJoin(projects, eq(projects.id, invoices.project_id))
          .where(eq(invoice_links.token_hash, tokenHash))
      )[0],
  );
  if (!found) return { kind: "unknown" };
  if (found.revoked_at) return { kind: "ended" };
  const { link_id, revoked_at: _r, ...invoice } = found;
  return { kind: "open", linkId: link_id, invoice };
}

/** Counts a client's view of the page (first, last and how many), once per visit (modules/shared-documents/shared-links.ts). */
export async function countInvoiceView(db: Db, linkId: string, visitorKey: string): Promise<void> {
  await countLinkView(db, invoice_links, linkId, visitorKey);
}
