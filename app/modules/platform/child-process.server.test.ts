import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { killChildProcesses, spawnChild } from "./child-process.server";

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
    const module = path.resolve(import.meta.dirname, "child-process.server.ts");
    const script = `import { spawnChild } from ${JSON.stringify(module)};
      const child = spawnChild("sleep", ["60"], { stdio: "ignore" });
      console.log(child.pid); setInterval(() => {}, 1000);`;
    const app = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    const childPid = await new Promise<number>((resolve) => app.stdout.once("data", (data: Buffer) => resolve(Number(data.toString().trim()))));
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
    await expect(new Promise((_resolve, reject) => missing.once("error", reject))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
