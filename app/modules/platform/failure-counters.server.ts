import crypto from "node:crypto";
import { sessionSecrets } from "~/config/env.server";
import { bumpCounter, counterSql, type CounterRow, RATE_LIMIT_TABLE } from "./rate-limit-store.server";
import { singleton } from "~/config/singleton.server";

/**
 * Failures counted for every web process at once: wrong passwords at sign-in and on share links. One row per key in
 * the rate-limit table (`points`: the failures, `expire`: when they are forgotten), so a guesser whose requests a
 * load balancer spreads over N processes meets one count, not N. A failure pushes `expire` on by `forgetAfterMs`:
 * the count is forgotten only after that long without a failure, and the latest failure's time is
 * `expire - forgetAfterMs`. Each count is one atomic upsert. Keys are HMACs, so the table holds no email address.
 * A process without a database (unit tests) counts in its memory, with the same rules.
 */
export interface FailureCount {
  count: number;
  /** When the latest failure happened (ms since the epoch). */
  lastAt: number;
}

/** Bounds the memory fallback an attacker spraying keys can use. */
const MAX_MEMORY_ENTRIES = 50_000;

const memory = () => singleton("failure-counters", () => new Map<string, { points: number; expire: number }>());

function rowKey(key: string): string {
  return `fail:${crypto.createHmac("sha256", sessionSecrets()[0]).update(key).digest("base64url")}`;
}

function toCount(row: CounterRow | undefined, forgetAfterMs: number, now: number): FailureCount | null {
  if (!row || row.expire === null) return null;
  const expire = Number(row.expire);
  if (expire <= now) return null;
  return { count: Number(row.points), lastAt: expire - forgetAfterMs };
}

/** Counts one failure and returns the count so far. */
export async function countFailure(key: string, forgetAfterMs: number, now = Date.now()): Promise<FailureCount> {
  const id = rowKey(key);
  const expire = now + forgetAfterMs;
  const row = await bumpCounter(id, expire, now);
  if (row) return toCount(row, forgetAfterMs, now)!;
  const counters = memory();
  const previous = counters.get(id);
  const points = previous && previous.expire > now ? previous.points + 1 : 1;
  if (counters.size >= MAX_MEMORY_ENTRIES) counters.clear();
  counters.set(id, { points, expire });
  return { count: points, lastAt: now };
}

/** The failures not yet forgotten, or null. */
export async function readFailures(key: string, forgetAfterMs: number, now = Date.now()): Promise<FailureCount | null> {
  const id = rowKey(key);
  const rows = await counterSql(`SELECT points, expire FROM ${RATE_LIMIT_TABLE} WHERE key = $1`, [id]);
  return toCount(rows ? rows[0] : memory().get(id), forgetAfterMs, now);
}

export async function clearFailures(key: string): Promise<void> {
  const id = rowKey(key);
  if (!(await counterSql(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE key = $1`, [id]))) memory().delete(id);
}
