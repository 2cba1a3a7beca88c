// The upgrade test (issue 36, item 5): the release before this batch's operations changes (OLD_RELEASE) runs on a
// data directory with data in it, stops, and this build starts on the same directory. Then the migrations have
// applied, and sign-in, a transcript, an export and a share link still work. Too slow for `npm test` (it builds the
// old release: minutes), so .ci/run calls it after the suite: `npm run test:upgrade` (run `npm run build` first).
//   OLD_RELEASE=<commit> (default e401e80)  UPGRADE_PORT=<first of two ports> (default 3411)  UPGRADE_WORK=<dir>
import { poll } from "../poll";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/modules/platform/database.server";
import { readMigrationFiles } from "~/modules/platform/migrations.server";
import { sharedFile } from "../shared-files";

const OLD_RELEASE = process.env.OLD_RELEASE ?? "e401e80";
const FIRST_PORT = Number(process.env.UPGRADE_PORT ?? 3411);
const work = process.env.UPGRADE_WORK ?? path.join(os.tmpdir(), "voxlate-upgrade");
const oldTree = path.join(work, `release-${OLD_RELEASE}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-upgrade-data-"));
const newTree = process.cwd();
const tsx = path.join(newTree, "node_modules/.bin/tsx");

function step(text: string) {
  console.info(`[upgrade] ${text}`);
}

/** The old release's source, with this checkout's packages (its lock file's packages are a subset), built once. */
function prepareOldRelease() {
  if (fs.existsSync(path.join(oldTree, "build/node/server.js"))) return;
  step(`building ${OLD_RELEASE} in ${oldTree}`);
  fs.rmSync(oldTree, { recursive: true, force: true });
  fs.mkdirSync(oldTree, { recursive: true });
  const archive = execFileSync("git", ["archive", OLD_RELEASE], { cwd: newTree, maxBuffer: 512 * 1024 * 1024 });
  execFileSync("tar", ["-x", "-C", oldTree], { input: archive });
  fs.symlinkSync(path.join(newTree, "node_modules"), path.join(oldTree, "node_modules"));
  execFileSync("npx", ["prisma", "generate"], { cwd: oldTree, stdio: "ignore" });
  execFileSync("npm", ["run", "build"], { cwd: oldTree, stdio: "ignore" });
}

async function startServer(tree: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["build/node/server.js"], {
    cwd: tree,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_REQUESTS: "false",
      COOKIE_SECURE: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await poll(
    async () => {
      if (server.exitCode !== null) throw new Error(`The server in ${tree} exited with ${server.exitCode}.`);
      return fetch(`http://localhost:${port}/healthz`).then(
        (response) => response.status,
        () => 0,
      );
    },
    (status) => status === 200,
    { timeoutMs: 120_000, intervalMs: 250, description: `the server in ${tree} to answer /healthz` },
  );
  return server;
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

const servers: ChildProcess[] = [];
try {
  prepareOldRelease();

  step("the old release writes data: a user, a recording with its audio and transcript, a share link");
  const seeded = JSON.parse(
    execFileSync(tsx, [path.join(newTree, "tests/upgrade/seed-old-release.ts"), sharedFile("testdata/audio/jfk.wav")], {
      cwd: oldTree,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
    })
      .toString()
      .trim()
      .split("\n")
      .at(-1)!,
  ) as { email: string; password: string; recordingId: string; token: string };

  step("the old release serves it");
  const old = await startServer(oldTree, FIRST_PORT);
  servers.push(old);
  assert.equal((await fetch(`http://localhost:${FIRST_PORT}/s/${seeded.token}`)).status, 200);
  await stopServer(old);

  step("this build starts on the same data directory");
  const origin = `http://localhost:${FIRST_PORT + 1}`;
  servers.push(await startServer(newTree, FIRST_PORT + 1));

  const database = await openDatabase({ role: "cli", url: "", dataDir, migrate: false });
  try {
    const applied = (
      await database.sql.query<{ name: string }>(
        `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY 1`,
      )
    ).map((row) => row.name);
    assert.deepEqual(
      applied,
      readMigrationFiles().map((file) => file.name),
      "every migration of this build has applied",
    );
  } finally {
    await database.close();
  }

  const login = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: seeded.email, password: seeded.password }),
  });
  assert.equal(login.status, 200, `sign-in: ${await login.clone().text()}`);
  // The last value of each cookie (a sign-in clears the old session cookie before it sets the new one).
  const cookies = new Map(
    login.headers.getSetCookie().map((header) => header.split(";")[0].split("=") as [string, string]),
  );
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

  const page = await fetch(`${origin}/transcription/${seeded.recordingId}`, { headers: { Cookie: cookie } });
  assert.equal(page.status, 200, "the transcript page");
  assert.match(await page.text(), /ask not what your country can do for you/);

  const exported = await fetch(`${origin}/transcription/${seeded.recordingId}/export?format=txt`, {
    headers: { Cookie: cookie },
  });
  assert.equal(exported.status, 200, "the export");
  assert.match(await exported.text(), /And so my fellow Americans/);

  const shared = await fetch(`${origin}/s/${seeded.token}`);
  assert.equal(shared.status, 200, "the share link");
  assert.match(await shared.text(), /ask not what your country can do for you/);
  const audio = await fetch(`${origin}/s/${seeded.token}/audio`, { headers: { Range: "bytes=0-99" } });
  assert.equal(audio.status, 206, "the share link's audio, decrypted with the key the old release wrote");
  assert.deepEqual(
    Buffer.from(await audio.arrayBuffer()),
    fs.readFileSync(sharedFile("testdata/audio/jfk.wav")).subarray(0, 100),
  );

  step("passed: migrations applied; sign-in, the transcript, the export and the share link work");
} catch (error) {
  console.error(`[upgrade] FAILED: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  for (const server of servers) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
