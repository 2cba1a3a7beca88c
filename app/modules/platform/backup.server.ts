// Online backups that restore (ADR 043): `npm run backup`, `npm run restore`, the scheduled backup job and the restore
// check that `npm run doctor` reports. A backup is a folder: the database's rows as JSON lines, the stored files as
// they are on disk (encrypted), a manifest with checksums, and a keys file marked secret.
import { loggerFor } from "~/config/logger.server";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { dataDir, GENERATED_SECRET_FILES, getEnv, secretTexts } from "~/config/env.server";
import { decryptRange, keyring, parseStorageKey, readHeader } from "~/services/storage/encryption.server";
import { configuredStorageRoot } from "~/services/storage/index.server";
import { type Database, getDatabase, openDatabase } from "./database.server";
import { defineJob } from "./jobs.server";
import { applyMigrations, MIGRATIONS_DIR, readMigrationFiles, type SqlClient } from "./migrations.server";

export const BACKUP_FORMAT = "voxlate-backup/1";
export const MANIFEST_FILE = "manifest.json";
/** Named so that nobody mistakes it for an ordinary file: with it, anyone holding the backup reads every recording. */
export const SECRETS_FILE = "SECRET-keys.env";
export const VERIFIED_FILE = "verified.json";
const BACKUP_NAME = /^voxlate-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d{3})?Z$/;
const MIGRATIONS_TABLE = "_prisma_migrations";
/** Rows per INSERT when restoring, by size: each batch is one JSON text parsed by the database. */
const BATCH_BYTES = 4 * 1024 * 1024;

/** A backup that cannot be made or restored, with a sentence saying why and what to do. */
export class BackupError extends Error {}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  finishedAt: string;
  app: { version: string };
  database: {
    kind: Database["kind"];
    server: string;
    /** The migrations the backup's rows are shaped by, in order: the restore applies these, loads, then the rest. */
    migrations: { name: string; checksum: string }[];
    tables: { name: string; rows: number; bytes: number; sha256: string }[];
    sequences: { name: string; value: number; called: boolean }[];
  };
  files: {
    storage: "file" | "s3";
    note?: string;
    count: number;
    bytes: number;
    list: { key: string; bytes: number; sha256: string; keyId: string | null }[];
  };
  secrets: { file: typeof SECRETS_FILE; sha256: string; storageKeyIds: string[] };
}

export interface VerifiedRecord {
  verifiedAt: string;
  ok: boolean;
  detail: string;
}

const sha256 = (data: crypto.BinaryLike) => crypto.createHash("sha256").update(data).digest("hex");
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableFile = (name: string) => path.join("database", `${name}.jsonl`);

async function fileSha256(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  const stream = fs.createReadStream(file);
  stream.on("data", (chunk) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  await finished(stream);
  return { sha256: hash.digest("hex"), bytes };
}

function appVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? "0";
  } catch {
    return "unknown";
  }
}

// ---- Backup ------------------------------------------------------------------------------------

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
}

/**
 * Writes a new backup folder inside `parent` while the app runs. The database's rows are read in one consistent
 * snapshot (ADR 043); stored files are copied after it, so every file a row names is there unless it was deleted
 * in between.
 */
