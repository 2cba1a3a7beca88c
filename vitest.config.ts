import os from "node:os";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { filesForBothDatabases } from "./tests/both-databases";
import SlowFirstSequencer from "./tests/setup/sequencer";

/**
 * Tests that start a speech or translation engine, ffmpeg, Chromium or another program in a child process: seconds to minutes
 * each. Everything else beside the code is a unit test (pure code and in-process parts): `npm run test:fast` runs
 * those alone, with no engine and no browser.
 */
const ENGINE_TESTS = [
  "app/services/transcription/**/*.server.test.ts",
  "app/services/alignment/**/*.server.test.ts",
  "app/services/translation/apertium.server.test.ts",
  "app/services/process.server.test.ts",
  "scripts/**/*.test.ts",
  "prisma/**/*.test.ts",
];

/** The files of the production build (`npm run build`). */
const BUILD_FILES = new RegExp("^" + (path.resolve("build") + path.sep).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** Every file's outbound HTTP goes through MSW (tests/mocks/server.ts). */
const MSW = "tests/setup/msw.ts";

/** Files that run one after another in one process, each with the app's modules and configuration afresh. */
const FRESH_MODULES = "tests/setup/fresh-modules.ts";

/**
 * Every integration file runs on the embedded PGlite; on PostgreSQL run the files that test what the two databases
 * could do differently, by the rule of tests/both-databases.ts, and the server-* files, which need a server.
 */
const integration = (database: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${database}`,
    include:
      database === "postgres"
        ? [...filesForBothDatabases(), "tests/integration/server-*.test.ts"]
        : ["tests/integration/**/*.test.ts"],
    // The embedded database's own files, lock and socket: PGlite only. Separate worker processes: PostgreSQL only.
    exclude: database === "postgres" ? [] : ["tests/integration/server-*.test.ts"],
    env: { TEST_DATABASE: database },
    // These tests run real transcriptions, translations and summaries through the in-process worker; on two busy
    // cores a test that waits for two of them took over 30 s in CI.
    testTimeout: 120_000,
    globalSetup: ["tests/setup/database-template.ts"],
    isolate: false,
    setupFiles: [FRESH_MODULES, MSW, "tests/setup/database.ts"],
  },
});

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    pool: "forks",
    // Vitest's default is one fewer than the cores: one file at a time on these 2-core machines. The integration
    // files mostly wait (ffmpeg, engines and servers in child processes, the database), so two at once took the
    // whole run 526 s for 924 s of file time, all passing; each file has its own database and DATA_DIR.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // The longest files first and the unit files last, so the run does not end on one long file (tests/setup/sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    environment: "node",
    // Node itself imports the production build (tests/integration/app-handler.ts), as `npm start` does, not Vite's
    // module runner: a file that imports it and answers one request took 16 CPU-s through the runner, 9 natively.
    server: { deps: { external: [BUILD_FILES] } },
    env: {
      NODE_ENV: "test",
      LOG_REQUESTS: "false",
      APP_URL: "http://localhost:3000",
      // Google sign-in runs against tests/mocks/google.ts.
      GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "test-client-secret",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // One process for all the unit files, each with the app's modules loaded afresh (tests/setup/fresh-modules.ts).
          isolate: false,
          setupFiles: [FRESH_MODULES, MSW],
          include: ["app/**/*.test.ts", "tests/mocks/**/*.test.ts", "tests/*.test.ts"],
          exclude: ENGINE_TESTS,
        },
      },
      { extends: true, test: { name: "engines", include: ENGINE_TESTS, setupFiles: [MSW] } },
      // The real server as a child process (NODE_ENV unset, as `npm start` runs it), fuzzed and probed.
      {
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          setupFiles: [MSW],
          testTimeout: 180_000,
        },
      },
      integration("pglite"),
      integration("postgres"),
    ],
  },
});
