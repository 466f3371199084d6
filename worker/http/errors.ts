/** The one error path: every failure becomes `{ error: { code, message, fields? } }`. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";
import type { ErrorCode, ErrorEnvelope } from "../../contract/errors";
import { AppError, staleEdit } from "../platform/errors";
import { logLine } from "../platform/log";

function fromHttpException(err: HTTPException): AppError {
  if (err.status === 400) return new AppError("invalid_json", "The request body is not valid JSON");
  if (err.status === 415) return new AppError("unsupported_media_type", "Send the request body as application/json");
  const code: ErrorCode =
    err.status === 401 ? "unauthenticated" : err.status === 403 ? "forbidden" : err.status === 404 ? "not_found" : "bad_request";
  return new AppError(code, err.message || "Bad request");
}

/** D1 reports constraint failures as plain errors; they are the caller's conflict, not our crash. */
function fromDatabase(err: Error): AppError | null {
  const text = `${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}`;
  if (text.includes("stale_write")) return staleEdit("record");
  if (text.includes("UNIQUE constraint failed")) return new AppError("conflict", "That record already exists");
  if (text.includes("FOREIGN KEY constraint failed"))
    return new AppError("conflict", "That record is linked to others and cannot be changed this way");
  if (text.includes("CHECK constraint failed")) return new AppError("validation_failed", "A value is not one of the allowed options");
  return null;
}

export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) return fromHttpException(err);
  if (err instanceof Error) return fromDatabase(err);
  return null;
}

export function onError(err: unknown, c: Context<AppEnv>) {
  const requestId = c.get("requestId") ?? crypto.randomUUID();
  const known = toAppError(err);
  if (!known) {
    // The path may be a client's link or the calendar feed: logLine takes their token out.
    logLine("error", {
      requestId,
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      // drizzle wraps D1's own message ("no such table", "SQLITE_BUSY") in the cause: without it the log says only "Failed query".
      ...(err instanceof Error && err.cause !== undefined
        ? { cause: err.cause instanceof Error ? err.cause.message : String(err.cause) }
        : {}),
    });
  }
  const appError = known ?? new AppError("internal", "Something went wrong. Please try again.");
  const body: ErrorEnvelope = {
    error: { code: appError.code, message: appError.message, ...(appError.fields ? { fields: appError.fields } : {}), requestId },
  };
  return c.json(body, appError.status as ContentfulStatusCode, appError.headers);
}
