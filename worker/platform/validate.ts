/**
 * Request validation: the same zod schemas the forms use, answered with 422 and per-field
 * messages. Wraps @hono/zod-validator so routes stay typed for hc<AppType>.
 */
import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { AppError } from "./errors";

type Issue = { path: PropertyKey[]; message: string };

export function fieldErrors(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export const invalid = (fields: Record<string, string>) =>
  new AppError("validation_failed", "Please correct the highlighted fields", fields);

/** application/json, or any `+json` type, with or without parameters (charset). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export const isJsonContentType = (header: string | undefined) => JSON_MEDIA_TYPE.test((header ?? "").split(";")[0].trim());

function hook(
  result: { success: boolean; error?: { issues: readonly Issue[] }; target: string },
  c: { req: { header(name: string): string | undefined } },
) {
  // Hono reads a non-JSON body as {}; say what is wrong instead of listing every field as missing.
  if (result.target === "json" && !isJsonContentType(c.req.header("content-type"))) {
    throw new AppError("unsupported_media_type", "Send the request body as application/json");
  }
  if (!result.success) throw invalid(fieldErrors(result.error!.issues));
}

export const jsonBody = <T extends ZodType>(schema: T) => zValidator("json", schema, hook);
export const queryParams = <T extends ZodType>(schema: T) => zValidator("query", schema, hook);
