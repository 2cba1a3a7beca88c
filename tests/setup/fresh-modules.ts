// The unit and integration projects run their files one after another in the same worker process (isolate: false):
// starting a process and loading the test libraries (MSW, Vitest's own) for each of the unit project's 79 files took
// 72 s of a 2-core machine's wall time, against 26 s without; each integration file that imports the production build
// spent about 2 CPU-s loading it again. So that no file sees what another left behind, each file starts with
// - the app's own modules loaded afresh (only the packages under node_modules, and the production build, which Node
//   imports itself, stay loaded);
// - the environment as it was before the file changed it;
// - no process-wide value made from the last file's environment: the database and the job queue live in one store
//   (app/config/singleton.server.ts), and forgetting it also retires the reading of the environment that the build's
//   configuration and providers are keyed to (getEnv, madeFromEnv in app/config/env.server.ts).
import { afterAll, vi } from "vitest";
import { forgetSingletons } from "~/config/singleton.server";

/**
 * Values of the process itself rather than of one file's configuration, kept: the logger and its request context,
 * which modules take hold of when they load (the production build, loaded once, keeps holding them); the metrics,
 * which prom-client registers once per process; the child processes, which one exit hook kills.
 */
const OF_THE_PROCESS = [
  "logger",
  "log-context",
  "metrics",
  "metrics-aggregation",
  "metrics-readings",
  "child-processes",
];

/** The environment the process started with, before any file changed it. */
const holder = globalThis as { __environmentAtStart?: NodeJS.ProcessEnv };
holder.__environmentAtStart ??= { ...process.env };
const environmentAtStart = holder.__environmentAtStart;

/**
 * Back to the environment the process started with, and no process-wide value made from another. At the end of each
 * file, and again at the start of the next, for what the last one's unfinished work made in between.
 */
function startAfresh() {
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
  forgetSingletons(OF_THE_PROCESS);
}

vi.resetModules();
startAfresh();
afterAll(startAfresh);
