// Opens a fresh database for each integration test file: in-memory PGlite, or a new database on the
// PostgreSQL server at 127.0.0.1:5432 that is dropped when the file finishes.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { connectDatabase, disconnectDatabase } from "~/modules/platform/database.server";

export const TEST_POSTGRES_SERVER = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const kind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
const databaseName = `voxlate_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;

// Each file also gets its own data dir (mail outbox, session secret).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-test-"));

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function testDatabaseUrl(): string {
  const url = new URL(TEST_POSTGRES_SERVER);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

beforeAll(async () => {
  if (kind === "postgres") {
    await onServer(`CREATE DATABASE "${databaseName}"`);
    await connectDatabase({ role: "app", url: testDatabaseUrl() });
  } else {
    await connectDatabase({ role: "app", dataDir: "memory://" });
  }
});

afterAll(async () => {
  await disconnectDatabase();
  if (kind === "postgres") await onServer(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
