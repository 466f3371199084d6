import { reset } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { markTestStart } from "./helpers";
import { migrateFresh } from "./fresh-database";

// Storage is shared between tests of a file: start each test from empty, migrated tables.
beforeEach(async () => {
  markTestStart();
  await migrateFresh();
});
afterEach(async () => {
  await reset();
});
