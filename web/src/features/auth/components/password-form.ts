/**
 * The change-password form's rules: the contract's, plus the confirmation, which only the browser
 * checks. A module of its own so that the form loads it, and zod with it, on first use; it imports
 * zod statically, as everything else does, so the bundle keeps only the parts of zod it calls. A
 * dynamic `import("zod")` hands the whole namespace over, and with it all of zod's locales (over 60)
 * and its JSON Schema code, in the chunk every CRM form loads.
 */
import * as z from "zod";
import { passwordChangeInput } from "@contract/auth";

export const passwordForm = passwordChangeInput
  .safeExtend({ confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.new_password, { message: "Passwords do not match", path: ["confirm_password"] });
