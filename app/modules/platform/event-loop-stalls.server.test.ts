import { expect, test } from "vitest";
import { mainThreadCpuMs, watchEventLoopStalls } from "./event-loop-stalls.server";

const onLinux = mainThreadCpuMs() !== null;
const afterTicks = () => new Promise((resolve) => setTimeout(resolve, 30));

test.runIf(onLinux)("a thread busy for 300 ms of its own CPU time is a 300 ms stall", async () => {
  const stalls = watchEventLoopStalls();
  await afterTicks();
  stalls.takeLongestStallMs();
  const start = mainThreadCpuMs()!;
  while (mainThreadCpuMs()! - start < 300); // CPU time, not wall time: a busy machine cannot shorten it
  await afterTicks();
  expect(stalls.takeLongestStallMs()).toBeGreaterThanOrEqual(280);
});

test.runIf(onLinux)(
  "a thread held without using the CPU, as when the machine has no core free for it, is not",
  async () => {
    const stalls = watchEventLoopStalls();
    await afterTicks();
    stalls.takeLongestStallMs();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    await afterTicks();
    expect(stalls.takeLongestStallMs()).toBeLessThan(100);
  },
);