export async function createBackup(database: Database, parent: string, now = new Date()): Promise<BackupResult> {
  const createdAt = now.toISOString();
  const dir = path.join(path.resolve(parent), `voxlate-backup-${createdAt.replaceAll(":", "-").replace(".", "-")}`);
  // The folder holds the keys: only its owner reads it.
  fs.mkdirSync(path.join(dir, "database"), { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  try {
    const secrets = writeSecrets(dir);
    const snapshot = await snapshotDatabase(database, dir);
    const files = await copyStoredFiles(dir, new Set(secrets.storageKeyIds));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt,
      finishedAt: new Date().toISOString(),
      app: { version: appVersion() },
      database: { kind: database.kind, ...snapshot },
      files,
      secrets,
    };
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function writeSecrets(dir: string): BackupManifest["secrets"] {
  const secrets = secretTexts();
  const text = [
    "# SECRET: the keys of a Voxlate backup. With this file, anyone holding the backup can read every recording and",
    "# two-factor secret in it; without it, the stored recordings cannot be read at all. Keep a copy apart from the",
    "# backup (a password manager, a vault); `npm run restore` needs it back in the backup's folder.",
    `STORAGE_KEY=${secrets.STORAGE_KEY}`,
    `STORAGE_KEYS=${secrets.STORAGE_KEYS.join(",")}`,
    `SECRETS_KEY=${secrets.SECRETS_KEY}`,
    `SESSION_SECRET=${secrets.SESSION_SECRET.join(",")}`,
    "",
  ].join("\n");
  fs.writeFileSync(path.join(dir, SECRETS_FILE), text, { mode: 0o600 });
  const storageKeyIds = [secrets.STORAGE_KEY, ...secrets.STORAGE_KEYS].map((key) => parseStorageKey(key).id);
  return { file: SECRETS_FILE, sha256: sha256(text), storageKeyIds };
}

async function snapshotDatabase(database: Database, dir: string): Promise<Omit<BackupManifest["database"], "kind">> {
  const tables = (
    await database.sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
    )
  ).map((row) => row.name);
  const rowsOf = (table: string) => `SELECT row_to_json(t)::text AS row FROM public.${quoted(table)} AS t`;
  const sequencesSql = `SELECT sequencename AS name, COALESCE(last_value, 1)::text AS value, last_value IS NOT NULL AS called
    FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`;
  const server = String(
    (await database.sql.query<{ version: string }>("SELECT current_setting('server_version') AS version"))[0]?.version,
  );

  let sequences: { name: string; value: string; called: boolean }[];
  const written: BackupManifest["database"]["tables"] = [];
  const write = (table: string, rows: Record<string, unknown>[]) => {
    const text = rows.map((row) => `${String(row.row)}\n`).join("");
    fs.writeFileSync(path.join(dir, tableFile(table)), text, { mode: 0o600 });
    written.push({ name: table, rows: rows.length, bytes: Buffer.byteLength(text), sha256: sha256(text) });
  };

  if (database.kind === "postgres" && !database.sharedEmbedded) {
    // PostgreSQL: one read-only transaction sees one snapshot; tables are read one at a time (bounded memory).
    sequences = await database.withConnection(async (sql) => {
      await sql.exec("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      try {
        for (const table of tables) write(table, await sql.query(rowsOf(table)));
        const found = await sql.query<{ name: string; value: string; called: boolean }>(sequencesSql);
        await sql.exec("COMMIT");
        return found;
      } catch (error) {
        await sql.exec("ROLLBACK");
        throw error;
      }
    });
  } else {
    // The embedded database is one session: the reads go as one message, which it runs with nothing in between.
    // Through the app's socket that message may land between two statements of one of the app's transactions (PGlite
    // serves a socket's messages between them), so it first asks whether a transaction with writes is open, and if
    // so the whole read is taken again a moment later.
    const script = ["SELECT pg_current_xact_id_if_assigned()::text AS busy", ...tables.map(rowsOf), sequencesSql].join(
      ";\n",
    );
    let results: Record<string, unknown>[][] | undefined;
    for (let attempt = 0; attempt < 200 && !results; attempt++) {
      const read = await database.readScript(script);
      if (read[0]?.[0]?.busy == null) results = read;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (!results) throw new BackupError("The database stayed in the middle of a transaction for 5 s; try again.");
    tables.forEach((table, index) => write(table, results[index + 1] ?? []));
    sequences = (results.at(-1) ?? []) as typeof sequences;
  }

  const migrations = written.some((table) => table.name === MIGRATIONS_TABLE)
    ? fs
        .readFileSync(path.join(dir, tableFile(MIGRATIONS_TABLE)), "utf8")
        .split("\n")
        .filter(Boolean)
        .map(
          (line) =>
            JSON.parse(line) as {
              migration_name: string;
              checksum: string;
              finished_at: string | null;
              rolled_back_at: string | null;
            },
        )
        .filter((row) => row.finished_at && !row.rolled_back_at)
        .map((row) => ({ name: row.migration_name, checksum: row.checksum }))
        .sort((a, b) => a.name.localeCompare(b.name))
    : [];
  return {
    server,
    migrations,
    tables: written,
    sequences: sequences.map((row) => ({ name: row.name, value: Number(row.value), called: Boolean(row.called) })),
  };
}

async function copyStoredFiles(dir: string, knownKeyIds: Set<string>): Promise<BackupManifest["files"]> {
  const root = configuredStorageRoot();
  if (!root) {
    return {
      storage: "s3",
      note:
        "Stored files are in S3 and are not copied: turn on versioning (and a lifecycle rule for old versions) on the " +
        "bucket, so that the objects as of this backup's time can be brought back.",
      count: 0,
      bytes: 0,
      list: [],
    };
  }
  const list: BackupManifest["files"]["list"] = [];
  for (const key of await listFiles(root)) {
    const source = path.join(root, ...key.split("/"));
    const target = path.join(dir, "files", ...key.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      // Stored files are replaced whole by a rename, never changed in place: a copy is one version of the file.
      await fs.promises.copyFile(source, target);
    } catch (error) {
      // Deleted since the listing (a recording deleted meanwhile): its row may be in the snapshot or not.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const header = await readHeader(target).catch(() => null);
    if (header && !knownKeyIds.has(header.keyId))
      throw new BackupError(
        `The stored file ${key} is encrypted with a storage key (id ${header.keyId}) that is not configured: ` +
          "the backup could not be read back. Add that key to STORAGE_KEYS, or run `npm run storage:rotate-key`.",
      );
    list.push({ key, ...(await fileSha256(target)), keyId: header?.keyId ?? null });
  }
  return { storage: "file", count: list.length, bytes: list.reduce((sum, file) => sum + file.bytes, 0), list };
}

/** Every file under `root` as a key with "/", leaving out files still being written (.incoming). */
async function listFiles(root: string, directory = root): Promise<string[]> {
  const entries = await fs.promises.readdir(directory, { withFileTypes: true }).catch(() => []);
  const keys: string[] = [];
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (directory === root && entry.name === ".incoming") continue;
    if (entry.isDirectory()) keys.push(...(await listFiles(root, full)));
    else if (entry.isFile()) keys.push(path.relative(root, full).split(path.sep).join("/"));
  }
  return keys.sort();
}

// ---- Reading a backup back ---------------------------------------------------------------------

interface BackupSecrets {
  STORAGE_KEY: string;
  STORAGE_KEYS: string[];
  SECRETS_KEY: string;
  SESSION_SECRET: string[];
}

/** The manifest and keys of a backup, every checksum checked; a missing or foreign keys file is an error. */
export async function openBackup(dir: string): Promise<{ manifest: BackupManifest; secrets: BackupSecrets }> {
  const manifestPath = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath))
    throw new BackupError(`${dir} is not a finished backup: it has no ${MANIFEST_FILE}.`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${dir} is a backup in format ${String(manifest.format)}; this release reads ${BACKUP_FORMAT}.`,
    );

  const secretsPath = path.join(dir, SECRETS_FILE);
  const encrypted = manifest.files.list.filter((file) => file.keyId).length;
  if (!fs.existsSync(secretsPath))
    throw new BackupError(
      `The backup's keys file ${SECRETS_FILE} is missing from ${dir}. Without it the ${encrypted} encrypted ` +
        `recording file(s) and the two-factor secrets cannot be read. Put the copy you kept of ${SECRETS_FILE} back ` +
        "into the backup's folder and run the restore again.",
    );
  const secretsText = fs.readFileSync(secretsPath, "utf8");
  if (sha256(secretsText) !== manifest.secrets.sha256)
    throw new BackupError(
      `${SECRETS_FILE} in ${dir} is not the keys file written with this backup (its checksum differs). ` +
        "Put back the one made with this backup.",
    );
  const secrets = parseSecrets(secretsText);
  const ids = new Set([secrets.STORAGE_KEY, ...secrets.STORAGE_KEYS].map((key) => parseStorageKey(key).id));
  const missing = [...new Set(manifest.files.list.map((file) => file.keyId).filter((id) => id && !ids.has(id)))];
  if (missing.length)
    throw new BackupError(`The backup's keys file lacks the storage key(s) ${missing.join(", ")} its files need.`);

  for (const table of manifest.database.tables) {
    const file = path.join(dir, tableFile(table.name));
    if (!fs.existsSync(file) || (await fileSha256(file)).sha256 !== table.sha256)
      throw new BackupError(`The backup's rows of ${table.name} are missing or damaged (${file}).`);
  }
  for (const stored of manifest.files.list) {
    const file = path.join(dir, "files", ...stored.key.split("/"));
    if (!fs.existsSync(file) || (await fileSha256(file)).sha256 !== stored.sha256)
      throw new BackupError(`The backup's copy of the stored file ${stored.key} is missing or damaged.`);
  }
  return { manifest, secrets };
}

function parseSecrets(text: string): BackupSecrets {
  const values = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) values.set(match[1], match[2]);
  }
  const list = (name: string) => (values.get(name) ?? "").split(",").filter(Boolean);
  const STORAGE_KEY = values.get("STORAGE_KEY");
  const SECRETS_KEY = values.get("SECRETS_KEY");
  if (!STORAGE_KEY || !SECRETS_KEY) throw new BackupError(`${SECRETS_FILE} has no STORAGE_KEY or SECRETS_KEY.`);
  return { STORAGE_KEY, STORAGE_KEYS: list("STORAGE_KEYS"), SECRETS_KEY, SESSION_SECRET: list("SESSION_SECRET") };
}

