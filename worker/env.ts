/** The bindings wrangler.toml declares, and the per-request values middleware sets. */
import type { D1Database, DurableObjectNamespace, Fetcher, KVNamespace, SendEmail } from "@cloudflare/workers-types";
import type { Db } from "./platform/db";
import type { SessionUser } from "../contract/user";

export interface Env {
  DB: D1Database;
  PREVIEWS: KVNamespace;
  LIVE: DurableObjectNamespace;
  EMAIL: SendEmail;
  ASSETS: Fetcher;
  SESSION_SECRET: string;
  STUDIO_NAME: string;
  MAIL_FROM: string;
  STUDIO_INBOX: string;
  /** The CRM's own address: mail Bcc'd or forwarded to it is filed. */
  CRM_INBOX: string;
  /** Whose Authentication-Results inbound mail trusts; Email Routing's own ("mx.cloudflare.net") when unset. */
  MAIL_AUTHSERV_ID?: string;
  /** The site's origin, for links in mail sent without a request to take it from (the daily digest). */
  SITE_URL: string;
  /** GOV.UK's bank holidays JSON, read once a day; unset (locally, in tests), the shipped list alone counts. */
  BANK_HOLIDAYS_URL?: string;
  /** Stripe's secret API key (a worker secret); without it and the webhook secret, invoices are paid by bank transfer only. */
  STRIPE_SECRET_KEY?: string;
  /** The signing secret of the Stripe webhook endpoint /api/payments/stripe (a worker secret). */
  STRIPE_WEBHOOK_SECRET?: string;
  /** A stand-in for Stripe's API (scripts/stripe-stand-in.mjs), honoured only on this machine. */
  STRIPE_API_BASE?: string;
}

/** The client an unlocked preview belongs to, and what the page shows (set by modules/previews/access.ts). */
export interface PreviewContext {
  previewId: string;
  client: { id: string; name: string };
  previewUrl: string | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    requestId: string;
    user: SessionUser;
    /** The session's id (its jti), the same across renewals. */
    sessionId: string;
    /** Set on a client preview's feedback routes once the unlock cookie is checked. */
    preview: PreviewContext;
  };
}
