import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { runningChildren } from "../../tests/process-probes";
import {
  CommandOutputTooLargeError,
  CommandTimeoutError,
  killChildProcesses,
  ProgramNotInstalledError,
  runCommand,
  spawnChild,
} from "./process.server";

const alive = (pid: number) => {
  try {
    // A zombie (exited, not yet reaped) counts as gone.
    return !/^\S+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

async function until(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe("spawnChild", () => {
  test("a program dies with the app, even when the app is killed with SIGKILL", async () => {
    const module = path.resolve(import.meta.dirname, "process.server.ts");
    const script = `import { spawnChild } from ${JSON.stringify(module)};
      const child = spawnChild("sleep", ["60"], { stdio: "ignore" });
      console.log(child.pid); setInterval(() => {}, 1000);`;
    const app = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const childPid = await new Promise<number>((resolve) =>
      app.stdout.once("data", (data: Buffer) => resolve(Number(data.toString().trim()))),
    );
    expect(alive(childPid)).toBe(true);
    app.kill("SIGKILL");
    expect(await until(() => !alive(childPid))).toBe(true);
  });

  test("killChildProcesses ends what is still running; a missing program still fails with ENOENT", async () => {
    const child = spawnChild("sleep", ["60"], { stdio: "ignore" });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    expect(killChildProcesses()).toBeGreaterThanOrEqual(1);
    await exited;
    const missing = spawnChild("voxlate-no-such-program", [], { stdio: "ignore" });
    await expect(new Promise((_resolve, reject) => missing.once("error", reject))).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});

describe("runCommand", () => {
  test("passes arguments as they are (no shell) and returns the exit code and output", async () => {
    const result = await runCommand("printf", ["%s|", "a b", "$HOME", "; rm -rf /"], { timeoutMs: 5_000 });
    expect(result).toEqual({ code: 0, stdout: "a b|$HOME|; rm -rf /|", stderr: "" });
    expect((await runCommand("sh", ["-c", "echo oops >&2; exit 3"], { timeoutMs: 5_000 })).code).toBe(3);
  });

  test("kills the process on abort", async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error("cancelled")), 50);
    await expect(runCommand("sleep", ["10"], { timeoutMs: 20_000, signal: controller.signal })).rejects.toThrow(
      "cancelled",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await until(() => runningChildren("sleep").length === 0)).toBe(true);
  });

  test("an already aborted signal starts nothing", async () => {
    const controller = new AbortController();
    controller.abort(new Error("too late"));
    await expect(runCommand("sleep", ["10"], { timeoutMs: 20_000, signal: controller.signal })).rejects.toThrow(
      "too late",
    );
    expect(runningChildren("sleep")).toEqual([]);
  });

  test("kills the process after its time limit", async () => {
    const running = runCommand("sleep", ["10"], { timeoutMs: 100 });
    await expect(running).rejects.toBeInstanceOf(CommandTimeoutError);
    await expect(running).rejects.toThrow("sleep did not finish within 0 s and was stopped.");
    // The child is gone, not merely given up on.
    expect(await until(() => runningChildren("sleep").length === 0)).toBe(true);
  });

  test("refuses output past maxBuffer and kills the process, instead of returning part of it", async () => {
    const started = Date.now();
    const flood = runCommand("yes", ["voxlate"], { timeoutMs: 20_000, maxBuffer: 64 * 1024 });
    await expect(flood).rejects.toBeInstanceOf(CommandOutputTooLargeError);
    await expect(flood).rejects.toThrow("yes wrote more than 65536 bytes of output and was stopped.");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await until(() => runningChildren("yes").length === 0)).toBe(true);
    // Exactly at the limit is still whole output.
    const exact = await runCommand("head", ["-c", "65536", "/dev/zero"], { timeoutMs: 5_000, maxBuffer: 64 * 1024 });
    expect(exact.stdout.length).toBe(65_536);
  });

  test("says what to install when the program is missing", async () => {
    const missing = runCommand("voxlate-no-such-program", [], {
      timeoutMs: 1_000,
      installHint: "the Debian package nothing",
    });
    await expect(missing).rejects.toBeInstanceOf(ProgramNotInstalledError);
    await expect(missing).rejects.toThrow(
      "voxlate-no-such-program is not installed: install the Debian package nothing.",
    );
  });
});
