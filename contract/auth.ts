/** Sign-in payloads, and the cookie a signed-in session travels in. */
import * as z from "zod";
import { passwordRule } from "./user";
import { normalisedString } from "./text";

/**
 * The staff session's cookie. `__Host-`: the browser only accepts it Secure, for the whole site,
 * from this exact host. HttpOnly, so only the worker and the tests ever read it.
 */
export const SESSION_COOKIE = "__Host-rb_session";

export const loginInput = z.object({
  email: normalisedString().toLowerCase().email("Please enter a valid email address").max(254),
  password: z.string().min(1, "Password is required").max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The gate's single "CRM Access Password", which signs in the shared Team account. */
export const teamLoginInput = z.object({
  password: z.string().min(1, "CRM Access Password is required").max(200),
});
export type TeamLoginInput = z.infer<typeof teamLoginInput>;

/** POST /api/auth/password: a member of staff changes their own password. */
export const passwordChangeInput = z
  .object({
    current_password: z.string().min(1, "Enter your current password").max(200),
    new_password: passwordRule,
  })
  .strict()
  .refine((v) => v.current_password !== v.new_password, { message: "Choose a password you have not used here", path: ["new_password"] });
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;
