/// <reference types="@cloudflare/vitest-plugin/types" />
import type { Env as WorkerEnv } from "../../worker/env";
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
      durableNamespaces: "LiveHub";
    }
  }
}
