/** Sign-in payloads. */
import { z } from "zod";

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().email("Please enter a valid email address").max(254),
  password: z.string().min(1, "Password is required").max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The gate's single "CRM Access Password", which signs in the shared Team account. */
export const teamLoginInput = z.object({
  password: z.string().min(1, "CRM Access Password is required").max(200),
});
export type TeamLoginInput = z.infer<typeof teamLoginInput>;
