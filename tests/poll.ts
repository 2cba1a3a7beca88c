// The one polling helper of the test suites (Vitest and Playwright). Prefer waiting for an event (a queue going
// idle, a promise settling, a response); poll only what has no event, such as a file another process writes.

export interface PollOptions {
  /** Give up after this long (default 20 s). */
  timeoutMs?: number;
  /** Time between two reads (default 200 ms). */
  intervalMs?: number;
  /** What was awaited, for the error when it never happened. */
  description?: string;
}

/**
 * Reads `read()` until `done(value)` holds and returns that value; throws with the last value read when `timeoutMs`
 * passes first.
 */
export async function poll<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 20_000, intervalMs = 200, description }: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      const last = JSON.stringify(value);
      throw new Error(
        `Timed out after ${timeoutMs} ms${description ? ` waiting for ${description}` : ""}; last value: ${last}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Whether `check()` came to hold within `timeoutMs`: for a test that asserts it with its own message. */
export async function eventually(check: () => boolean, timeoutMs = 1000): Promise<boolean> {
  return poll(check, Boolean, { timeoutMs, intervalMs: 10 }).then(
    () => true,
    () => false,
  );
}
