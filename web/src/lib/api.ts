/**
 * The one API client. `hc<AppType>` types every call from the worker's own route chain, so a
 * renamed field fails the typecheck here rather than in a browser. Components never call fetch:
 * they go through feature query options and mutations, which call `ok(...)`.
 */
import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "../../../worker/app";
import type { ErrorCode, ErrorEnvelope } from "@contract/errors";

/** Relative base: the API is always the same origin as the page (and its session cookie). */
export const api = hc<AppType>("/").api;

export type ApiErrorCode = ErrorCode | "network_error";

/** A failed call, carrying the worker's error envelope (or a stand-in when there was none). */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly requestId?: string;
  /** Seconds to wait, from Retry-After on a 429. */
  readonly retryAfter?: number;

  constructor(init: {
    code: ApiErrorCode;
    message: string;
    status: number;
    fields?: Record<string, string>;
    requestId?: string;
    retryAfter?: number;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.code = init.code;
    this.status = init.status;
    this.fields = init.fields;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The JSON body of the success statuses a route declares. */
export type OkBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

// A structural check rather than the contract's zod schema: zod would add ~15 KB to every chunk that calls the API.
function envelopeOf(body: unknown): ErrorEnvelope["error"] | undefined {
  const e = (body as { error?: unknown } | null)?.error as ErrorEnvelope["error"] | undefined;
  return e && typeof e === "object" && typeof e.code === "string" && typeof e.message === "string" ? e : undefined;
}

function retryAfterSeconds(res: { headers: Headers }): number | undefined {
  const raw = res.headers.get("Retry-After");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

const FALLBACK_MESSAGE = "Something went wrong. Please try again.";

export async function apiErrorFrom(res: ClientResponse<unknown, number, string> | Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  const envelope = envelopeOf(body);
  return new ApiError({
    code: envelope?.code ?? (res.status === 404 ? "not_found" : res.status === 429 ? "rate_limited" : "internal"),
    message: envelope?.message ?? FALLBACK_MESSAGE,
    status: res.status,
    fields: envelope?.fields,
    requestId: envelope?.requestId,
    retryAfter: retryAfterSeconds(res),
  });
}

/**
 * Awaits a call and returns its typed success body, or throws an ApiError. The call may be one of
 * several routes chosen at run time (a proposal's or an invoice's): the body is then either's.
 */
export async function ok<P extends Promise<ClientResponse<unknown, number, string>>>(request: P): Promise<OkBody<Awaited<P>>> {
  let res: Awaited<P>;
  try {
    res = await request;
  } catch (error) {
    // A cancelled query is not a failure to report.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError({ code: "network_error", status: 0, message: "Could not reach the server. Check your connection and try again." });
  }
  if (!res.ok) throw await apiErrorFrom(res);
  return (res.status === 204 ? undefined : await res.json()) as OkBody<Awaited<P>>;
}
