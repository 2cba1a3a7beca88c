import { connectDatabase, disconnectDatabase, type DatabaseRole } from "~/modules/platform/database.server";

/**
 * Runs a command-line task against the process-wide database and closes it afterwards, so PGlite's
 * files are always left openable. Errors print as one clear line and exit 1.
 */
export async function runCli(task: () => Promise<void>, options: { role?: DatabaseRole; migrate?: boolean } = {}) {
  try {
    const database = await connectDatabase({ role: options.role ?? "cli", migrate: options.migrate ?? true });
    console.info(`[db] ${database.kind}: ${database.location}`);
    await task();
  } catch (error) {
    console.error(`Error: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await disconnectDatabase().catch((error) => console.error(error));
  }
}
