// The embedded database across processes: the app serves it on a socket, CLI commands use that socket
// while the app runs and the files when it does not, and standalone workers refuse.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { DatabaseUnavailableError, openDatabase } from "~/modules/platform/database.server";
import { EMBEDDED_SHARED_BUFFERS } from "~/modules/platform/pglite-wasm.server";
import { tsxCommand } from "../cli-command";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-embedded-"));

function cli(script: string, args: string[] = []) {
  // Async on purpose: the app in this process must keep serving the socket while the child runs.
  return run(...tsxCommand(script, args), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    timeout: 60_000,
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the embedded database", () => {
  test("CLI commands reach the running app's database through its socket", async () => {
    const app = await openDatabase({ role: "app", dataDir });
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8"));
      expect(lock).toMatchObject({ pid: process.pid, socketDir: path.join(dataDir, "run") });

      const created = await cli("scripts/admin-create.ts", [
        "--email",
        "Ops@Example.com",
        "--password",
        "a-long-enough-password",
      ]);
      expect(created.stderr).toBe("");
      expect(created.stdout).toContain(`embedded database served by process ${process.pid}`);
      expect(created.stdout).toContain("Admin ops@example.com is ready");
      expect(await app.prisma.admin.count({ where: { email: "ops@example.com" } })).toBe(1);

      const migrated = await cli("scripts/migrate.ts");
      expect(migrated.stdout).toContain("0 applied");

      // A second app on the same data directory would run a second set of workers: refuse it.
      await expect(openDatabase({ role: "app", dataDir })).rejects.toThrow(/already in use by process/);
    } finally {
      await app.close();
    }
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
  });

  test("a standalone worker refuses the embedded database and says why", async () => {
    const worker = await cli("scripts/worker.ts");
    expect(worker.code).toBe(1);
    // Said in its log (JSON lines on stdout, ADR 044), which is where an operator reads a worker's refusals.
    expect(worker.stdout + worker.stderr).toContain("Standalone workers need a PostgreSQL server");
  });

  test("with the app stopped, CLI commands open the files, and the data persists", async () => {
    const created = await cli("scripts/admin-create.ts", [
      "--email",
      "second@example.com",
      "--password",
      "another-long-password",
    ]);
    expect(created.stdout).toContain(`pglite: ${path.join(dataDir, "db")}`);

    const reopened = await openDatabase({ role: "app", dataDir });
    try {
      const emails = (await reopened.prisma.admin.findMany({ orderBy: { email: "asc" } })).map((admin) => admin.email);
      expect(emails).toEqual(["ops@example.com", "second@example.com"]);
    } finally {
      await reopened.close();
    }
  });

  test("the embedded database runs with a small buffer pool, not PGlite's 128 MB", async () => {
    // PGlite zero-fills its whole pool at start: 128 MB of resident memory for an idle server.
    const database = await openDatabase({ role: "cli", dataDir });
    try {
      expect(await database.sql.query("SHOW shared_buffers")).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }]);
      expect(await database.prisma.admin.count()).toBe(2);
    } finally {
      await database.close();
    }
  });

  test("a database held by another live process without a socket is refused clearly", async () => {
    const holder = spawn("sleep", ["30"]);
    fs.writeFileSync(path.join(dataDir, "db.lock"), JSON.stringify({ pid: holder.pid, host: os.hostname() }));
    try {
      const error = await openDatabase({ role: "cli", dataDir }).catch((error) => error);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(error.message).toContain(`in use by process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  test("a lock left by a process that died is taken over", async () => {
    const dead = spawn("true");
    await new Promise((resolve) => dead.on("exit", resolve));
    fs.writeFileSync(path.join(dataDir, "db.lock"), JSON.stringify({ pid: dead.pid, host: os.hostname() }));
    const database = await openDatabase({ role: "cli", dataDir });
    expect(await database.prisma.admin.count()).toBe(2);
    await database.close();
  });
});
