import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { type Prisma, PrismaClient } from "~/generated/prisma/client";
import { dataDir as resolveDataDir, getEnv } from "~/config/env.server";
import { applyMigrations, type SqlClient } from "./migrations.server";
import { pgliteWasmModule } from "./pglite-wasm.server";
import { existingSingleton, singleton, takeSingleton } from "~/config/singleton.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("db");

/**
 * Who opens the database decides what happens when the embedded one is already open elsewhere:
 * - app: owns the embedded database and serves it on a local socket for CLI commands;
 * - cli: uses the app's socket when the app is running, else opens the files itself;
 * - worker: a standalone worker needs a PostgreSQL server (DATABASE_URL).
 */
export type DatabaseRole = "app" | "cli" | "worker";

export interface OpenDatabaseOptions {
  role: DatabaseRole;
  /** postgres://… ; defaults to DATABASE_URL. */
  url?: string;
  /** Where the embedded database lives; "memory://" for a throwaway one. Defaults to DATA_DIR. */
  dataDir?: string;
  /** Apply pending migrations after connecting (default true). */
  migrate?: boolean;
  /**
   * For "memory://" only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty
   * cluster. The tests start each file from one migrated dump instead of migrating each (tests/setup).
   */
  loadDataDir?: Blob;
}

