/**
 * The audit trail's actions, their names and its page size: plain values, apart from audit.ts and
 * its zod schemas, so Settings' first load can use them without zod (README → The CRM's first
 * load). audit.ts re-exports them.
 */
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
  "proposal_emailed",
  "invoice_emailed",
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
  proposal_emailed: "E-mailed a proposal link",
  invoice_emailed: "E-mailed an invoice link",
};

/** Events per page of GET /api/crm/audit. */
export const AUDIT_PAGE = 100;
