/** The audit trail the Owner reads in Settings (README.md → Security). */
import * as z from "zod";

export const auditActions = [
  "sign_in",
  "lockout",
  "password_changed",
  "signed_out_everywhere",
  "export",
  "import",
  "delete_all",
  "restore",
  "invite",
  "invite_revoked",
  "user_disabled",
  "user_enabled",
  "failed_sign_ins",
  "invite_accepted",
  "client_deleted",
  "settings_changed",
  "preview_linked",
  "preview_unlinked",
  "preview_code_issued",
  "preview_revoked",
  "preview_restored",
  "calendar_feed_created",
  "calendar_feed_rotated",
  "calendar_feed_turned_off",
  "proposal_shared",
  "proposal_link_revoked",
  "proposal_accepted",
  "proposal_declined",
  "invoice_shared",
  "invoice_link_revoked",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** How Settings names each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: "Signed in",
  lockout: "Sign-in locked",
  password_changed: "Password changed",
  signed_out_everywhere: "Signed out everywhere",
  export: "Exported data",
  import: "Imported data",
  delete_all: "Deleted all data",
  restore: "Restored a backup",
  invite: "Invited a colleague",
  invite_revoked: "Revoked an invitation",
  user_disabled: "Disabled an account",
  user_enabled: "Enabled an account",
  failed_sign_ins: "Failed sign-ins",
  invite_accepted: "Accepted an invitation",
  client_deleted: "Deleted a client",
  settings_changed: "Changed the studio details",
  preview_linked: "Linked a preview",
  preview_unlinked: "Unlinked a preview",
  preview_code_issued: "Issued a preview code",
  preview_revoked: "Revoked a preview",
  preview_restored: "Restored a preview",
  calendar_feed_created: "Created a calendar feed",
  calendar_feed_rotated: "Rotated a calendar feed",
  calendar_feed_turned_off: "Turned off a calendar feed",
  proposal_shared: "Shared a proposal",
  proposal_link_revoked: "Revoked a proposal link",
  proposal_accepted: "Proposal accepted by the client",
  proposal_declined: "Proposal declined by the client",
  invoice_shared: "Shared an invoice",
  invoice_link_revoked: "Revoked an invoice link",
};

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

/** Events per page of GET /api/crm/audit. */
export const AUDIT_PAGE = 100;

/**
 * The next page starts after the last event shown: its created_at and id, since several events
 * can share a millisecond (a batch writes them together).
 */
export const auditQuery = z.object({ before: z.iso.datetime().optional(), before_id: z.string().max(64).optional() });
