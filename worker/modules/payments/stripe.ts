/**
 * Stripe's REST API, called with fetch (docs/decisions/0064-payments-and-stripe.md). The official
 * `stripe` package put the worker at 258.7 KB gzip against its 250 KB budget (228.9 KB without it),
 * for the two calls and the one signature check used here, so they are written out: form-encoded
 * parameters, a Bearer key, Idempotency-Key, and the webhook's HMAC-SHA256 signature checked with
 * Web Crypto on the raw body, as Stripe documents. The package stays for the tests' stand-in.
 */
import type { Env } from "../../env";
import { stripeApiBase } from "../../platform/stripe-host";

/** The API version these shapes are read at: pinned, so an account's default changing changes nothing here. */
export const STRIPE_API_VERSION = "2025-11-17.clover";
/** How old a signed event may be: Stripe's libraries' default tolerance, against replays. */
const TOLERANCE_SECONDS = 300;

/** Whether online payment is on: both of Stripe's secrets are set. */
export const stripeConfigured = (env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">) =>
  Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

// The fields read here of Stripe's objects (https://docs.stripe.com/api), as its API answers them.
export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  amount_total: number | null;
  currency: string | null;
  metadata: Record<string, string> | null;
  payment_intent: string | { id: string } | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
}
export interface BalanceTransaction {
  id: string;
  fee: number;
  net: number;
}
export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string | { id: string } | null;
  payment_method_details?: { type: string } | null;
  balance_transaction: string | BalanceTransaction | null;
}
export interface PaymentIntent {
  id: string;
  latest_charge: string | Charge | null;
}
export interface Dispute {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  payment_intent: string | { id: string } | null;
  reason: string;
}
export type StripeEvent =
  | {
      id: string;
      type: "checkout.session.completed" | "checkout.session.async_payment_succeeded" | "checkout.session.async_payment_failed";
      data: { object: CheckoutSession };
    }
  | { id: string; type: "charge.refunded"; data: { object: Charge } }
  | { id: string; type: "charge.dispute.created"; data: { object: Dispute } }
  | { id: string; type: string; data: { object: unknown } };

/** Stripe's parameter encoding: nested objects and arrays as `a[b][0]=v`. */
export function formEncode(value: unknown, prefix = "", out = new URLSearchParams()): URLSearchParams {
  if (value === undefined || value === null) return out;
  if (Array.isArray(value)) value.forEach((v, i) => formEncode(v, `${prefix}[${i}]`, out));
  else if (typeof value === "object")
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) formEncode(v, prefix ? `${prefix}[${k}]` : k, out);
  else out.append(prefix, String(value));
  return out;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The two calls made to Stripe, for this request. */
export function stripeApi(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">, requestUrl: string) {
  const base = stripeApiBase(env, requestUrl);
  async function call<T>(method: "GET" | "POST", path: string, params: unknown, idempotencyKey?: string): Promise<T> {
    const query = formEncode(params).toString();
    const res = await fetch(`${base}${path}${method === "GET" && query ? `?${query}` : ""}`, {
      method,
      headers: {
        Authorization: `Bearer ${env.STRIPE_SECRET_KEY ?? ""}`,
        "Stripe-Version": STRIPE_API_VERSION,
        ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: method === "POST" ? query : undefined,
    });
    const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    if (!res.ok || !body) throw new StripeApiError(res.status, body?.error?.message ?? `Stripe answered ${res.status}`);
    return body;
  }
  return {
    createCheckoutSession: (params: Record<string, unknown>, idempotencyKey: string) =>
      call<CheckoutSession>("POST", "/v1/checkout/sessions", params, idempotencyKey),
    retrievePaymentIntent: (id: string, expand: string[]) =>
      call<PaymentIntent>("GET", `/v1/payment_intents/${encodeURIComponent(id)}`, { expand }),
  };
}

const utf8 = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Equal strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): the header's
 * `t` and each `v1`, an HMAC-SHA256 of `${t}.${raw body}` keyed with the endpoint's secret, and `t`
 * within the tolerance. Answers the event, or null when the signature does not hold.
 */
export async function verifyStripeSignature(body: string, header: string, secret: string, now = Date.now()): Promise<StripeEvent | null> {
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!t || !/^\d+$/.test(t) || !signatures.length) return null;
  if (Math.abs(now / 1000 - Number(t)) > TOLERANCE_SECONDS) return null;
  const key = await crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const expected = hex(await crypto.subtle.sign("HMAC", key, utf8.encode(`${t}.${body}`)));
  if (!signatures.some((s) => sameText(s, expected))) return null;
  try {
    const event = JSON.parse(body) as StripeEvent;
    return typeof event?.id === "string" && typeof event.type === "string" && event.data ? event : null;
  } catch {
    return null;
  }
}
