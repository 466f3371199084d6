/** What the live hub broadcasts after every committed CRM write: an invalidation, never data. */
import { z } from "zod";

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
  "all",
] as const;
export type LiveEntity = (typeof liveEntities)[number];
export const liveOps = ["create", "update", "delete", "reset"] as const;

export const liveEvent = z.object({
  entity: z.enum(liveEntities),
  op: z.enum(liveOps),
  id: z.string().nullable(),
  by: z.string().nullable(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
