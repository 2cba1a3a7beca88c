import type { ChildProcessByStdio } from "node:child_process";
import type { Readable } from "node:stream";
import { spawnChild } from "~/modules/platform/child-process.server";
import { StringDecoder } from "node:string_decoder";

export interface CommandResult {
  /** Exit code, or null when the process was ended by a signal. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunCommandOptions {
  /** The process is killed (SIGKILL) after this long and the promise rejects. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Output kept per stream; the rest is dropped (stderr keeps its end, stdout its start). Default 16 MB. */
  maxOutputBytes?: number;
  /** Names the missing program in the error when it is not installed, e.g. "the Debian package ffmpeg". */
  installHint?: string;
  /** Sees stdout as it arrives (for progress), besides it being collected. */
  onStdout?: (text: string) => void;
}

/** Thrown when a command runs past its time limit. */
export class CommandTimeoutError extends Error {
  constructor(command: string, timeoutMs: number) {
    super(`${command} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped.`);
    this.name = "CommandTimeoutError";
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/**
 * Runs a program with an argument array (never through a shell) and collects its output. It resolves with the
 * exit code whatever it is; it rejects when the program is missing, times out or the signal aborts (the process
 * is killed in the last two cases).
 */
export function runCommand(command: string, args: readonly string[], options: RunCommandOptions): Promise<CommandResult> {
  const limit = options.maxOutputBytes ?? 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortReason(options.signal));
      return;
    }
    const child = spawnChild(command, args, { stdio: ["ignore", "pipe", "pipe"] }) as ChildProcessByStdio<null, Readable, Readable>;
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let settled = false;
    const decoder = new StringDecoder("utf8");

    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      action();
    };
    const onAbort = () => {
      child.kill("SIGKILL");
      finish(() => reject(abortReason(options.signal!)));
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(() => reject(new CommandTimeoutError(command, options.timeoutMs)));
    }, options.timeoutMs);
    options.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout.on("data", (data: Buffer) => {
      if (options.onStdout) options.onStdout(decoder.write(data));
      if (stdoutBytes >= limit) return;
      stdout.push(data.subarray(0, limit - stdoutBytes));
      stdoutBytes += data.length;
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (data: string) => {
      stderr += data;
      if (stderr.length > limit) stderr = stderr.slice(-limit);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      finish(() =>
        reject(
          error.code === "ENOENT"
            ? new Error(`${command} is not installed${options.installHint ? `: install ${options.installHint}` : ""}.`)
            : error,
        ),
      );
    });
    child.on("close", (code) => {
      finish(() => resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr }));
    });
  });
}
