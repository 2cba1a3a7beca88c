import fs from "node:fs";

const TICK_MS = 10;

/** The main thread's own CPU time in ms (Linux's /proc/thread-self), or null where the system does not say. */
export function mainThreadCpuMs(): number | null {
  try {
    // The fields after the command name's closing parenthesis start at field 3; utime and stime are 14 and 15,
    // counted in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    const fields = fs.readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Watches for event-loop stalls, as the security suite (tests/security) reads them through /_test/event-loop: a
 * 10 ms ticker rather than perf_hooks' monitorEventLoopDelay, whose reset() forgets a stall that happens before its
 * next sample. A stall counts only the main thread's own CPU time within it: on a busy machine the loop is late
 * whenever this process waits for a core, with nothing in it blocking, and a test must not fail on that. Work that
 * holds the thread (a backtracking pattern, a synchronous hash, a huge render) spends its CPU time there and counts.
 * Where the system does not report the thread's CPU time, the wall-clock stall stands.
 */
export function watchEventLoopStalls(): { takeLongestStallMs(): number } {
  let lastTick = performance.now();
  let lastCpuMs = mainThreadCpuMs();
  let longestMs = 0;
  /** The stall since the last tick, with the two readings (one of each per tick) it was worked out from. */
  const sinceLastTick = () => {
    const now = performance.now();
    const cpuMs = mainThreadCpuMs();
    const wallMs = now - lastTick - TICK_MS;
    const stallMs = cpuMs === null || lastCpuMs === null ? wallMs : Math.min(wallMs, cpuMs - lastCpuMs);
    return { now, cpuMs, stallMs };
  };
  setInterval(() => {
    const { now, cpuMs, stallMs } = sinceLastTick();
    longestMs = Math.max(longestMs, stallMs);
    lastTick = now;
    lastCpuMs = cpuMs;
  }, TICK_MS).unref();
  return {
    /** The longest stall since the last call, the one under way included. */
    takeLongestStallMs() {
      const longest = Math.max(longestMs, sinceLastTick().stallMs);
      longestMs = 0;
      return longest;
    },
  };
}
