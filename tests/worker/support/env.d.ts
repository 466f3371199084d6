/// <reference types="@cloudflare/vitest-plugin/types" />
import type { Env as WorkerEnv } from "../../../worker/env";
import type { D1Migration } from "cloudflare:test";
import type { Fetcher, SendEmail } from "@cloudflare/workers-types";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** FC_RUNS from the shell: how many runs the property tests make. */
      FC_RUNS: string;
      /** Test-only, Node-side: what the send_email binding sent (tests/worker/support/mailbox.node.mjs). */
      MAILBOX: Fetcher;
      /** Test-only: a real send_email binding that, like an account with no sending domain, reaches only the studio's inbox. */
      VERIFIED_ONLY_EMAIL: SendEmail;
    }
    interface GlobalProps {
      mainModule: typeof import("../../../worker/index");
      durableNamespaces: "LiveHub";
    }
  }
}
