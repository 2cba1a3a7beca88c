import { describe, expect, test } from "vitest";
import { CommandTimeoutError, runCommand } from "./run-command.server";

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
    await expect(runCommand("sleep", ["10"], { timeoutMs: 20_000, signal: controller.signal })).rejects.toThrow("cancelled");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test("kills the process after its time limit", async () => {
    await expect(runCommand("sleep", ["10"], { timeoutMs: 100 })).rejects.toBeInstanceOf(CommandTimeoutError);
  });

  test("says what to install when the program is missing", async () => {
    await expect(runCommand("voxlate-no-such-program", [], { timeoutMs: 1_000, installHint: "the Debian package nothing" })).rejects.toThrow(
      "voxlate-no-such-program is not installed: install the Debian package nothing.",
    );
  });
});
