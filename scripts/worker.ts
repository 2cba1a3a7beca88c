// npm run worker: a standalone job worker. It needs a PostgreSQL server (DATABASE_URL);
// with the embedded database the app runs its workers in-process.
import { connectDatabase, disconnectDatabase } from "~/modules/platform/database.server";
import { startDiskHousekeeping } from "~/modules/platform/disk.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";

process.on("unhandledRejection", (reason) => console.error("[process] unhandled rejection:", reason));
try {
  await startDiskHousekeeping();
  const database = await connectDatabase({ role: "worker", migrate: false });
  console.info(`[db] ${database.kind}: ${database.location}`);
  await startJobs(database, { work: true });
  console.info("[jobs] worker running; Ctrl-C to stop");
} catch (error) {
  console.error(`Error: ${(error as Error).message}`);
  process.exit(1);
}

async function shutdown(signal: string) {
  console.info(`[jobs] ${signal}: finishing running jobs`);
  await stopJobs();
  await disconnectDatabase();
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
