/**
 * The activity feed's entry types and their names: plain values, apart from activity.ts and its
 * zod schemas, so a CRM page's first load can use them without zod (README → The CRM's first
 * load). activity.ts re-exports them.
 */
export const activityTypes = ["Call", "Email", "Meeting", "Note", "StatusChange"] as const;
export type ActivityType = (typeof activityTypes)[number];
/** How the CRM names each type: the stored values stay as the spec has them. */
export const activityTypeLabels: Record<ActivityType, string> = {
  Call: "Call",
  Email: "Email",
  Meeting: "Meeting",
  Note: "Note",
  StatusChange: "Status change",
};
