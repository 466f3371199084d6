/** The worker's one error type; app.onError turns it into the envelope of contract/errors.ts. */
import type { ErrorCode } from "../../contract/errors";

const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = statusOf[code];
  }
}

export const notFound = (what = "Record") => new AppError("not_found", `${what} not found`);
/** A stale copy: the row changed since the client read it. */
export const staleEdit = (what = "record") =>
  new AppError("conflict", `This ${what} was changed by someone else. It has been reloaded with the latest details.`);
export const forbidden = () => new AppError("forbidden", "You do not have permission to do that");
export const unauthenticated = () => new AppError("unauthenticated", "Please sign in to continue");
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError("rate_limited", "Too many attempts. Please try again later.", undefined, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
