/**
 * A project's stages, statuses and types: plain values, apart from project.ts and its zod schemas,
 * so a CRM page's first load can use them without zod (docs/decisions/0026-crm-first-render.md). project.ts
 * re-exports them.
 */
export const projectStages = ["Discovery", "Design", "Build", "Review", "Launch", "Done"] as const;
export type ProjectStage = (typeof projectStages)[number];
export const projectStatuses = ["On Track", "At Risk", "Blocked", "Completed"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
/** Statuses offered when creating; Completed only on edit. */
export const projectCreateStatuses = ["On Track", "At Risk", "Blocked"] as const;
export const projectTypes = ["Web Design", "Mobile App", "Branding", "E-commerce", "SEO", "Custom"] as const;
