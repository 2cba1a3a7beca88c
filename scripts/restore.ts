// npm run restore -- --from <backup folder>
// Restores a backup made by `npm run backup` into this configuration's EMPTY database (DATABASE_URL, else the
// embedded one in DATA_DIR) and empty file store; refuses anything else, and a backup whose keys are missing.
import { parseArgs } from "node:util";
import { restoreBackup } from "~/modules/platform/backup.server";

const { values } = parseArgs({ options: { from: { type: "string" } } });

try {
  if (!values.from) throw new Error("Give the backup folder: npm run restore -- --from /backups/voxlate-backup-…");
  const restored = await restoreBackup(values.from);
  console.info(`Restored ${restored.tables} tables (${restored.rows} rows) and ${restored.files} stored file(s).`);
  for (const note of restored.notes) console.info(note);
} catch (error) {
  console.error(`Error: ${(error as Error).message}`);
  process.exitCode = 1;
}
