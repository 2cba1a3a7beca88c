import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import { RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";
import { getDatabase } from "./database.server";

/** The table the counters live in (prisma/schema.prisma: RateLimitCounter, rate-limiter-flexible's own layout). */
export const RATE_LIMIT_TABLE = "rate_limit_counters";

/** A counter row: `points` counted until `expire` (ms since the epoch); drivers give BIGINT as string or bigint. */
export type CounterRow = { points: number | string; expire: number | string | bigint | null };

/**
 * SQL on the counters table through the app's connection, or null in a process without a database (unit tests),
 * where the callers count in memory with the same rules.
 */
export async function counterSql(text: string, values: unknown[]): Promise<CounterRow[] | null> {
  const database = await getDatabase().catch(() => null);
  if (!database) return null;
  return (await database.sql.query(text, values)) as CounterRow[];
}

/**
 * Adds one to the counter `id` in one atomic upsert, starting again at 1 once its expiry has passed. Its expiry
 * becomes `expire`, or with `keepLaterExpiry` the later of that and the one it had. Null without a database.
 */
export async function bumpCounter(
  id: string,
  expire: number,
  now: number,
  { keepLaterExpiry = false } = {},
): Promise<CounterRow | null> {
  const expired = `${RATE_LIMIT_TABLE}.expire IS NULL OR ${RATE_LIMIT_TABLE}.expire <= $3`;
  const rows = await counterSql(
    `INSERT INTO ${RATE_LIMIT_TABLE} (key, points, expire) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       points = CASE WHEN ${expired} THEN 1 ELSE ${RATE_LIMIT_TABLE}.points + 1 END,
       expire = ${keepLaterExpiry ? `CASE WHEN ${expired} THEN $2 ELSE GREATEST(${RATE_LIMIT_TABLE}.expire, $2) END` : "$2"}
     RETURNING points, expire`,
    [id, expire, now],
  );
  return rows ? rows[0] : null;
}

/**
 * An express-rate-limit store whose counts live in the database (rate-limiter-flexible's Postgres backend), so every
 * web process counts against one limit. express-rate-limit keeps the rest: which requests count, the headers, the
 * 429 answer. Each count is one atomic upsert (INSERT … ON CONFLICT … RETURNING), correct under concurrent
 * requests on any process. It runs through the app's own connection (PostgreSQL's pool, or the embedded PGlite,
 * which is one process anyway). If the database fails, counting falls back to this process's memory for that
 * request rather than refusing or waving everyone through.
 */
export class DatabaseRateLimitStore implements Store {
  localKeys = false;
  prefix: string;
  private limiter: RateLimiterPostgres | undefined;
  private fallback: RateLimiterMemory | undefined;
  private windowMs = 60_000;

  /** `prefix` starts each key ("rl-writes" → "rl-writes:session:…"), one per tier. */
  constructor(prefix: string) {
    this.prefix = prefix;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private async counters(): Promise<RateLimiterPostgres | RateLimiterMemory> {
    if (this.limiter) return this.limiter;
    const duration = Math.ceil(this.windowMs / 1000);
    this.fallback ??= new RateLimiterMemory({ keyPrefix: this.prefix, points: Number.MAX_SAFE_INTEGER, duration });
    const database = await getDatabase().catch(() => null);
    // No database in this process (the limits' own unit tests): memory is all there is.
    if (!database) return this.fallback;
    this.limiter = new RateLimiterPostgres({
      storeClient: {
        // rate-limiter-flexible speaks node-postgres' query({ text, values }); the app's SQL client answers it.
        query: async ({ text, values }: { text: string; values?: unknown[] }) => {
          const rows = (await database.sql.query(text, values)) as Record<string, unknown>[];
          // node-postgres gives BIGINT as a string, PGlite as a bigint: the library does arithmetic on it.
          for (const row of rows) if (typeof row.expire === "bigint") row.expire = Number(row.expire);
          return { rows, rowCount: rows.length };
        },
      },
      storeType: "client",
      tableName: RATE_LIMIT_TABLE,
      // Created by the migration, so the schema knows it.
      tableCreated: true,
      keyPrefix: this.prefix,
      // Counting, never refusing here: express-rate-limit compares the total with the limit.
      points: Number.MAX_SAFE_INTEGER,
      duration,
      insuranceLimiter: this.fallback,
      // Expired rows go every five minutes (rows older than an hour), so the table stays the size of one window.
      clearExpiredByTimeout: true,
    });
    return this.limiter;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const result = await (await this.counters()).penalty(key, 1);
    return { totalHits: result.consumedPoints, resetTime: new Date(Date.now() + result.msBeforeNext) };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const result = await (await this.counters()).get(key);
    return result
      ? { totalHits: result.consumedPoints, resetTime: new Date(Date.now() + result.msBeforeNext) }
      : undefined;
  }

  async decrement(key: string) {
    await (await this.counters()).reward(key, 1);
  }

  async resetKey(key: string) {
    await (await this.counters()).delete(key);
  }
}
