/**
 * Staff roles, and who counts as a person: plain values, apart from user.ts and its zod schemas,
 * so a CRM page's first load can use them without zod (docs/decisions/0026-crm-first-render.md). user.ts re-
 * exports them.
 */
export const roles = ["Owner", "Sales"] as const;
export type Role = (typeof roles)[number];

/** The shared team account (is_team) is the /crm gate's sign-in, not a person: never an assignee or 'Who'. */
export const isPerson = (u: { is_team: boolean }) => !u.is_team;
