import os from "node:os";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

/**
 * Playwright's workers run side by side, each against its own app server with its own data directory: the embedded
 * database is one process, and a worker's tests may count what they made. Worker slot n (0, 1, …) talks to the server
 * on E2E_PORT + 10·n; the fake Stripe of its billing tests listens on the port after it.
 *
 * One worker more than the cores: a test waits on its server and on transcriptions, and one worker per core still
 * left a fifth of a 2-core machine idle (631 CPU-s in 401 s). Three workers took 377 s there, every test passing;
 * one per core had taken 19.7 min against 14.7 for two, on two machines of this kind whose Vitest ran as fast
 * (2026-11-28, docs/performance.md), once the races a busier machine had exposed in two tests were gone (2026-11-27).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? os.availableParallelism() + 1);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210);
export function e2eServer(slot: number) {
  const port = FIRST_PORT + 10 * slot;
  return {
    port,
    baseURL: `http://localhost:${port}`,
    dataDir: path.resolve(`tmp/e2e-data-${port}`),
    stripePort: port + 1,
  };
}
/** The server of the worker this code runs in: Playwright numbers its worker slots in TEST_PARALLEL_INDEX. */
const thisWorker = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** The app's data for this worker: its database socket, outbox and uploads. */
export const E2E_DATA_DIR = thisWorker.dataDir;
/** The fake Stripe API (tests/mocks/stripe-server.ts) that billing.spec.ts starts; the app calls it through STRIPE_API_BASE. */
export const STRIPE_MOCK_PORT = thisWorker.stripePort;

/** The host of the analytics stand-in the e2e servers name (ANALYTICS_SCRIPT_URL): .invalid never resolves. */
const ANALYTICS_TEST_HOST = "analytics.invalid";
/**
 * The hosts of the analytics scripts pages load while analytics are allowed: Google's tag and the stand-in. The browser
 * resolves them to nothing, so their loads fail at once, the same on every machine, and no request leaves it.
 */
export const ANALYTICS_HOSTS = ["www.googletagmanager.com", ANALYTICS_TEST_HOST];

/**
 * Debian's Chromium headless shell: Playwright's own browser download cannot run on these offline machines. It is the
 * build Playwright runs for headless tests, without the full browser's window, and each new context costs about a
 * third less CPU (ADR 010, docs/performance.md).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--host-resolver-rules=${ANALYTICS_HOSTS.map((host) => `MAP ${host} ~NOTFOUND`).join(", ")}`,
  ],
};
const chromium = { ...devices["Desktop Chrome"], launchOptions: CHROMIUM_LAUNCH };

type WebServer = Exclude<PlaywrightTestConfig["webServer"], unknown[] | undefined>;

/** One worker's app: the production build on a fresh embedded database. */
function appServer(server: ReturnType<typeof e2eServer>): WebServer {
  return {
    command: `rm -rf "${server.dataDir}" && exec node --max-semi-space-size=4 build/node/server.js`,
    url: `http://localhost:${server.port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(server.port),
      APP_URL: `http://localhost:${server.port}`,
      DATA_DIR: server.dataDir,
      DATABASE_URL: "",
      ENABLE_TEST_ROUTES: "true",
      RATE_LIMIT_MULTIPLIER: "50",
      LOG_REQUESTS: "false",
      // The button and the redirect to Google are tested; the round trip itself runs against MSW in Vitest.
      GOOGLE_CLIENT_ID: "e2e-client.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "e2e-client-secret",
      GA_MEASUREMENT_ID: "G-E2ETEST",
      // On a host CHROMIUM_LAUNCH resolves to nothing, so no request leaves the machine; the tests only check when the
      // tag is present.
      ANALYTICS_SCRIPT_URL: `http://${ANALYTICS_TEST_HOST}/analytics-under-test.js`,
      // Card payments against the fake Stripe on a local port, never api.stripe.com (tests/e2e/billing.spec.ts).
      STRIPE_SECRET_KEY: "sk_test_voxlate_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_voxlate_fake",
      STRIPE_API_BASE: `http://127.0.0.1:${server.stripePort}`,
      // Single sign-on against the OpenID provider tests/e2e/sso.spec.ts starts on this machine (ADR 041-sso).
      SSO_ALLOW_PRIVATE_ISSUERS: "1",
    },
  };
}

const TRACE_MODES = [
  "off",
  "on",
  "on-first-retry",
  "on-all-retries",
  "retain-on-failure",
  "retain-on-first-failure",
] as const;
const TRACE = TRACE_MODES.find((mode) => mode === (process.env.E2E_TRACE ?? "on-first-retry"));
if (!TRACE) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(", ")}`);

const ERROR_REPORTS_SPEC = /error-reports\.js-only\.spec\.ts$/;
/**
 * Recording in real time: the fake microphone plays as fast as a speaker talks, and the live passes must keep up
 * with it. Beside two other workers' browsers, servers and transcriptions the passes fell half a minute behind, and
 * both tries of a CI run failed (2026-12-01), so these tests run after every other project, with the machine to
 * themselves. Their no-JS tests run in the no-js project as usual. A test that fails in those projects leaves these
 * unrun (Playwright runs a project only once its dependencies passed); the run has failed by then anyway. The landing
 * demo (landing-demo.spec.ts) records a clip and has it transcribed whole afterwards, with nothing to keep pace with,
 * so it runs beside the other tests.
 */
const REAL_TIME_SPEC = /live-recording\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  workers: WORKERS,
  // A file's tests run in order in one worker; files spread over the workers.
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI absorbs a slow first render on a loaded 2-core machine; the report still lists flaky tests.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // tests/e2e/fixtures.ts sets each test's baseURL to its worker's server.
    baseURL: thisWorker.baseURL,
    // Recording a trace costs about a sixth of a test's CPU (a DOM snapshot and screencast frames at every step), so a
    // trace is made only when a failed test runs again (CI retries once). E2E_TRACE=retain-on-failure records every
    // test and keeps the failures' traces, for a failure that does not repeat.
    trace: TRACE,
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: [ERROR_REPORTS_SPEC, REAL_TIME_SPEC] },
    // It starts an app server of its own from the test process (bench/app-server.ts), which points this process's
    // DATA_DIR and database at that server's: a project of its own gets a worker process of its own, so no other
    // spec's worker is left pointing at the wrong app.
    { name: "error-reports", use: { ...chromium, javaScriptEnabled: true }, testMatch: ERROR_REPORTS_SPEC },
    // Specs named *.js-only.spec.ts test what JavaScript adds (spinner, error suppression).
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/ },
    {
      name: "js-real-time",
      use: { ...chromium, javaScriptEnabled: true },
      testMatch: REAL_TIME_SPEC,
      dependencies: ["js", "error-reports", "no-js"],
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => appServer(e2eServer(slot))),
});
