import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The smallest SQL surface the runner needs; both PGlite and node-postgres fit it. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (no parameters). */
  exec(script: string): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

// Prisma's own table, so `prisma migrate status` and `migrate deploy` agree with this runner.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// The advisory lock key Prisma uses, so this runner and Prisma never migrate at the same time.
const ADVISORY_LOCK_KEY = 72707369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  if (!fs.existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

/**
 * Applies every migration not yet recorded, each in its own transaction, in name order.
 * A migration that was edited after it was applied is an error: write a new one instead.
 */
export async function applyMigrations(sql: SqlClient, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = readMigrationFiles(dir);
  await sql.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
  try {
    await sql.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const recorded = new Map(rows.map((row) => [row.migration_name, row]));
    const applied: string[] = [];
    for (const file of files) {
      const existing = recorded.get(file.name);
      if (existing?.finished_at) {
        if (existing.checksum !== file.checksum) {
          throw new Error(`Migration ${file.name} was changed after it was applied. Add a new migration instead.`);
        }
        continue;
      }
      if (existing) {
        throw new Error(
          `Migration ${file.name} started but did not finish. Inspect the database, then mark it rolled back ` +
            `(UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '${file.name}').`,
        );
      }
      await applyOne(sql, file);
      applied.push(file.name);
    }
    return { applied, alreadyApplied: files.length - applied.length };
  } finally {
    await sql.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]);
  }
}

async function applyOne(sql: SqlClient, file: MigrationFile) {
  const id = crypto.randomUUID();
  await sql.exec("BEGIN");
  try {
    await sql.exec(file.sql);
    await sql.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [id, file.checksum, file.name],
    );
    await sql.exec("COMMIT");
  } catch (error) {
    await sql.exec("ROLLBACK");
    throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
  }
}

export async function pendingMigrations(sql: SqlClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readMigrationFiles(dir);
  const [{ exists }] = await sql.query<{ exists: boolean }>(
    `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`,
  );
  if (!exists) return files.map((file) => file.name);
  const rows = await sql.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(rows.map((row) => row.migration_name));
  return files.filter((file) => !done.has(file.name)).map((file) => file.name);
}
