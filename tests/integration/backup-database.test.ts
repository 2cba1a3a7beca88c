// @both-databases: the snapshot and restore SQL of app/modules/platform/backup.server.ts (one read-only repeatable-read transaction on PostgreSQL, one message on PGlite; foreign keys dropped and re-added; json_populate_recordset)
// A backup of this file's database (in-memory PGlite, or a PostgreSQL database) restores into an empty one of the
// same kind with every table's rows and every file's bytes, and its restore check loads it into a scratch PGlite.
// The embedded database under load, through its socket, with a second server: backup-restore.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { type Database, db, getDatabase, openDatabase } from "~/modules/platform/database.server";
import { createBackup, restoreBackup, verifyBackup } from "~/modules/platform/backup.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { configuredStorage } from "~/services/storage/index.server";
import { dataDir } from "~/config/env.server";
import { TEST_POSTGRES_SERVER, onPostgresServer } from "../setup/postgres-server";
import { signedInUser } from "./helpers";
import { sharedFile } from "../shared-files";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-backup-db-"));
const onPostgres = process.env.TEST_DATABASE === "postgres";
const restoredName = `voxlate_restored_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;

afterAll(async () => {
  if (onPostgres) await onPostgresServer(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
  fs.rmSync(work, { recursive: true, force: true });
});

async function allRows(database: Database): Promise<Map<string, string[]>> {
  const tables = await database.sql.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const rows = new Map<string, string[]>();
  for (const { name } of tables) {
    const found = await database.sql.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM public."${name}" t`,
    );
    rows.set(name, found.map((row) => row.row).sort());
  }
  return rows;
}

const hashes = (root: string) =>
  new Map(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !path.relative(root, entry.parentPath).startsWith(".incoming"))
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(root, full), crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex")];
      }),
  );

test("a backup restores into an empty database of the same kind: every row, every file, and its restore check passes", async () => {
  const user = await signedInUser("BUSINESS_PRO");
  const key = `recordings/${user.id}/${crypto.randomUUID()}.wav`;
  const local = path.join(work, "jfk.wav");
  fs.copyFileSync(sharedFile("testdata/audio/jfk.wav"), local);
  await configuredStorage().putFile(key, local);
  const recording = await (
    await db()
  ).recording.create({
    data: {
      userId: user.id,
      workspaceId: await personalWorkspaceId(user.id),
      title: "Quarterly review — “quotes”, tabs\tand a newline\n",
      fileName: "review.wav",
      storageKey: key,
      sizeBytes: 352_000,
      mimeType: "audio/wav",
      durationSeconds: 11.02,
      status: "COMPLETED",
      progress: 100,
      completedAt: new Date("2026-11-27T10:00:00.123Z"),
    },
  });
  await createShareLink(user.id, recording.id, { expiry: "never", password: "a-share-password" });

  const { dir, manifest } = await createBackup(await getDatabase(), path.join(work, "backups"));
  expect(manifest.database.kind).toBe(onPostgres ? "postgres" : "pglite");
  expect(manifest.files.list.map((file) => file.key)).toEqual([key]);
  expect(manifest.files.list[0].keyId).toBe(manifest.secrets.storageKeyIds[0]);
  // The restore check loads the rows into a scratch embedded database, whichever database they came from.
  expect(await verifyBackup(dir)).toMatchObject({ ok: true });

  const target = path.join(work, "restored");
  const databaseUrl = onPostgres ? new URL(`/${restoredName}`, TEST_POSTGRES_SERVER).toString() : "";
  if (onPostgres) await onPostgresServer(`CREATE DATABASE "${restoredName}"`);
  const storageRoot = path.join(target, "uploads");
  const result = await restoreBackup(dir, { databaseUrl, dataDir: target, storageRoot });
  expect(result.files).toBe(1);

  const restored = await openDatabase({ role: "cli", url: databaseUrl, dataDir: target, migrate: false });
  try {
    expect(await allRows(restored)).toEqual(await allRows(await getDatabase()));
  } finally {
    await restored.close();
  }
  expect(hashes(storageRoot)).toEqual(hashes(dataDir("uploads")));
  // The restored server reads the files with the backup's key, written where a generated key is kept.
  expect(fs.readFileSync(path.join(target, "storage-key"), "utf8")).toBe(
    fs.readFileSync(dataDir("storage-key"), "utf8"),
  );

  // A second restore into what now holds data is refused, and says what to do.
  const again = onPostgres
    ? { databaseUrl, dataDir: path.join(work, "empty"), storageRoot: path.join(work, "empty", "uploads") }
    : { databaseUrl, dataDir: target, storageRoot };
  await expect(restoreBackup(dir, again)).rejects.toThrow(
    onPostgres ? /already has \d+ table\(s\): restore into an empty database/ : /already holds a database/,
  );
});
