/**
 * The live channel between the hub and every open CRM tab. Changes carry invalidations,
 * never data: D1 stays the one source of truth.
 */
import * as z from "zod";

export const liveEntities = [
  "leads",
  "lead_activities",
  "clients",
  "projects",
  "proposals",
  "invoices",
  "tasks",
  "activities",
  "users",
  "settings",
  /** A client's preview comments and the studio's replies; `id` is the client's. */
  "preview_feedback",
  /** A client approved a version of their preview; `id` is the client's. */
  "preview_approvals",
  /** A client accepted or declined a shared proposal on its page; `id` is the proposal's. */
  "proposal_responses",
  /** A question on a shared proposal, or the studio's reply; `id` is the proposal's. */
  "proposal_messages",
  /** A message filed from the CRM's inbox, or one in Unfiled mail; `id` is the message's. */
  "mail",
  /** A call booked on the site, cancelled, or marked held or a no-show; `id` is the call's. */
  "calls",
  "all",
] as const;
export type LiveEntity = (typeof liveEntities)[number];
export const liveOps = ["create", "update", "delete", "reset"] as const;

/** What every committed CRM write broadcasts. `by` is the user id who made it. */
export const liveEvent = z.object({
  entity: z.enum(liveEntities),
  op: z.enum(liveOps),
  id: z.string().nullable(),
  by: z.string().nullable(),
});
export type LiveEvent = z.infer<typeof liveEvent>;

/** Who is looking at what: "pipeline", "lead:{id}", or null for elsewhere in the CRM. */
export const presenceEntry = z.object({ user_id: z.string(), full_name: z.string(), viewing: z.string().nullable() });
export type PresenceEntry = z.infer<typeof presenceEntry>;

/**
 * GET /api/crm/live's query: `since`, when the page's first data came inline, is when the worker
 * began reading it (epoch ms, CrmBoot.read_at); the hub then answers with what changed after it.
 */
export const liveConnectQuery = z.object({
  since: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * How much earlier than a page's read a change still counts as missed by it: the read's time is the
 * worker's clock and the change's the hub's, which in production are different machines.
 */
export const MISSED_MARGIN_MS = 1_000;

export const serverMessage = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("change"), event: liveEvent }),
  /**
   * Sent once, first, to a socket that gave `since`: the entities changed since then (["all"] when
   * the hub cannot tell), for the tab to refresh what its inline data showed of them.
   */
  z.object({ kind: z.literal("missed"), entities: z.array(z.enum(liveEntities)) }),
  z.object({ kind: z.literal("presence"), present: z.array(presenceEntry) }),
  z.object({ kind: z.literal("pong") }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

export const clientMessage = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("viewing"), viewing: z.string().max(100).nullable() }),
  z.object({ kind: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export { initials } from "./initials";
