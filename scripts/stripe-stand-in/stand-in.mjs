/**
 * A stand-in for the parts of Stripe's API the worker calls (docs/decisions/0064-payments-and-stripe.md),
 * answering with the object shapes of Stripe's documentation: Checkout Sessions (create, honouring
 * Idempotency-Key; retrieve), and payment intents with their charge and balance transaction (fee
 * and net). Its session `url` is a page with a Pay button that completes the session, signs a
 * `checkout.session.completed` event as Stripe would, delivers it to the worker's webhook and sends
 * the browser on to success_url. Plain Fetch API, so Node (server.mjs, for e2e and `npm run dev`)
 * and the worker tests inside workerd use the same code.
 */
import Stripe from "stripe";

const cryptoProvider = Stripe.createSubtleCryptoProvider();
const API_VERSION = "2025-11-17.clover";

/** Stripe's UK standard card pricing: 1.5% + 20p, which the balance transaction reports as the fee. */
export const standInFee = (pence) => Math.round(pence * 0.015) + 20;

/** `a[b][0][c]=v` form fields (how Stripe's libraries send parameters) as nested objects. */
function parseForm(text) {
  const out = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    });
  }
  return out;
}

const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const notFound = (what) =>
  json({ error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } }, 404);
const escape = (s) => String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const rid = (prefix) => `${prefix}_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/**
 * @param {{ publicBase: string, webhookUrl?: string, webhookSecret: string, deliver?: (url: string, init: RequestInit) => Promise<Response> }} options
 */
export function createStripeStandIn(options) {
  const sessions = new Map();
  const intents = new Map();
  const byIdempotencyKey = new Map();
  // What the session was created with that Stripe keeps out of the session object: the product's
  // name (its hosted page's heading) and the payment's description.
  const asked = new Map();
  /** Every API request received, for tests to read: method, path, idempotency key, parameters. */
  const received = [];
  const deliver = options.deliver ?? ((url, init) => fetch(url, init));

  function createSession(params) {
    const id = rid("cs");
    const line = params.line_items?.[0] ?? {};
    asked.set(id, { name: line.price_data?.product_data?.name ?? null, description: params.payment_intent_data?.description ?? null });
    const amount = Number(line.price_data?.unit_amount ?? 0) * Number(line.quantity ?? 1);
    const session = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      client_reference_id: params.client_reference_id ?? null,
      created: Math.floor(Date.now() / 1000),
      currency: line.price_data?.currency ?? "gbp",
      customer_email: params.customer_email ?? null,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: params.mode ?? "payment",
      payment_intent: null,
      payment_method_types: params.allowed_payment_method_types ?? params.payment_method_types ?? ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: `${options.publicBase}/pay/${id}`,
    };
    sessions.set(id, session);
    return session;
  }

  /** Completes a session as a paid card payment: its payment intent, charge and balance transaction. */
  function complete(session, method = "card") {
    const pi = rid("pi");
    const fee = method === "card" ? standInFee(session.amount_total) : 0;
    const charge = {
      id: rid("ch"),
      object: "charge",
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      paid: true,
      payment_intent: pi,
      payment_method_details: { type: method },
      refunded: false,
      balance_transaction: {
        id: rid("txn"),
        object: "balance_transaction",
        amount: session.amount_total,
        currency: session.currency,
        fee,
        net: session.amount_total - fee,
        status: "pending",
        type: "charge",
      },
    };
    intents.set(pi, {
      id: pi,
      object: "payment_intent",
      amount: session.amount_total,
      currency: session.currency,
      description: asked.get(session.id)?.description ?? null,
      latest_charge: charge,
      metadata: session.metadata,
      status: "succeeded",
    });
    Object.assign(session, { payment_intent: pi, payment_status: "paid", status: "complete" });
    return { session, charge };
  }

  /** An event as Stripe sends it, signed with the webhook secret: the body and its Stripe-Signature header. */
  async function signedEvent(type, object) {
    const event = {
      id: rid("evt"),
      object: "event",
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.webhookSecret, cryptoProvider });
    return { event, payload, signature };
  }

  /** Delivers a signed event to the worker's webhook, as Stripe does. */
  async function send(type, object) {
    const signed = await signedEvent(type, object);
    const res = await deliver(options.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signed.signature },
      body: signed.payload,
    });
    return { ...signed, status: res.status };
  }

  const chargeJson = (charge) => ({ ...charge, balance_transaction: charge.balance_transaction.id });
  const expanded = (intent, expand) =>
    expand.includes("latest_charge.balance_transaction")
      ? intent
      : expand.includes("latest_charge")
        ? { ...intent, latest_charge: chargeJson(intent.latest_charge) }
        : { ...intent, latest_charge: intent.latest_charge.id };

  const payPage = (session) => `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Pay – Stripe stand-in</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="font-family:system-ui;max-width:30rem;margin:3rem auto">
<p>Stripe stand-in (test mode)</p><h1>${escape(asked.get(session.id)?.name ?? "Payment")}</h1>
<p>Amount: <strong>£${(session.amount_total / 100).toFixed(2)}</strong></p>
<form method="post" action="/pay/${escape(session.id)}"><button type="submit">Pay</button></form>
<p><a href="${escape(session.cancel_url)}">Cancel</a></p></body></html>`;

  async function handle(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    const method = request.method;
    const text = method === "GET" ? url.search.slice(1) : await request.text();
    const params = parseForm(text);
    if (path.startsWith("/v1/"))
      received.push({ method, path, idempotencyKey: request.headers.get("idempotency-key"), params, authorization: request.headers.get("authorization") });

    if (method === "POST" && path === "/v1/checkout/sessions") {
      const key = request.headers.get("idempotency-key");
      if (key && byIdempotencyKey.has(key)) return json(byIdempotencyKey.get(key));
      const session = createSession(params);
      if (key) byIdempotencyKey.set(key, session);
      return json(session);
    }
    let m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (m && method === "GET") return sessions.has(m[1]) ? json(sessions.get(m[1])) : notFound("checkout.session");
    m = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (m && method === "GET") {
      const intent = intents.get(m[1]);
      return intent ? json(expanded(intent, [].concat(params.expand ?? []))) : notFound("payment_intent");
    }
    m = path.match(/^\/pay\/([^/]+)$/);
    if (m) {
      const session = sessions.get(m[1]);
      if (!session) return new Response("No such payment page", { status: 404 });
      if (method === "GET") return new Response(payPage(session), { headers: { "Content-Type": "text/html; charset=utf-8" } });
      if (session.status !== "complete") {
        complete(session);
        await send("checkout.session.completed", session);
      }
      return new Response(null, { status: 303, headers: { Location: session.success_url } });
    }
    return notFound(`route ${method} ${path}`);
  }

  return { handle, received, sessions, intents, complete, signedEvent, send };
}
