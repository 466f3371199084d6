/**
 * The CRM's sections, in the sidebar's order: the nav draws them (with an icon each), and the bench
 * and the end-to-end specs that visit every page (accessibility, phone fit) go through the same list.
 */
export const crmSections = [
  { label: "Dashboard", path: "/crm/dashboard" },
  // The pipeline board; the nav marks it only on /crm itself, not on the pages below it.
  { label: "Pipeline", path: "/crm", end: true },
  { label: "Leads", path: "/crm/leads" },
  { label: "Clients", path: "/crm/clients" },
  { label: "Projects", path: "/crm/projects" },
  { label: "Proposals", path: "/crm/proposals" },
  { label: "Invoices", path: "/crm/invoices" },
  { label: "Tasks", path: "/crm/tasks" },
  { label: "Calls", path: "/crm/calls" },
  { label: "Activity", path: "/crm/activity" },
  { label: "Unfiled mail", path: "/crm/mail" },
  { label: "Settings", path: "/crm/settings" },
] as const satisfies readonly { label: string; path: `/crm${string}`; end?: boolean }[];

export type CrmSectionPath = (typeof crmSections)[number]["path"];
