/**
 * End-to-end tests in real Chromium against the built site on `wrangler dev`, exactly as
 * production serves it. The web server gets its own wiped and seeded state (.wrangler/e2e) on
 * port 8788, so runs are repeatable and never touch the `npm run dev` database on 8787.
 * Build first (`npm test` does): the server serves the existing dist/.
 */
import { defineConfig, devices } from "@playwright/test";
import { E2E_CHROMIUM_PATH, E2E_PORT, PLAYWRIGHT_CHROMIUM_ARGS } from "./scripts/lib/local";

const CI = !!process.env.CI;

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers on two cores: a test mostly waits on the server, so a second one uses the idle time
  // (about 5 minutes less in CI). Tests that share a singleton (the studio inbox, the studio
  // settings) find their own mail or take turns (tests/e2e/support.ts).
  workers: 2,
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: [["list"]],
  use: {
    // localhost, not 127.0.0.1: the session cookie is Secure, which browsers allow over plain http only for localhost.
    baseURL: `http://localhost:${E2E_PORT}`,
    // Recording every passing test costs about 7% of the run; CI's retry of a failed one records it.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    // Always a fresh server on fresh state: a reused one would carry earlier runs' rows and rate-limit counts.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
