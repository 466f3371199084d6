/**
 * A task's priorities and the kinds of record it (or an activity) can be about: plain values,
 * apart from task.ts and its zod schemas, so a CRM page's first load can use them without zod
 * (docs/decisions/0026-crm-first-render.md). task.ts re-exports them.
 */
export const taskPriorities = ["Low", "Med", "High"] as const;
export type TaskPriority = (typeof taskPriorities)[number];
export const relatedTypes = ["lead", "client", "project", "proposal", "invoice"] as const;
export type RelatedType = (typeof relatedTypes)[number];
export const relatedTypeLabels: Record<RelatedType, string> = {
  lead: "Lead",
  client: "Client",
  project: "Project",
  proposal: "Proposal",
  invoice: "Invoice",
};
