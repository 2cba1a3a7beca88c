// Every program the app starts (ffmpeg, ffprobe, pocketsphinx, apertium) goes through this module, so that none
// outlives the app: on Linux each is started under `setpriv --pdeathsig KILL` (util-linux), which has the kernel
// kill it when the app dies, even by `kill -9` or the OOM killer; and the ones still running when the app exits
// normally are killed on the way out. `runCommand` runs one to its end and collects its output (with a time
// limit, an abort signal and an output limit); `spawnChild` is for the callers that stream through a program.
import { spawn, type ChildProcess, type ChildProcessByStdio, type SpawnOptions } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { singleton } from "~/config/singleton.server";
import { ServiceError } from "./errors";

/**
 * The programs this process runs, from every copy of this module (server.ts and the React Router build bundle their
 * own), so that one exit hook, and killChildProcesses from either copy, reaches them all.
 */
const running = () =>
  singleton("child-processes", () => {
    process.once("exit", killChildProcesses);
    return new Set<ChildProcess>();
  });

/** The full path of a program on PATH, or null. Cached: PATH does not change while the app runs. */
const onPath = new Map<string, string | null>();
export function findProgram(command: string): string | null {
  if (command.includes("/")) return fs.existsSync(command) ? command : null;
  if (!onPath.has(command)) {
    const directories = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
    const found = directories
      .map((directory) => path.join(directory, command))
      .find((candidate) => isExecutable(candidate));
    onPath.set(command, found ?? null);
  }
  return onPath.get(command)!;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * spawn(), with the child tied to this process's life. A program that is not installed still fails with
 * spawn's ENOENT error (it is not wrapped), so callers can say what to install.
 */
export function spawnChild(command: string, args: readonly string[], options: SpawnOptions) {
  const setpriv = process.platform === "linux" ? findProgram("setpriv") : null;
  const program = findProgram(command);
  const child =
    setpriv && program
      ? spawn(setpriv, ["--pdeathsig", "KILL", "--", program, ...args], options)
      : spawn(command, args, options);
  const children = running();
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.once("error", () => children.delete(child));
  return child;
}

/** Kills every program still running (at shutdown); returns how many there were. */
export function killChildProcesses(): number {
  const children = running();
  const count = children.size;
  for (const child of children) child.kill("SIGKILL");
  children.clear();
  return count;
}

/** A program could not be run to its end: it is missing, ran too long or wrote too much. */
export class ProcessError extends ServiceError {}

/** The program is not installed; the message says what to install. */
export class ProgramNotInstalledError extends ProcessError {}

/** Thrown when a command runs past its time limit (it was killed). */
export class CommandTimeoutError extends ProcessError {
  constructor(command: string, timeoutMs: number) {
    super(`${command} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped.`);
  }
}

/** Thrown when a command writes more than `maxBuffer` bytes to stdout (it was killed). */
export class CommandOutputTooLargeError extends ProcessError {
  constructor(command: string, maxBuffer: number) {
    super(`${command} wrote more than ${maxBuffer} bytes of output and was stopped.`);
  }
}

export interface CommandResult {
  /** Exit code, or null when the process was ended by a signal. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunCommandOptions {
  /** The process is killed (SIGKILL) after this long and the promise rejects with CommandTimeoutError. */
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * Most stdout kept, in bytes (default 16 MB): past it the process is killed and the promise rejects with
   * CommandOutputTooLargeError, rather than a cut-off result passing for a whole one. stderr, only read for
   * messages, keeps its last this many characters.
   */
  maxBuffer?: number;
  /** Names the missing program in the error when it is not installed, e.g. "the Debian package ffmpeg". */
  installHint?: string;
  /** Sees stdout as it arrives (for progress), besides it being collected. */
  onStdout?: (text: string) => void;
  /** The program's environment (default: the app's). */
  env?: NodeJS.ProcessEnv;
}

const DEFAULT_MAX_BUFFER = 16 * 1024 * 1024;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/**
 * Runs a program with an argument array (never through a shell) and collects its output. It resolves with the
 * exit code whatever it is; it rejects when the program is missing (ProgramNotInstalledError), times out, writes
 * more than maxBuffer, or the signal aborts (with the signal's reason); the process is killed in the last three.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  const limit = options.maxBuffer ?? DEFAULT_MAX_BUFFER;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortReason(options.signal));
      return;
    }
    const child = spawnChild(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: options.env,
    }) as ChildProcessByStdio<null, Readable, Readable>;
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
    const killWith = (error: unknown) => {
      child.kill("SIGKILL");
      finish(() => reject(error));
    };
    const onAbort = () => killWith(abortReason(options.signal!));
    const timer = setTimeout(() => killWith(new CommandTimeoutError(command, options.timeoutMs)), options.timeoutMs);
    options.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout.on("data", (data: Buffer) => {
      if (settled) return;
      stdoutBytes += data.length;
      if (stdoutBytes > limit) {
        killWith(new CommandOutputTooLargeError(command, limit));
        return;
      }
      stdout.push(data);
      options.onStdout?.(decoder.write(data));
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (data: string) => {
      stderr += data;
      if (stderr.length > limit) stderr = stderr.slice(-limit);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      const hint = options.installHint ? `: install ${options.installHint}` : "";
      const missing = error.code === "ENOENT";
      finish(() => reject(missing ? new ProgramNotInstalledError(`${command} is not installed${hint}.`) : error));
    });
    child.on("close", (code) => {
      finish(() => resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr }));
    });
  });
}
