/**
 * The activity feed's entry types and their names: plain values, apart from activity.ts and its
 * zod schemas, so a CRM page's first load can use them without zod (docs/decisions/0026-crm-first-render.md). activity.ts re-exports them.
 */
export const activityTypes = ["Call", "Email", "Meeting", "Note", "StatusChange", "Question", "Answer"] as const;
export type ActivityType = (typeof activityTypes)[number];
/** What Log Activity offers: a client's question and the studio's answer are written where they are asked and answered. */
export const loggableActivityTypes = ["Call", "Email", "Meeting", "Note", "StatusChange"] as const satisfies readonly ActivityType[];
export type LoggableActivityType = (typeof loggableActivityTypes)[number];
/** How the CRM names each type: the stored values stay as the spec has them. */
export const activityTypeLabels: Record<ActivityType, string> = {
  Call: "Call",
  Email: "Email",
  Meeting: "Meeting",
  Note: "Note",
  StatusChange: "Status change",
  Question: "Question",
  Answer: "Answer",
};

/**
 * Who an entry is credited to: a member of staff (`who_username`), someone outside the studio by
 * the name they typed (`who_name`, shown "Vicky Marsh (client)"), or the CRM itself: a job, or a
 * workflow no person ran (`who_name` holds the credit, see automaticCredit).
 */
export const activityWhoKinds = ["staff", "client", "automatic"] as const;
export type ActivityWhoKind = (typeof activityWhoKinds)[number];

/** The credit when no studio name is known. */
export const AUTOMATIC_CREDIT = "Redbrick CRM (automatic)";
/**
 * How the CRM signs what it did by itself: the studio's name (a trailing "Studio" dropped, so
 * "Redbrick Studio" gives "Redbrick CRM") and "CRM (automatic)".
 */
export function automaticCredit(studioName: string | null | undefined): string {
  const short = (studioName ?? "")
    .trim()
    .replace(/\s+studios?$/i, "")
    .trim();
  return short ? `${short} CRM (automatic)` : AUTOMATIC_CREDIT;
}
