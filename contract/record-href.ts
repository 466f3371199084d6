/**
 * Where a row of any CRM table is opened in the CRM: the record itself, or for a row with no page of
 * its own (a note, a shared link, a client's comment) the record it belongs to, else its list. Used
 * where the server names a row a person must go and fix (delete-all's refusal when its backup would
 * not restore).
 */
import type { ExportTable } from "./export";
import { relatedHref } from "./related-href";
import { relatedTypes, type RelatedType } from "./task-values";

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** The record a row's related_type and related_id name, if they name one. */
function related(row: Record<string, unknown>): string | null {
  const type = text(row.related_type);
  const id = text(row.related_id);
  return type && id && (relatedTypes as readonly string[]).includes(type) ? relatedHref(type as RelatedType, id, "") : null;
}

/** The CRM path that opens `row` of `table` (or the record it belongs to). */
export function recordHref(table: ExportTable, row: Record<string, unknown>): string {
  const id = text(row.id) ?? "";
  const of = (type: RelatedType, column: string, list: string) => {
    const parent = text(row[column]);
    return parent ? relatedHref(type, parent, "") : list;
  };
  switch (table) {
    case "leads":
      return relatedHref("lead", id, "");
    case "clients":
      return relatedHref("client", id, "");
    case "projects":
      return relatedHref("project", id, "");
    case "proposals":
      return relatedHref("proposal", id, "");
    case "invoices":
      return relatedHref("invoice", id, "");
    case "payments":
    case "payment_reminders":
      return of("invoice", "invoice_id", "/crm/invoices");
    case "stripe_events":
      return "/crm/invoices";
    case "lead_activities":
      return of("lead", "lead_id", "/crm/leads");
    case "tasks":
      return related(row) ?? "/crm/tasks";
    case "activities":
      return related(row) ?? "/crm/activity";
    case "mail_messages":
      // Unfiled mail waits in its own list.
      return related(row) ?? "/crm/mail";
    case "preview_releases":
    case "preview_comments":
    case "preview_approvals":
      return of("client", "client_id", "/crm/clients");
    case "preview_replies":
      return "/crm/clients";
    case "proposal_links":
    case "proposal_responses":
    case "proposal_messages":
      return of("proposal", "proposal_id", "/crm/proposals");
    case "invoice_links":
      return of("invoice", "invoice_id", "/crm/invoices");
    case "instalments":
      return of("proposal", "proposal_id", "/crm/proposals");
    case "recurring_invoices":
      return of("client", "client_id", "/crm/clients");
    case "credit_notes":
      return of("invoice", "invoice_id", "/crm/invoices");
    case "calls":
      // On its lead, where the answers and the timeline are; one whose lead has gone, on the Calls list.
      return of("lead", "lead_id", "/crm/calls");
  }
}
