/** User management (Owner): disabling and re-enabling accounts, and the invitations still open. */
import * as z from "zod";
import { roles } from "./user";

/** PATCH /api/crm/users/:id */
export const userStatusInput = z.object({ disabled: z.boolean({ error: "Choose whether the account is disabled" }) }).strict();
export type UserStatusInput = z.infer<typeof userStatusInput>;

/** An invitation sent and not yet accepted or expired. */
export const pendingInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  invited_by: z.string().nullable(),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInvite>;
