// npm run worker: a standalone job worker. It needs a PostgreSQL server (DATABASE_URL);
// with the embedded database the app runs its workers in-process.
import express from "express";
import { getEnv } from "~/config/env.server";
import { logger } from "~/config/logger.server";
import { connectDatabase, disconnectDatabase } from "~/modules/platform/database.server";
import { startDiskHousekeeping } from "~/modules/platform/disk.server";
import { metricsEndpoint } from "~/modules/platform/metrics.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";

const log = logger.child({ component: "jobs" });
process.on("unhandledRejection", (reason) =>
  logger.error({ err: reason, component: "process" }, "unhandled rejection"),
);
try {
  await startDiskHousekeeping();
  const database = await connectDatabase({ role: "worker", migrate: false });
  logger.info({ component: "db", kind: database.kind, location: database.location }, "database open");
  await startJobs(database, { work: true });
  log.info("worker running; Ctrl-C to stop");
  // Its jobs' durations, failures and the engines' speed are counted here, not in the web processes (ADR 044).
  const { METRICS_TOKEN, WORKER_METRICS_PORT, HOST } = getEnv();
  if (METRICS_TOKEN && WORKER_METRICS_PORT) {
    const app = express();
    app.disable("x-powered-by");
    app.get("/metrics", metricsEndpoint());
    app.listen(WORKER_METRICS_PORT, HOST, () => log.info(`metrics on port ${WORKER_METRICS_PORT}`));
  }
} catch (error) {
  logger.fatal({ component: "db" }, (error as Error).message);
  process.exit(1);
}

async function shutdown(signal: string) {
  log.info(`${signal}: finishing running jobs`);
  await stopJobs();
  await disconnectDatabase();
  process.exit(process.exitCode ?? 0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
