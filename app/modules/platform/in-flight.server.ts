import { bumpCounter, counterSql, RATE_LIMIT_TABLE } from "./rate-limit-store.server";
import { singleton } from "~/config/singleton.server";

/**
 * Work one account may have only so much of at once (URL imports: each may hold a connection for minutes), counted for
 * every web process at once: one row per key in the rate-limit table (`points`: the slots taken, `expire`: when the
 * latest one taken must be over). Taking and giving back are each one atomic statement. A process that dies with a
 * slot taken cannot give it back, so a count is forgotten once its `expire` has passed: `holdMs` must be longer
 * than the work can take. A process without a database (unit tests) counts in its memory, with the same rules.
 */
export type ReleaseSlot = () => Promise<void>;

const memory = () => singleton("in-flight-slots", () => new Map<string, { points: number; expire: number }>());

/** Takes one of `max` slots under `key` for at most `holdMs`; returns how to give it back, or null when all are taken. */
export async function takeSlot(
  key: string,
  max: number,
  holdMs: number,
  now = Date.now(),
): Promise<ReleaseSlot | null> {
  const id = `slots:${key}`;
  const expire = now + holdMs;
  const row = await bumpCounter(id, expire, now, { keepLaterExpiry: true });
  let taken: number;
  if (row) taken = Number(row.points);
  else {
    const slots = memory();
    const previous = slots.get(id);
    const current = previous && previous.expire > now ? previous : { points: 0, expire };
    taken = current.points + 1;
    slots.set(id, { points: taken, expire: Math.max(current.expire, expire) });
  }
  const release = async () => {
    if (!(await counterSql(`UPDATE ${RATE_LIMIT_TABLE} SET points = GREATEST(points - 1, 0) WHERE key = $1`, [id]))) {
      const slot = memory().get(id);
      if (slot) slot.points = Math.max(0, slot.points - 1);
    }
  };
  if (taken <= max) return release;
  await release();
  return null;
}
