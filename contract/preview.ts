/** Private client previews: the public verify call and what it answers. */
import * as z from "zod";
import { normalisedString } from "./text";
import { previewIds } from "./preview-values";

export * from "./preview-values";

export const previewVerifyInput = z.object({
  password: z.string().min(1, "Access code is required").max(200),
});
export type PreviewVerifyInput = z.infer<typeof previewVerifyInput>;

export const previewClient = z.object({ name: z.string(), previewUrl: z.string().nullable() });
export type PreviewClient = z.infer<typeof previewClient>;

export const PREVIEW_INVALID_MESSAGE = "Invalid credentials. Please check your access code.";

/** What the CRM shows about a client's preview (never the code or its hash). */
export const previewAdmin = z.object({
  preview_id: z.enum(previewIds),
  name: z.string(),
  previewUrl: z.string().nullable(),
  hasCode: z.boolean(),
  expiresAt: z.string().nullable(),
  revoked: z.boolean(),
  /** Changes whenever the code is set, the preview is revoked or restored, or it is linked to another client. */
  updatedAt: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
});
export type PreviewAdmin = z.infer<typeof previewAdmin>;

/** The preview is shown in a sandboxed frame on our https page: an https URL only. */
export const previewUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "Please enter a valid https:// URL" });

/** PUT /api/crm/clients/:id/preview: link the client to a card and set its URL and expiry. */
export const previewLinkInput = z
  .object({
    preview_id: z.enum(previewIds, { error: "Choose one of the preview cards" }),
    previewUrl: normalisedString()
      .max(2000, "Please enter a valid https:// URL")
      .pipe(z.union([z.literal(""), previewUrl]))
      .nullable()
      .optional()
      .transform((v) => v || null),
    expiresAt: z.iso
      .datetime({ offset: true, error: "Enter a date and time" })
      .nullable()
      .optional()
      .transform((v) => (v ? new Date(v).toISOString() : null))
      .refine((v) => v === null || Date.parse(v) > Date.now(), "Choose a time in the future"),
  })
  .strict();
export type PreviewLinkInput = z.input<typeof previewLinkInput>;

/** One unlock attempt, as the CRM lists it. */
export const previewAccessEntry = z.object({
  id: z.number(),
  success: z.boolean(),
  browser: z.string(),
  /** A keyed hash of the address: equal hashes mean the same address, nothing more. */
  ip_hash: z.string(),
  created_at: z.string(),
});
export type PreviewAccessEntry = z.infer<typeof previewAccessEntry>;
