/**
 * A size limit on every public request body (forms, sign-in, preview codes and feedback). Their
 * fields are all bounded, so a larger body can only be an attack; it is refused with 413 before
 * it is read. The CRM, behind a session, takes larger bodies (Import).
 */
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { AppError } from "../platform/errors";

/** Comfortably above the largest valid public body: a 5,000-character message of 4-byte characters, with its fields. */
export const PUBLIC_BODY_MAX_BYTES = 32 * 1024;

const limited = bodyLimit({
  maxSize: PUBLIC_BODY_MAX_BYTES,
  onError: () => {
    throw new AppError("payload_too_large", "That request is too large.");
  },
});

export const publicBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  // Stripe's webhook sets its own limit: its events are larger than any form (modules/payments/webhook-routes.ts).
  if (c.req.path.startsWith("/api/crm/") || c.req.path === "/api/payments/stripe") return next();
  return limited(c, next);
});
