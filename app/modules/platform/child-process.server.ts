// Every program the app starts (ffmpeg, ffprobe, pocketsphinx, apertium) goes through spawnChild, so that none
// outlives the app: on Linux each is started under `setpriv --pdeathsig KILL` (util-linux), which has the kernel
// kill it when the app dies, even by `kill -9` or the OOM killer; and the ones still running when the app exits
// normally are killed on the way out.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** The full path of a program on PATH, or null. Cached: PATH does not change while the app runs. */
const onPath = new Map<string, string | null>();
export function findProgram(command: string): string | null {
  if (command.includes("/")) return fs.existsSync(command) ? command : null;
  if (!onPath.has(command)) {
    const directories = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
    const found = directories.map((directory) => path.join(directory, command)).find((candidate) => isExecutable(candidate));
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
    setpriv && program ? spawn(setpriv, ["--pdeathsig", "KILL", "--", program, ...args], options) : spawn(command, args, options);
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.once("error", () => running.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", killChildProcesses);
  }
  return child;
}

/** Kills every program still running (at shutdown); returns how many there were. */
export function killChildProcesses(): number {
  const count = running.size;
  for (const child of running) child.kill("SIGKILL");
  running.clear();
  return count;
}
