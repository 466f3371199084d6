import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";
import { markTestStart } from "./helpers";

// Storage is shared between tests of a file: start each test from empty, migrated tables.
beforeEach(async () => {
  markTestStart();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});
afterEach(async () => {
  await reset();
});
