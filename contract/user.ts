/** Staff accounts and invitations. */
import * as z from "zod";
import { normalisedString, requiredText } from "./text";

import { roles } from "./user-values";

export * from "./user-values";

export const user = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(roles),
  job_title: z.string().nullable(),
  is_team: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

/** What GET /api/auth/me answers. */
export type SessionUser = Pick<User, "id" | "email" | "full_name" | "role">;

export const inviteInput = z.object({
  email: normalisedString().toLowerCase().email("Please enter a valid email address").max(254, "Please enter a valid email address"),
  role: z.enum(roles, { error: "Choose Owner or Sales" }),
  /** The form's tick for an address outside the studio's own domains: without it such an invitation is refused (422). */
  confirm_recipient: z.boolean().optional(),
});
export type InviteInput = z.infer<typeof inviteInput>;

export const passwordRule = z
  .string()
  .min(12, "Password must be at least 12 characters")
  .max(200, "Password must be at most 200 characters");

export const acceptInviteInput = z.object({
  token: z.string().min(10, "This invitation link is not valid").max(200),
  full_name: requiredText({ min: 2, max: 120, required: "Name must be at least 2 characters" }),
  password: passwordRule,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteInput>;
