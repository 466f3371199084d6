#!/usr/bin/env node
/**
 * The Stripe stand-in (stand-in.mjs) as an HTTP server, for the browser tests and for trying Pay
 * £X now under `npm run dev` without a Stripe account:
 *   node scripts/stripe-stand-in/server.mjs --port 8975 --webhook http://127.0.0.1:8787/api/payments/stripe --secret whsec_...
 * The worker is pointed at it by STRIPE_API_BASE, honoured only on localhost.
 */
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { createStripeStandIn } from "./stand-in.mjs";

/** Starts the stand-in on 127.0.0.1:port; answers the server, to close. */
export function startStripeStandIn({ port, webhookUrl, webhookSecret }) {
  const publicBase = `http://127.0.0.1:${port}`;
  const standIn = createStripeStandIn({ publicBase, webhookUrl, webhookSecret });
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const request = new Request(new URL(req.url ?? "/", publicBase), {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    try {
      const answer = await standIn.handle(request);
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (err) {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(err?.stack ?? err));
    }
  });
  server.listen(port, "127.0.0.1");
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: "string" }, webhook: { type: "string" }, secret: { type: "string" } } });
  startStripeStandIn({ port: Number(values.port ?? 8975), webhookUrl: values.webhook, webhookSecret: values.secret });
  console.log(`Stripe stand-in on http://127.0.0.1:${values.port ?? 8975}`);
}