/** Each storage key the backup's files use decrypts one of them (the last byte, whose record closes the file). */
async function checkKeysDecrypt(dir: string, manifest: BackupManifest, secrets: BackupSecrets) {
  const keys = keyring(parseStorageKey(secrets.STORAGE_KEY), secrets.STORAGE_KEYS.map(parseStorageKey));
  const checked = new Set<string>();
  for (const stored of manifest.files.list) {
    if (!stored.keyId || checked.has(stored.keyId)) continue;
    const file = path.join(dir, "files", ...stored.key.split("/"));
    const header = await readHeader(file);
    if (!header) continue;
    try {
      const end = Math.max(0, header.plainBytes - 1);
      await finished(decryptRange(file, header, keys, { start: end, end }).resume());
    } catch (error) {
      throw new BackupError(
        `The backup's key ${stored.keyId} does not decrypt ${stored.key}: ${(error as Error).message}`,
      );
    }
    checked.add(stored.keyId);
  }
}

/**
 * Applies the backup's migrations to an empty database, loads its rows, then applies the migrations that came after
 * it (restoring an older backup with a newer release is an upgrade).
 */
async function loadDatabase(database: Database, dir: string, manifest: BackupManifest) {
  const known = new Map(readMigrationFiles().map((file) => [file.name, file]));
  for (const migration of manifest.database.migrations) {
    const file = known.get(migration.name);
    if (!file)
      throw new BackupError(
        `The backup was made by a newer release (its migration ${migration.name} is unknown here); restore it with ` +
          `release ${manifest.app.version} or later.`,
      );
    if (file.checksum !== migration.checksum)
      throw new BackupError(`The migration ${migration.name} differs from the one the backup was made with.`);
  }
  const shaped = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-restore-migrations-"));
  try {
    for (const migration of manifest.database.migrations)
      fs.cpSync(path.join(MIGRATIONS_DIR, migration.name), path.join(shaped, migration.name), { recursive: true });
    await database.withConnection(async (sql) => {
      if (manifest.database.migrations.length) await applyMigrations(sql, shaped);
      await sql.exec("BEGIN");
      try {
        await loadRows(sql, dir, manifest);
        await sql.exec("COMMIT");
      } catch (error) {
        await sql.exec("ROLLBACK");
        throw error;
      }
      await applyMigrations(sql);
    });
  } finally {
    fs.rmSync(shaped, { recursive: true, force: true });
  }
}

