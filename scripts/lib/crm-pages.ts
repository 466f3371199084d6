/**
 * Every page of the CRM's sidebar, the board first: what the bench loads directly and what the
 * end-to-end specs that visit each page (accessibility, phone fit) go through.
 */
export const CRM_SIDEBAR_PAGES = [
  { name: "Pipeline", path: "/crm" },
  // Every tile, chart and list aggregated over the 10,000 leads, inline with the page.
  { name: "Dashboard", path: "/crm/dashboard" },
  { name: "Leads", path: "/crm/leads" },
  { name: "Clients", path: "/crm/clients" },
  { name: "Projects", path: "/crm/projects" },
  { name: "Proposals", path: "/crm/proposals" },
  { name: "Invoices", path: "/crm/invoices" },
  { name: "Tasks", path: "/crm/tasks" },
  { name: "Activity", path: "/crm/activity" },
  { name: "Settings", path: "/crm/settings" },
] as const satisfies readonly { name: string; path: string }[];
