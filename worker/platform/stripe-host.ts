/**
 * Where Stripe is: its API and its payment pages, or on this machine a stand-in (STRIPE_API_BASE,
 * scripts/stripe-stand-in) that answers both. The stand-in is honoured only for a request that
 * arrived on localhost, as keys.ts refuses demo secrets elsewhere, so a setting copied to
 * production can never send clients' payments anywhere but Stripe.
 */
import type { Env } from "../env";
import { LOCAL_HOSTS } from "./keys";

const standIn = (env: Pick<Env, "STRIPE_API_BASE">, requestUrl: string) =>
  env.STRIPE_API_BASE && LOCAL_HOSTS.has(new URL(requestUrl).hostname) ? new URL(env.STRIPE_API_BASE).origin : null;

export const stripeApiBase = (env: Pick<Env, "STRIPE_API_BASE">, requestUrl: string) => standIn(env, requestUrl) ?? "https://api.stripe.com";

/** Where Pay £X now sends the browser: the page's Content-Security-Policy must let its form post lead there. */
export const stripeCheckoutOrigin = (env: Pick<Env, "STRIPE_API_BASE">, requestUrl: string) =>
  standIn(env, requestUrl) ?? "https://checkout.stripe.com";