async function loadRows(sql: SqlClient, dir: string, manifest: BackupManifest) {
  const tables = manifest.database.tables.map((table) => table.name);
  // The migrations just applied are the backup's (checksums compared): their rows are replaced by the backup's, which
  // say when each was first applied.
  await sql.exec(`DELETE FROM ${quoted(MIGRATIONS_TABLE)}`);
  // Foreign keys go while the rows load and come back after: tables refer to each other in cycles (a user's personal
  // workspace, the workspace's owner), so no table order satisfies them all. Adding them back checks every row.
  const foreignKeys = await sql.query<{ table: string; name: string; definition: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = 'public' ORDER BY 1, 2`,
  );
  for (const key of foreignKeys) await sql.exec(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quoted(key.name)}`);
  for (const table of tables) {
    const columns = (
      await sql.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped
         AND attgenerated = '' ORDER BY attnum`,
        [`public.${quoted(table)}`],
      )
    )
      .map((column) => quoted(column.name))
      .join(", ");
    if (!columns) throw new BackupError(`The table ${table} of the backup does not exist after its migrations.`);
    const insert = (lines: string[]) =>
      sql.query(
        `INSERT INTO public.${quoted(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::public.${quoted(table)}, $1::json)`,
        [`[${lines.join(",")}]`],
      );
    let batch: string[] = [];
    let bytes = 0;
    for (const line of fs.readFileSync(path.join(dir, tableFile(table)), "utf8").split("\n")) {
      if (!line) continue;
      batch.push(line);
      bytes += line.length;
      if (bytes >= BATCH_BYTES) {
        await insert(batch);
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length) await insert(batch);
  }
  for (const key of foreignKeys)
    await sql.exec(`ALTER TABLE ${key.table} ADD CONSTRAINT ${quoted(key.name)} ${key.definition}`);
  for (const sequence of manifest.database.sequences)
    await sql.query(`SELECT setval($1::regclass, $2, $3)`, [
      `public.${quoted(sequence.name)}`,
      sequence.value,
      sequence.called,
    ]);
}

// ---- Restore -----------------------------------------------------------------------------------

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
  notes: string[];
}

/**
 * Restores a backup into this configuration's empty database (DATABASE_URL, else DATA_DIR's embedded one) and empty
 * file store. Refuses a database or folder that holds anything, and a backup whose keys are missing.
 */
export interface RestoreTarget {
  /** postgres://… ; empty for the embedded database in `dataDir`. */
  databaseUrl: string;
  dataDir: string;
  /** The file store's folder; null when files go to S3. */
  storageRoot: string | null;
}

export async function restoreBackup(
  dir: string,
  target: RestoreTarget = {
    databaseUrl: getEnv().DATABASE_URL ?? "",
    dataDir: dataDir(),
    storageRoot: configuredStorageRoot(),
  },
): Promise<RestoreResult> {
  const { manifest, secrets } = await openBackup(dir);
  await checkKeysDecrypt(dir, manifest, secrets);
  const env = getEnv();
  const notes: string[] = [];

  // The keys the restored server will read its files with: the ones in its environment must be the backup's.
  const backupKeyIds = new Set([secrets.STORAGE_KEY, ...secrets.STORAGE_KEYS].map((key) => parseStorageKey(key).id));
  if (env.STORAGE_KEY && !backupKeyIds.has(parseStorageKey(env.STORAGE_KEY).id))
    throw new BackupError(
      `STORAGE_KEY in this environment is not a key of the backup: set STORAGE_KEY to the backup's (in ${SECRETS_FILE}) ` +
        "and keep the current one in STORAGE_KEYS, or unset it to use the backup's key.",
    );
  if (env.SECRETS_KEY && env.SECRETS_KEY !== secrets.SECRETS_KEY)
    throw new BackupError(
      `SECRETS_KEY in this environment differs from the backup's: set it to the one in ${SECRETS_FILE}.`,
    );

  const base = target.dataDir;
  const root = target.storageRoot;
  if (!target.databaseUrl && nonEmpty(path.join(base, "db")))
    throw new BackupError(
      `DATA_DIR (${base}) already holds a database: restore into an empty DATA_DIR (move this one aside first).`,
    );
  if (root && nonEmpty(root))
    throw new BackupError(`The file store (${root}) is not empty: restore into an empty one.`);
  const generated = Object.values(GENERATED_SECRET_FILES).filter((name) => fs.existsSync(path.join(base, name)));
  if (generated.length)
    throw new BackupError(
      `DATA_DIR (${base}) already has keys of its own (${generated.join(", ")}): restore into an empty DATA_DIR.`,
    );

  const database = await openDatabase({ role: "cli", url: target.databaseUrl, dataDir: base, migrate: false });
  try {
    if (database.sharedEmbedded)
      throw new BackupError(`An app is running on DATA_DIR (${base}): stop it, and restore into an empty DATA_DIR.`);
    const [{ count }] = await database.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (Number(count) > 0)
      throw new BackupError(
        `The database (${database.location}) already has ${count} table(s): restore into an empty database.`,
      );
    await loadDatabase(database, dir, manifest);
  } finally {
    await database.close();
  }

  // Keys that were generated on the first start are written back where the restored server looks for them.
  fs.mkdirSync(base, { recursive: true });
  const writeSecret = (name: string, value: string) =>
    fs.writeFileSync(path.join(base, name), value, { mode: 0o600, flag: "wx" });
  if (!env.STORAGE_KEY) writeSecret(GENERATED_SECRET_FILES.STORAGE_KEY, secrets.STORAGE_KEY);
  if (!env.SECRETS_KEY) writeSecret(GENERATED_SECRET_FILES.SECRETS_KEY, secrets.SECRETS_KEY);
  if (!env.SESSION_SECRET && secrets.SESSION_SECRET[0])
    writeSecret(GENERATED_SECRET_FILES.SESSION_SECRET, secrets.SESSION_SECRET[0]);
  if (secrets.STORAGE_KEYS.length)
    notes.push(`Older storage keys: set STORAGE_KEYS to the value in ${SECRETS_FILE} before starting the server.`);
  if (secrets.SESSION_SECRET.length > 1)
    notes.push(`Several cookie secrets: set SESSION_SECRET to the value in ${SECRETS_FILE} to keep people signed in.`);

  if (manifest.files.storage === "s3") notes.push(manifest.files.note ?? "Stored files are in S3.");
  else if (!root)
    notes.push(
      "This configuration stores files in S3: the backup's files were not copied (restore with file: storage).",
    );
  else
    for (const stored of manifest.files.list) {
      const target = path.join(root, ...stored.key.split("/"));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(path.join(dir, "files", ...stored.key.split("/")), target);
    }
  const tables = manifest.database.tables.filter((table) => table.name !== MIGRATIONS_TABLE);
  return {
    tables: tables.length,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    files: root ? manifest.files.list.length : 0,
    notes,
  };
}

function nonEmpty(directory: string): boolean {
  return fs.existsSync(directory) && fs.readdirSync(directory).length > 0;
}

// ---- The restore check, scheduling, pruning ----------------------------------------------------

/**
 * Checks that a backup restores: every checksum, the keys against the files, and its rows loaded into a throwaway
 * embedded database, counted table by table. The result is written beside the backup (verified.json) for
 * `npm run doctor`.
 */
export async function verifyBackup(dir: string): Promise<VerifiedRecord> {
  let record: VerifiedRecord;
  try {
    const { manifest, secrets } = await openBackup(dir);
    await checkKeysDecrypt(dir, manifest, secrets);
    const scratch = await openDatabase({ role: "cli", url: "", dataDir: "memory://", migrate: false });
    try {
      await loadDatabase(scratch, dir, manifest);
      for (const table of manifest.database.tables) {
        if (table.name === MIGRATIONS_TABLE) continue;
        const [{ count }] = await scratch.sql.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM public.${quoted(table.name)}`,
        );
        if (Number(count) !== table.rows)
          throw new BackupError(`${table.name} restored ${count} rows of the backup's ${table.rows}.`);
      }
    } finally {
      await scratch.close();
    }
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    record = {
      verifiedAt: new Date().toISOString(),
      ok: true,
      detail: `restored ${manifest.database.tables.length} tables (${rows} rows) into a scratch database; ${manifest.files.count} file(s) and their keys checked`,
    };
  } catch (error) {
    record = { verifiedAt: new Date().toISOString(), ok: false, detail: (error as Error).message };
  }
  if (fs.existsSync(dir)) fs.writeFileSync(path.join(dir, VERIFIED_FILE), JSON.stringify(record, null, 2));
  return record;
}

/** The backup folders in `parent`, oldest first. */
export function listBackups(parent: string): string[] {
  if (!fs.existsSync(parent)) return [];
  return fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && BACKUP_NAME.test(entry.name))
    .map((entry) => path.join(parent, entry.name))
    .sort();
}

export interface LastBackup {
  dir: string;
  createdAt: string;
  verified: VerifiedRecord | null;
}

/** The newest finished backup in `parent` and its restore check, if any. */
export function lastBackup(parent: string): LastBackup | null {
  const finishedBackups = listBackups(parent).filter((dir) => fs.existsSync(path.join(dir, MANIFEST_FILE)));
  const dir = finishedBackups.at(-1);
  if (!dir) return null;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), "utf8")) as BackupManifest;
  const verifiedPath = path.join(dir, VERIFIED_FILE);
  const verified = fs.existsSync(verifiedPath)
    ? (JSON.parse(fs.readFileSync(verifiedPath, "utf8")) as VerifiedRecord)
    : null;
  return { dir, createdAt: manifest.createdAt, verified };
}

