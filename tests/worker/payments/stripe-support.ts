/**
 * Stripe for the worker tests: the stand-in of scripts/stripe-stand-in (the same code the browser
 * tests run as a server) answering the worker's calls to Stripe's API, which is the only outbound
 * fetch replaced; the worker run with Stripe's secrets set; and events signed as Stripe signs them.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { vi } from "vitest";
import { app } from "../../../worker/app";
import { createStripeStandIn } from "../../../scripts/stripe-stand-in/stand-in.mjs";

const STAND_IN = "http://stripe.stand-in.test";
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_stand_in_0123456789",
  STRIPE_WEBHOOK_SECRET: "whsec_test_stand_in_0123456789",
  STRIPE_API_BASE: STAND_IN,
};

/** A request through the worker with Stripe set up, from `ip`, waiting for its background work. */
export async function withStripe(path: string, init: RequestInit = {}, overrides: Partial<typeof env> = STRIPE_ENV, ip = "203.0.113.9") {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", ip);
  const res = await app.fetch(new Request(`http://localhost${path}`, { ...init, headers }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Delivers a signed body to the webhook as Stripe does. */
export const deliver = (body: string, signature: string) =>
  withStripe("/api/payments/stripe", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });

/** A fresh stand-in, answering the worker's fetches to it until the test ends (vi.restoreAllMocks). */
export function stripeStandIn() {
  const standIn = createStripeStandIn({
    publicBase: STAND_IN,
    webhookUrl: "http://localhost/api/payments/stripe",
    webhookSecret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    deliver: (_url: string, init: RequestInit) => deliver(String(init.body), new Headers(init.headers).get("Stripe-Signature")!),
  });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return request.url.startsWith(STAND_IN) ? standIn.handle(request) : realFetch(input, init);
  });
  return standIn;
}