/** A pg-boss `db` bridge: pg-boss sends multi-statement scripts, which PGlite runs only through exec(). */
export interface QueueSqlBridge {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: "pglite" | "postgres";
  /** Where it is, for logs: a data dir, a socket or a host (never a password). */
  location: string;
  prisma: PrismaClient;
  /** Plain SQL on the same connection(s) Prisma uses. */
  sql: SqlClient;
  /**
   * A read on the hottest paths (every signed-in page), sent straight to the connection: Prisma compiles even a raw
   * query in its WASM query compiler, about a tenth of such a page's CPU (docs/performance.md). Dates come back as
   * Prisma's models give them, in UTC. 64-bit integers (counts, sums) may come back as a string or a number: read
   * them with Number(). On PostgreSQL each read is prepared once per connection: name its columns (a prepared `*`
   * fails once another process's migration adds a column).
   */
  read<Row>(query: Prisma.Sql): Promise<Row[]>;
  /** Runs fn on one connection held for its whole duration (transactions, session locks). */
  withConnection<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  /**
   * Runs a script of statements as one message and returns each statement's rows. On the embedded database nothing
   * else runs between its statements (PGlite is one session that serves one message at a time): a consistent read of
   * several tables (backups).
   */
  readScript(script: string): Promise<Record<string, unknown>[][]>;
  /**
   * True when this is the running app's embedded database reached through its socket: the app's own queries share
   * the one PGlite session with it, so a transaction opened here would hold the app's statements too.
   */
  sharedEmbedded: boolean;
  /** What pg-boss needs to reach this database. */
  queue: { connectionString: string } | { db: QueueSqlBridge };
  /** The app's connections now (for /metrics): in use, idle, requests waiting for one, and the most it opens. */
  poolUse(): { busy: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {}

const SOCKET_PORT = 5432; // pg derives the socket file name (.s.PGSQL.5432) from it.

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const url = options.url ?? getEnv().DATABASE_URL;
  const database = url ? await openPostgres({ connectionString: url }, redact(url)) : await openEmbedded(options);
  if (options.migrate ?? true) {
    try {
      await database.withConnection((sql) => applyMigrations(sql));
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openPostgres(
  config: pg.PoolConfig,
  location: string,
  onClose?: () => Promise<void>,
  sharedEmbedded = false,
): Promise<Database> {
  const pool = new pg.Pool({ max: 10, ...config });
  // An idle connection that the server ends (a restart, a failover, an administrator) emits "error" on the pool;
  // unhandled, that would end the process. The pool replaces the connection on the next query.
  pool.on("error", (error) => log.error(`an idle connection to ${location} was closed: ${error.message}`));
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end();
    throw new DatabaseUnavailableError(`Cannot reach PostgreSQL at ${location}: ${(error as Error).message}`);
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const connectionString =
    config.connectionString ??
    `postgres://${config.user}@localhost:${config.port}/${config.database}?host=${encodeURIComponent(String(config.host))}`;
  return {
    kind: "postgres",
    location,
    prisma,
    sql: pgSqlClient(pool),
    read: async <Row>(query: Prisma.Sql) =>
      (
        await pool.query({
          name: preparedStatementName(query.text),
          text: query.text,
          values: utcValues(query.values),
          types: UTC_TYPES,
        })
      ).rows as Row[],
    async withConnection(fn) {
      const client = await pool.connect();
      // Ended by the server between queries, a held connection emits "error" on itself: the next query fails instead.
      const onError = (error: Error) => log.error(`a held connection to ${location} was closed: ${error.message}`);
      client.on("error", onError);
      try {
        return await fn(pgSqlClient(client));
      } finally {
        client.off("error", onError);
        client.release();
      }
    },
    async readScript(script) {
      const results = (await pool.query(script)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(results) ? results : [results]).map((result) => result.rows);
    },
    sharedEmbedded,
    queue: { connectionString },
    poolUse: () => ({
      busy: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    async close() {
      await prisma.$disconnect();
      await pool.end();
      await onClose?.();
    },
  };
}

interface EmbeddedLock {
  pid: number;
  /** For people reading the file; a lock is judged by its pid alone. */
  host: string;
  /** Directory of the unix socket the owning app serves the database on, if any. */
  socketDir?: string;
}

async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  const base = options.dataDir ?? resolveDataDir();
  if (base.startsWith("memory://")) {
    const pglite = new PGlite(base, { wasmModule: await pgliteWasmModule(), loadDataDir: options.loadDataDir });
    return wrapPglite(pglite, "memory", async () => {});
  }

  const dbDir = path.join(path.resolve(base), "db");
  const lockFile = path.join(path.resolve(base), "db.lock");
  fs.mkdirSync(dbDir, { recursive: true });

  if (options.role === "worker") {
    throw new DatabaseUnavailableError(
      "Standalone workers need a PostgreSQL server: set DATABASE_URL=postgres://… for the app and every worker. " +
        "With the embedded database, the app runs its workers in-process.",
    );
  }
  const holder = takeLock(lockFile);
  if (holder) {
    if (options.role === "app") {
      throw new DatabaseUnavailableError(
        `The embedded database in ${dbDir} is already in use by process ${holder.pid}. ` +
          "Run one app per data directory, or set DATABASE_URL to share a PostgreSQL server.",
      );
    }
    if (holder.socketDir && fs.existsSync(path.join(holder.socketDir, `.s.PGSQL.${SOCKET_PORT}`))) {
      // The app owns the files; reach its database through the socket it serves, as ordinary Postgres.
      return openPostgres(
        { host: holder.socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres", max: 1 },
        `embedded database served by process ${holder.pid} (${holder.socketDir})`,
        undefined,
        true,
      );
    }
    throw new DatabaseUnavailableError(
      `The embedded database in ${dbDir} is in use by process ${holder.pid}, which does not share it. ` +
        "Wait for that command to finish, or set DATABASE_URL to use a PostgreSQL server.",
    );
  }

  let pglite: PGlite;
  try {
    pglite = new PGlite(dbDir, { wasmModule: await pgliteWasmModule() });
    await pglite.waitReady;
  } catch (error) {
    fs.rmSync(lockFile, { force: true });
    throw error;
  }
  let socketServer: PGLiteSocketServer | undefined;
  const socketDir = path.join(path.resolve(base), "run");
  if (options.role === "app") {
    fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    fs.rmSync(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`), { force: true });
    socketServer = new PGLiteSocketServer({
      db: pglite,
      path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      maxConnections: 8,
    });
    await socketServer.start();
    writeLock(lockFile, { pid: process.pid, host: os.hostname(), socketDir });
  }
  return wrapPglite(pglite, dbDir, async () => {
    await socketServer?.stop();
    fs.rmSync(lockFile, { force: true });
  });
}

function wrapPglite(embedded: PGlite, location: string, afterClose: () => Promise<void>): Database {
  const { pglite, drained } = takingTurns(embedded);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  let closed = false;
  const sql: SqlClient = {
    query: async (text, params) => (await pglite.query(text, params)).rows as never[],
    exec: async (script) => void (await pglite.exec(script)),
  };
  return {
    kind: "pglite",
    location,
    prisma,
    sql,
    read: async <Row>(query: Prisma.Sql) =>
      (await pglite.query<Row>(query.text, utcValues(query.values), { parsers: UTC_PARSERS })).rows,
    // PGlite is a single connection already.
    withConnection: (fn) => fn(sql),
    readScript: async (script) => (await pglite.exec(script)).map((result) => result.rows as Record<string, unknown>[]),
    sharedEmbedded: false,
    queue: {
      db: {
        async executeSql(text, values) {
          if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        },
      },
    },
    // One connection, shared by turns: reported as one, never waited for at this level.
    poolUse: () => ({ busy: closed ? 0 : 1, idle: 0, waiting: 0, max: 1 }),
    async close() {
      if (closed) return;
      closed = true;
      // Behind every query already asked for, and those they lead to: pg-boss records a job's outcome without
      // waiting for it, and that write must not find the database closed.
      await drained();
      await prisma.$disconnect();
      await embedded.close();
      await afterClose();
    },
  };
}

/** The longest a closing embedded database waits for queries that keep being asked for. */
const DRAIN_LIMIT_MS = 2_000;

/**
 * PGlite runs each query synchronously on this thread, and its own queue starts the next one as soon as one ends. So
 * the queries of 50 concurrent pages ran back to back, holding the event loop for about 200 ms at a time while new
 * connections waited to be accepted, some for seconds (bench/load, docs/performance.md). Here the queries, scripts
 * and transactions of the app, Prisma and the job queue take turns, each after a pass of the event loop.
 */
function takingTurns(pglite: PGlite): { pglite: PGlite; drained: () => Promise<void> } {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = (run: () => Promise<unknown>) => {
    const turn = last.then(() => new Promise(setImmediate)).then(run);
    last = turn.catch(() => undefined);
    return turn;
  };
  /**
   * Resolves once no query is waiting and none was asked for during a pass of the event loop, or after
   * DRAIN_LIMIT_MS: work that ends with a chain of writes (a request's bookkeeping after its answer) finishes them
   * all before the database closes, instead of finding it closed halfway.
   */
  const drained = async () => {
    const giveUpAt = Date.now() + DRAIN_LIMIT_MS;
    for (;;) {
      const seen = last;
      await seen;
      await new Promise(setImmediate);
      if (seen === last || Date.now() > giveUpAt) return;
    }
  };
  const turnTaking = new Proxy(pglite, {
    get(target, property) {
      // Bound to PGlite itself: its methods use private fields, which a proxy as `this` would not reach.
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (property === "query" || property === "exec" || property === "transaction")
        return (...args: unknown[]) => inTurn(() => method(...args) as Promise<unknown>);
      return method;
    },
  });
  return { pglite: turnTaking, drained };
}

/** Takes the lock for this process, or returns who holds it. A lock left by a dead process is taken over. */
function takeLock(lockFile: string): EmbeddedLock | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, host: os.hostname() }), { flag: "wx" });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readLock(lockFile);
    if (holder && isAlive(holder)) return holder;
    fs.rmSync(lockFile, { force: true });
  }
  throw new DatabaseUnavailableError(`Could not lock the embedded database (${lockFile}).`);
}

function readLock(lockFile: string): EmbeddedLock | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockFile, "utf8")) as EmbeddedLock;
  } catch {
    return undefined;
  }
}

function writeLock(lockFile: string, lock: EmbeddedLock) {
  fs.writeFileSync(lockFile, JSON.stringify(lock));
}

/** PGlite's files cannot be shared between machines, so the lock speaks only of processes on this one. */
function isAlive(lock: EmbeddedLock): boolean {
  try {
    process.kill(lock.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function pgSqlClient(client: pg.Pool | pg.PoolClient): SqlClient {
  return {
    query: async (text, params) => (await client.query(text, params as unknown[])).rows,
    exec: async (script) => void (await client.query(script)),
  };
}

// Prisma keeps DateTime in "timestamp(3) without time zone" as UTC. The drivers on their own would read and write
// such values in the process's time zone: read them as UTC, and send dates as UTC ISO strings (PostgreSQL drops the
// "Z" when it casts one to a timestamp without a time zone).
const TIMESTAMP_OID = 1114;
const readUtcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const UTC_PARSERS = { [TIMESTAMP_OID]: readUtcTimestamp };
const UTC_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID ? readUtcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
// Each connection prepares a read once and then only binds it, so PostgreSQL parses it (and, once its plan settles,
// plans it) once per connection instead of on every page. Measured with bench/load (docs/performance.md): a third
// less PostgreSQL CPU for a run that served 30% more dashboards. The texts come from the code (the values are
// parameters), so each connection prepares a handful.
const statementNames = new Map<string, string>();
function preparedStatementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `read_${crypto.createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

const utcValues = (values: unknown[]) => values.map((value) => (value instanceof Date ? value.toISOString() : value));

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(unparsable)";
  }
}

// ---- The process-wide database ---------------------------------------------------------------

const STATE = "database";

/** Opens the process-wide database once; later calls return the same one. */
export function connectDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return singleton(STATE, () => openDatabase(options));
}

/** The process-wide database, for code that runs after start-up (loaders, actions, jobs). */
export async function getDatabase(): Promise<Database> {
  const database = existingSingleton<Promise<Database>>(STATE);
  if (!database) throw new Error("The database is not open: call connectDatabase() at start-up.");
  return database;
}

/** Prisma for the process-wide database. */
export async function db(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** A read on the hottest paths, without Prisma's query compiler (Database.read). */
export async function readSql<Row>(query: Prisma.Sql): Promise<Row[]> {
  return (await getDatabase()).read<Row>(query);
}

export async function disconnectDatabase() {
  const database = takeSingleton<Promise<Database>>(STATE);
  if (database) await (await database).close();
}
