// npm run backup -- --to <dir> [--no-verify]
// Writes a consistent backup of the running (or stopped) server into a new folder inside <dir>: the database's rows,
// the stored files and the keys to read them (SECRET-keys.env). Then checks that it restores (unless --no-verify),
// which `npm run doctor` reports. ADR 043; docs/database.md.
import { parseArgs } from "node:util";
import { createBackup, verifyBackup } from "~/modules/platform/backup.server";
import { getDatabase } from "~/modules/platform/database.server";
import { runCli } from "./cli";

const { values } = parseArgs({ options: { to: { type: "string" }, "no-verify": { type: "boolean" } } });

await runCli(
  async () => {
    if (!values.to) throw new Error("Give the folder to back up into: npm run backup -- --to /backups");
    const { dir, manifest } = await createBackup(await getDatabase(), values.to);
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    console.info(`Backed up ${manifest.database.tables.length} tables (${rows} rows) to ${dir}`);
    if (manifest.files.storage === "s3") console.info(manifest.files.note);
    else console.info(`${manifest.files.count} stored file(s), ${manifest.files.bytes} bytes, copied as stored.`);
    console.info(
      `SECRET: ${dir}/SECRET-keys.env holds the keys that read the recordings. Keep a copy apart from the backup.`,
    );
    if (values["no-verify"]) return;
    const verified = await verifyBackup(dir);
    if (!verified.ok) throw new Error(`The backup did not restore in its check: ${verified.detail}`);
    console.info(`Restore check: ${verified.detail}.`);
  },
  { migrate: false },
);
