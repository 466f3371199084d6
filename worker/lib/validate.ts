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

function hook(result: { success: boolean; error?: { issues: readonly Issue[] } }) {
  if (!result.success) throw invalid(fieldErrors(result.error!.issues));
}

export const jsonBody = <T extends ZodType>(schema: T) => zValidator("json", schema, hook);
export const queryParams = <T extends ZodType>(schema: T) => zValidator("query", schema, hook);
