/** The audit trail the Owner reads in Settings (docs/guide/security.md). */
import * as z from "zod";
import { auditActions } from "./audit-values";

export * from "./audit-values";

export const auditEvent = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  subject_id: z.string().nullable(),
  subject_name: z.string().nullable(),
  detail: z.string(),
  /** A keyed hash of the address: equal hashes mean the same address, nothing more. */
  ip_hash: z.string(),
  request_id: z.string(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/**
 * The next page starts after the last event shown: its created_at and id, since several events
 * can share a millisecond (a batch writes them together).
 */
export const auditQuery = z.object({ before: z.iso.datetime().optional(), before_id: z.string().max(64).optional() });
