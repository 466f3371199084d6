/** The one error envelope every /api answer uses on failure. */
import * as z from "zod";

export const errorCodes = [
  "bad_request",
  "invalid_json",
  "unsupported_media_type",
  /** The body is larger than a public endpoint accepts. */
  "payload_too_large",
  "validation_failed",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "internal",
  /** A service we depend on (the e-mail binding) refused; what we stored is safe and can be retried. */
  "upstream_failed",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorEnvelope = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Per-field messages, keyed by field name, as the form shows them. */
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return errorEnvelope.safeParse(value).success;
}
