/** Types of stand-in.mjs, for the TypeScript that imports it (the worker tests). */
export interface StandInRequestLog {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
  authorization: string | null;
}
/** A Checkout Session as the stand-in answers it (Stripe's shape; the fields the worker reads typed). */
export interface StandInSession {
  id: string;
  url: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: string;
  status: string;
  [field: string]: unknown;
}
export interface StandInCharge {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  [field: string]: unknown;
}
export interface SignedEvent {
  event: { id: string; type: string; data: { object: unknown } };
  payload: string;
  signature: string;
}
export interface StripeStandIn {
  handle(request: Request): Promise<Response>;
  received: StandInRequestLog[];
  sessions: Map<string, StandInSession>;
  complete(session: Record<string, unknown>, method?: string): { session: StandInSession; charge: StandInCharge };
  signedEvent(type: string, object: unknown): Promise<SignedEvent>;
  send(type: string, object: unknown): Promise<SignedEvent & { status: number }>;
}
export function standInFee(pence: number): number;
export function createStripeStandIn(options: {
  publicBase: string;
  webhookUrl?: string;
  webhookSecret: string;
  deliver?: (url: string, init: RequestInit) => Promise<Response>;
}): StripeStandIn;
