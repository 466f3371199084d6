/** Where a related record (an activity's or a task's) lives in the CRM, shared by every screen that links to one and by the daily digest's e-mail. */
import type { RelatedType } from "./task";

/** A lead's dialog, a client's page, a project's dialog, the invoice's printable page, the proposals list narrowed to it. */
export function relatedHref(type: RelatedType, id: string, name: string): string {
  switch (type) {
    case "lead":
      return `/crm/leads?lead=${encodeURIComponent(id)}`;
    case "client":
      return `/crm/clients/${encodeURIComponent(id)}`;
    case "invoice":
      return `/crm/invoices/${encodeURIComponent(id)}/print`;
    case "project":
      return `/crm/projects?project=${encodeURIComponent(id)}`;
    case "proposal":
      return `/crm/proposals?q=${encodeURIComponent(name)}`;
  }
}
