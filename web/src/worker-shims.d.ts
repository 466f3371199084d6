/**
 * tsc follows `hc<AppType>` (lib/api.ts, and tests/e2e/support.ts under tsconfig.node.json) into
 * the worker's source, which is written for workerd rather than the DOM or Node. These declarations
 * let that code typecheck under those tsconfigs; tsconfig.worker.json still checks it against the
 * real workerd types. None of it is used by browser code or the tests.
 */

declare module "cloudflare:email" {
  import type { EmailMessage as Message, ReadableStream } from "@cloudflare/workers-types";
  export const EmailMessage: { prototype: Message; new (from: string, to: string, raw: ReadableStream | string): Message };
}

declare module "cloudflare:workers" {
  import type { DurableObjectState } from "@cloudflare/workers-types";
  export abstract class DurableObject<Env = unknown> {
    protected ctx: DurableObjectState;
    protected env: Env;
    constructor(ctx: DurableObjectState, env: Env);
  }
}

// worker/http/native-form.ts rewrites pages with workerd's global HTMLRewriter.
declare const HTMLRewriter: typeof import("@cloudflare/workers-types").HTMLRewriter;
