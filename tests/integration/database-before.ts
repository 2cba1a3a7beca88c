// A database of its own (never the one the other tests use) holding the migrations up to, and not including, one
// migration: a test writes rows as they were before it, then applies the rest and looks at what the migration did.
// On PostgreSQL it is a new database on the test server, dropped afterwards; on PGlite an in-memory one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "~/modules/platform/database.server";
import { MIGRATIONS_DIR, readMigrationFiles } from "~/modules/platform/migrations.server";
import { onPostgresServer, postgresDatabaseUrl } from "../setup/postgres-server";

/**
 * Registers the suite's beforeAll/afterAll and returns the database (once the suite runs) and the folder of the
 * migrations before `migration`, for `applyMigrations(sql, migrationsBefore)`.
 */
export function databaseBeforeMigration(migration: string, label: string) {
  const postgres = process.env.TEST_DATABASE === "postgres";
  const name = `voxlate_${label}_${process.pid}_${Date.now()}`;
  const migrationsBefore = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-migrations-"));
  let database: Database | undefined;

  beforeAll(async () => {
    for (const file of readMigrationFiles().filter((file) => file.name < migration))
      fs.cpSync(path.join(MIGRATIONS_DIR, file.name), path.join(migrationsBefore, file.name), { recursive: true });
    if (postgres) {
      await onPostgresServer(`CREATE DATABASE "${name}"`);
      database = await openDatabase({ role: "cli", url: postgresDatabaseUrl(name), migrate: false });
    } else database = await openDatabase({ role: "cli", dataDir: "memory://", migrate: false });
  });
  afterAll(async () => {
    await database?.close();
    if (postgres) await onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    fs.rmSync(migrationsBefore, { recursive: true, force: true });
  });

  return {
    migrationsBefore,
    database: () => {
      if (!database) throw new Error("The database before the migration opens in beforeAll.");
      return database;
    },
  };
}
