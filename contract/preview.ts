/** Private client previews: the public verify call and what it answers. */
import { z } from "zod";

export const previewVerifyInput = z.object({
  password: z.string().min(1, "Access code is required").max(200),
});
export type PreviewVerifyInput = z.infer<typeof previewVerifyInput>;

export const previewClient = z.object({ name: z.string(), previewUrl: z.string().nullable() });
export type PreviewClient = z.infer<typeof previewClient>;

export const PREVIEW_INVALID_MESSAGE = "Invalid credentials. Please check your access code.";
