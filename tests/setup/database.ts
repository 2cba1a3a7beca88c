// Opens a fresh database for each integration test file: in-memory PGlite, or a new database on the
// PostgreSQL server at 127.0.0.1:5432 that is dropped when the file finishes. Both start from the run's migrated
// template (tests/setup/database-template.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { connectDatabase, disconnectDatabase } from "~/modules/platform/database.server";
import { stopQueue } from "~/modules/platform/jobs.server";
import { TEST_POSTGRES_SERVER, onPostgresServer, postgresDatabaseUrl } from "./postgres-server";

export { TEST_POSTGRES_SERVER };

const kind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
const databaseName = `voxlate_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;

// Each file also gets its own data dir (mail outbox, session secret).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-test-"));

export const testDatabaseUrl = (): string => postgresDatabaseUrl(databaseName);

beforeAll(async () => {
  if (kind === "postgres") {
    await onPostgresServer(`CREATE DATABASE "${databaseName}" TEMPLATE "${inject("postgresTemplateDatabase")}"`);
    await connectDatabase({ role: "app", url: testDatabaseUrl() });
  } else {
    const template = new Blob([fs.readFileSync(inject("pgliteTemplateFile"))]);
    await connectDatabase({ role: "app", dataDir: "memory://", loadDataDir: template });
  }
});

afterAll(async () => {
  // The next file in this process opens its own database: no worker of this file's queue may outlive this one.
  await stopQueue();
  await disconnectDatabase();
  if (kind === "postgres") await onPostgresServer(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