/**
 * Removes the oldest backups beyond `keep`, counting only those that restored in their check; unfinished or failed
 * ones older than the newest good one go too. The newest good backup is never removed.
 */
export function pruneBackups(parent: string, keep: number): string[] {
  const all = listBackups(parent);
  const good = all.filter((dir) => lastVerified(dir)?.ok);
  const kept = new Set(good.slice(-keep));
  const newestGood = good.at(-1);
  const removed = all.filter((dir) => !kept.has(dir) && (!newestGood || dir < newestGood));
  for (const dir of removed) fs.rmSync(dir, { recursive: true, force: true });
  return removed;
}

function lastVerified(dir: string): VerifiedRecord | null {
  const file = path.join(dir, VERIFIED_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as VerifiedRecord) : null;
}

export const BACKUP_QUEUE = "scheduled-backup";

/** A backup into BACKUP_DIR, its restore check, and pruning to BACKUP_KEEP: what the scheduled job does. */
export async function runScheduledBackup(
  database: Database,
  settings: { dir?: string; keep: number } = { dir: getEnv().BACKUP_DIR, keep: getEnv().BACKUP_KEEP },
) {
  if (!settings.dir) return { skipped: "BACKUP_DIR is not set" };
  const { dir } = await createBackup(database, settings.dir);
  const verified = await verifyBackup(dir);
  if (!verified.ok)
    loggerFor("backup").error({ dir, detail: verified.detail }, "the backup did not restore in its check");
  const removed = pruneBackups(settings.dir, settings.keep);
  return { dir, restored: verified.ok, check: verified.detail, removed: removed.length };
}

/** Runs on BACKUP_SCHEDULE (daily by default) in the process that works jobs; a no-op without BACKUP_DIR. */
export const scheduledBackupJob = () =>
  defineJob<object>({
    queue: BACKUP_QUEUE,
    // One backup at a time, and no retry storm: the next tick tries again.
    policy: { retryLimit: 1, expireInSeconds: 6 * 60 * 60 },
    schedule: getEnv().BACKUP_SCHEDULE,
    work: async () => runScheduledBackup(await getDatabase()),
  });
