// What a test can see of the programs it started and the files they leave, from /proc and the file system.
import fs from "node:fs";
import path from "node:path";

/** Pids of this process's (or `parentPid`'s) children named `name` that are still running (not exited, not zombies). */
export function runningChildren(name: string, parentPid = process.pid): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const [state, parent] = stat.slice(close + 2).split(" ");
      const program = stat.slice(stat.indexOf("(") + 1, close);
      if (program === name && Number(parent) === parentPid && state !== "Z") pids.push(Number(entry));
    } catch {} // it exited meanwhile
  }
  return pids;
}

/** Bytes a process has written so far (to files and pipes alike), from /proc/<pid>/io. */
export function bytesWritten(pid: number): number {
  return Number(/^wchar: (\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, "utf8"))![1]);
}

/** Bytes in the files under a folder (files deleted meanwhile count as 0). */
export function folderBytes(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {} // deleted meanwhile
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(child);
    else {
      try {
        total += fs.lstatSync(child).size;
      } catch {} // deleted meanwhile
    }
  }
  return total;
}
