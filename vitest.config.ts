import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { mailbox } from "./tests/worker/support/mailbox.node.mjs";
import { pathAliases } from "./vite.config";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Miniflare writes the mail it accepts under os.tmpdir(), where the mailbox looks for it: a temp
// directory of this run's own, so a suite running at once in another checkout never shows its mail
// in this one's studio inbox.
// (The config is read more than once in a run: the first read makes it.)
if (!process.env.REDBRICK_VITEST_TMP) {
  const runTmp = mkdtempSync(join(tmpdir(), "redbrick-vitest-"));
  process.env.REDBRICK_VITEST_TMP = process.env.TMPDIR = runTmp;
  process.on("exit", () => rmSync(runTmp, { recursive: true, force: true }));
}

// Worker tests run inside workerd with the real bindings of wrangler.toml and the real migrations.
export default defineConfig(async () => ({
  // tests/web import browser modules, which use the web build's path aliases.
  resolve: { alias: pathAliases },
  test: {
    projects: [
      {
        extends: true,
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
                // Tests never reach GOV.UK; the bank-holiday test hands the job its own answer.
                BANK_HOLIDAYS_URL: "",
                // How many studios the round-trip property test generates (tests/worker/data/round-trip.property.test.ts).
                FC_RUNS: process.env.FC_RUNS ?? "",
              },
              // Runs in Node: reads the messages the real local send_email binding accepted.
              serviceBindings: { MAILBOX: mailbox },
              // EMAIL as wrangler.toml has it (this list replaces that one), and a real binding that, like an account
              // with no sending domain onboarded, reaches only verified addresses (the studio's inbox): tests hand it to
              // the worker in EMAIL's place to see Cloudflare refuse (tests/worker/shared-documents/link-emails.test.ts).
              email: {
                send_email: [
                  { name: "EMAIL" },
                  { name: "VERIFIED_ONLY_EMAIL", allowed_destination_addresses: ["hello@redbrickstudio.co.uk"] },
                ],
              },
            },
          }),
        ],
        test: {
          name: "workerd",
          // tests/web: the browser code's pure logic (CSV, formatting, board moves); tests/contract: the schemas both
          // sides share (the text normaliser); both run in the same workerd.
          include: ["tests/worker/**/*.test.ts", "tests/web/**/*.test.ts", "tests/contract/**/*.test.ts", "tests/docs/**/*.test.ts"],
          setupFiles: ["tests/worker/support/setup.ts"],
          // One workerd for every file (about 100 s less on 2 cores): setup.ts empties storage before each test,
          // and the mailbox reads only the mail of the test asking.
          isolate: false,
          // A whole small CRM is seeded through the API in some tests (tests/worker/support/crm-data.ts); on a busy
          // 2-core machine running the browser tests beside them that can take several seconds, and a
          // timing is never what a test asserts.
          testTimeout: 20_000,
        },
      },
      {
        // tests/lint: ESLint's Node API on planted sources, so it runs in Node, not workerd.
        test: { name: "lint", environment: "node", include: ["tests/lint/**/*.test.ts"], testTimeout: 60_000 },
      },
    ],
  },
}));
