/** Where a related record (an activity's or a task's) lives in the CRM, shared by every screen that links to one and by the daily digest's e-mail. */
import type { RelatedType } from "./task";

/**
 * The record itself: a lead's dialog, a client's page, a project's dialog, an invoice's dialog, a
 * proposal's view. `name` serves only a proposal link made without its id (an e-mail that knows the
 * title alone), which narrows the proposals to that title instead.
 */
export function relatedHref(type: RelatedType, id: string, name: string): string {
  switch (type) {
    case "lead":
      return `/crm/leads?lead=${encodeURIComponent(id)}`;
    case "client":
      return `/crm/clients/${encodeURIComponent(id)}`;
    case "invoice":
      return `/crm/invoices?invoice=${encodeURIComponent(id)}`;
    case "project":
      return `/crm/projects?project=${encodeURIComponent(id)}`;
    case "proposal":
      return id ? `/crm/proposals?proposal=${encodeURIComponent(id)}` : `/crm/proposals?q=${encodeURIComponent(name)}`;
  }
}
