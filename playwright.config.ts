import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The app's data for this run; a run on another E2E_PORT gets its own, so two runs never delete each other's. */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_PORT ? `tmp/e2e-data-${PORT}` : "tmp/e2e-data");
/** The fake Stripe API (tests/mocks/stripe-server.ts) that billing.spec.ts starts; the app calls it through STRIPE_API_BASE. */
export const STRIPE_MOCK_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 1);

// Debian's Chromium: Playwright's own browser download cannot run on these offline machines.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
const chromium = { ...devices["Desktop Chrome"], launchOptions: CHROMIUM_LAUNCH };

export default defineConfig({
  testDir: "tests/e2e",
  // The embedded database is one process: the app is one server, and the tests share its data.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI absorbs a slow first render on a loaded 2-core machine; the report still lists flaky tests.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    // Specs named *.js-only.spec.ts test what JavaScript adds (spinner, error suppression).
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/ },
  ],
  webServer: {
    // The production build on a fresh embedded database.
    command: `rm -rf "${E2E_DATA_DIR}" && exec node --max-semi-space-size=4 build/node/server.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      APP_URL: `http://localhost:${PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: "",
      ENABLE_TEST_ROUTES: "true",
      RATE_LIMIT_MULTIPLIER: "50",
      LOG_REQUESTS: "false",
      // The button and the redirect to Google are tested; the round trip itself runs against MSW in Vitest.
      GOOGLE_CLIENT_ID: "e2e-client.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "e2e-client-secret",
      GA_MEASUREMENT_ID: "G-E2ETEST",
      // Same origin, so no request leaves the machine; the tests only check when the tag is present.
      ANALYTICS_SCRIPT_URL: `http://localhost:${PORT}/analytics-under-test.js`,
      // Card payments against the fake Stripe on a local port, never api.stripe.com (tests/e2e/billing.spec.ts).
      STRIPE_SECRET_KEY: "sk_test_voxlate_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_voxlate_fake",
      STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_MOCK_PORT}`,
    },
  },
});
