// Online backups that restore (issue 36, item 1; ADR 043). This process is the app on an embedded database in a data
// directory: it serves the database on its socket and works jobs. `npm run backup` runs in a child process WHILE
// uploads arrive and a transcription runs; `npm run restore` puts it into a fresh directory; a second server (the
// production build) starts on it. Then every table's rows and every file's bytes are compared, and a restored
// recording is played through the second server with a Range request and decoded by ffprobe.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  connectDatabase,
  type Database,
  db,
  disconnectDatabase,
  getDatabase,
  openDatabase,
} from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { acceptUploadedFile } from "~/modules/recordings/upload.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { editSegmentText } from "~/modules/transcripts/editor.server";
import {
  BACKUP_QUEUE,
  lastBackup,
  listBackups,
  pruneBackups,
  runScheduledBackup,
  SECRETS_FILE,
  type BackupManifest,
} from "~/modules/platform/backup.server";
import { configuredStorage } from "~/services/storage/index.server";
import { dataDir } from "~/config/env.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { signedInUser, testOutbox, waitFor } from "./helpers";
import { sharedFile } from "../shared-files";
import { tsxCommand } from "../cli-command";

const run = promisify(execFile);
const JFK = sharedFile("testdata/audio/jfk.wav");
/** 1.3 s of speech: the recording that is edited and shared needs a transcript, not many words. */
const HELLO_WORLD = sharedFile("testdata/audio/hello-world.wav");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-backup-test-"));
const PORT = Number(process.env.BACKUP_TEST_PORT ?? 3410);
const servers: ChildProcess[] = [];

function cli(script: string, args: string[], env: Record<string, string>) {
  // Async: this process must keep serving the database's socket while the child runs.
  return run(...tsxCommand(script, args), { env: { ...process.env, DATABASE_URL: "", ...env }, timeout: 120_000 }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

/** Every row of every table in the public schema, as the database's own JSON text, sorted. */
async function allRows(database: Database): Promise<Map<string, string[]>> {
  const tables = await database.sql.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const rows = new Map<string, string[]>();
  for (const { name } of tables) {
    const found = await database.sql.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM public."${name}" t`,
    );
    rows.set(name, found.map((row) => row.row).sort());
  }
  return rows;
}

function filesUnder(root: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, full);
    if (key.startsWith(".incoming")) continue;
    files.set(key, crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex"));
  }
  return files;
}

async function upload(userId: string, name: string, audio = JFK) {
  const local = path.join(fs.mkdtempSync(path.join(work, "upload-")), name);
  fs.copyFileSync(audio, local);
  return acceptUploadedFile(userId, { temporaryPath: local, fileName: name, fields: {} });
}

/** A recording stored as an upload stores it: the file (encrypted by the store), then its row. */
async function storedRecording(userId: string, name: string) {
  const key = `recordings/${userId}/${crypto.randomUUID()}.wav`;
  const local = path.join(fs.mkdtempSync(path.join(work, "stored-")), name);
  fs.copyFileSync(JFK, local);
  await configuredStorage().putFile(key, local);
  await (
    await db()
  ).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: name,
      fileName: name,
      storageKey: key,
      sizeBytes: fs.statSync(JFK).size,
      mimeType: "audio/wav",
      durationSeconds: 11,
      status: "COMPLETED",
      progress: 100,
      completedAt: new Date(),
    },
  });
}

const recordingStatus = (id: string) =>
  db().then((database) => database.recording.findUniqueOrThrow({ where: { id } }));

beforeAll(async () => {
  // This file's app owns an embedded database in its DATA_DIR (files, lock, socket), not the in-memory one.
  await disconnectDatabase();
  await connectDatabase({ role: "app" });
  await startJobs(await getDatabase(), { work: true, pollingIntervalSeconds: 0.5, mailTransport: testOutbox() });
});

afterAll(async () => {
  for (const server of servers) server.kill("SIGTERM");
  await Promise.all(servers.map((server) => new Promise((resolve) => server.exitCode ?? server.once("exit", resolve))));
  await stopJobs();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("backup and restore of the embedded database", () => {
  let backupDir = "";

  test(
    "a backup taken while uploads and a transcription run restores into a second server: same rows, same bytes, a recording plays (slow: a transcription, three CLI processes and a production server; 215 s measured on the shared 2-core machine under load)",
    { timeout: 420_000 },
    async () => {
      const user = await signedInUser("BUSINESS_PRO");
      const first = await upload(user.id, "board.wav", HELLO_WORLD);
      const done = await waitFor(
        () => recordingStatus(first.id),
        (r) => r.status === "COMPLETED",
        90_000,
      );
      const segment = await (
        await db()
      ).transcriptSegment.findFirstOrThrow({
        where: { recordingId: first.id },
        orderBy: { start: "asc" },
      });
      await editSegmentText(user.id, first.id, segment.id, "Hello, world: restored from a backup.");
      expect(await (await db()).transcriptRevision.count({ where: { recordingId: first.id } })).toBeGreaterThan(0);
      const { token } = await createShareLink(user.id, first.id, { expiry: "7d", allowDownloads: true });
      const before = await allRows(await getDatabase());

      // The load: a recording being transcribed, and files with their rows arriving for as long as the backup runs
      // (as an upload stores them: the encrypted file, then its row; without queueing more transcriptions).
      const transcribing = await upload(user.id, "second.wav");
      await waitFor(
        () => recordingStatus(transcribing.id),
        (r) => r.status === "PROCESSING",
        60_000,
      );
      let backupFinished = false;
      const backup = cli("scripts/backup.ts", ["--to", path.join(work, "backups"), "--no-verify"], {
        DATA_DIR: dataDir(),
      }).finally(() => (backupFinished = true));
      let arrived = 0;
      while (!backupFinished) await storedRecording(user.id, `during-${arrived++}.wav`);
      const backedUp = await backup;
      expect(backedUp.stderr).toBe("");
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toContain("embedded database served by process");
      expect(arrived).toBeGreaterThan(1);
      [backupDir] = listBackups(path.join(work, "backups"));
      expect(fs.statSync(path.join(backupDir, SECRETS_FILE)).mode & 0o077).toBe(0);
      // The transcription may still run: rows that stayed the same from before the backup to after it were the same
      // while it ran, so the backup must hold them as they are.
      const after = await allRows(await getDatabase());

      const restoredDir = path.join(work, "restored");
      const restored = await cli("scripts/restore.ts", ["--from", backupDir], { DATA_DIR: restoredDir });
      expect(restored.stderr).toBe("");
      expect(restored.stdout).toMatch(/Restored \d+ tables/);

      // Every table's rows: exactly the backup's, which hold every row that did not change while it ran.
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as BackupManifest;
      const restoredDatabase = await openDatabase({ role: "cli", url: "", dataDir: restoredDir, migrate: false });
      const restoredRows = await allRows(restoredDatabase).finally(() => restoredDatabase.close());
      expect([...restoredRows.keys()]).toEqual([...after.keys()]);
      for (const [table, rows] of restoredRows) {
        const backedUpRows = fs
          .readFileSync(path.join(backupDir, "database", `${table}.jsonl`), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.stringify(JSON.parse(line)));
        expect(rows.map((line) => JSON.stringify(JSON.parse(line))).sort(), table).toEqual(backedUpRows.sort());
        const unchanged = (before.get(table) ?? []).filter((row) => after.get(table)?.includes(row));
        for (const row of unchanged) expect(rows, table).toContain(row);
      }
      expect(restoredRows.get("ShareLink")).toHaveLength(1);
      expect(manifest.files.list.length).toBeGreaterThanOrEqual(3);

      // Every file's bytes, and every restored recording's audio is there.
      const sourceFiles = filesUnder(dataDir("uploads"));
      const restoredFiles = filesUnder(path.join(restoredDir, "uploads"));
      expect(restoredFiles.size).toBe(manifest.files.list.length);
      for (const [key, hash] of restoredFiles) expect(sourceFiles.get(key), key).toBe(hash);
      for (const line of restoredRows.get("Recording") ?? []) {
        const recording = JSON.parse(line) as { storageKey: string | null };
        if (recording.storageKey) expect(restoredFiles.has(recording.storageKey), recording.storageKey).toBe(true);
      }

      // A second server on the restored directory: the share link's audio plays, by ranges, as the source's does.
      const server = spawn(process.execPath, ["build/node/server.js"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(PORT),
          APP_URL: `http://localhost:${PORT}`,
          DATA_DIR: restoredDir,
          DATABASE_URL: "",
          LOG_REQUESTS: "false",
        },
        stdio: "ignore",
      });
      servers.push(server);
      const origin = `http://localhost:${PORT}`;
      await waitFor(
        () =>
          fetch(`${origin}/healthz`).then(
            (response) => response.status,
            () => 0,
          ),
        (status) => status === 200,
        60_000,
      );
      const part = await fetch(`${origin}/s/${token}/audio`, { headers: { Range: "bytes=1000-4999" } });
      expect(part.status).toBe(206);
      const expected = await new Response(
        (await configuredStorage().read(done.storageKey!, { start: 1000, end: 4999 })) as unknown as ReadableStream,
      ).arrayBuffer();
      expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(expected))).toBe(true);
      const whole = await fetch(`${origin}/s/${token}/audio`, { headers: { Range: "bytes=0-" } });
      expect(whole.status).toBe(206);
      const played = path.join(work, "played.wav");
      fs.writeFileSync(played, Buffer.from(await whole.arrayBuffer()));
      const probe = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", played]);
      expect(Number(probe.stdout)).toBeCloseTo(1.32, 1);
      // Signed in with the source's session (the cookie secret came with the backup): the edited transcript is there.
      const page = await fetch(`${origin}/transcription/${first.id}`, { headers: { Cookie: user.cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("restored from a backup");
    },
  );

  test("a backup whose keys file is missing does not restore, and says why", async () => {
    const keys = path.join(work, "kept-apart.env");
    fs.renameSync(path.join(backupDir, SECRETS_FILE), keys);
    try {
      const target = path.join(work, "without-keys");
      const refused = await cli("scripts/restore.ts", ["--from", backupDir], { DATA_DIR: target });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The backup's keys file ${SECRETS_FILE} is missing`);
      expect(refused.stderr).toMatch(/\d+ encrypted recording file\(s\)/);
      expect(fs.existsSync(path.join(target, "db"))).toBe(false);

      // A keys file that is not this backup's (another key) is refused too.
      fs.writeFileSync(
        path.join(backupDir, SECRETS_FILE),
        fs
          .readFileSync(keys, "utf8")
          .replace(/^STORAGE_KEY=.*$/m, `STORAGE_KEY=${crypto.randomBytes(32).toString("base64")}`),
      );
      const foreign = await cli("scripts/restore.ts", ["--from", backupDir], { DATA_DIR: target });
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toContain("is not the keys file written with this backup");
    } finally {
      fs.renameSync(keys, path.join(backupDir, SECRETS_FILE));
    }
  });

  test("a restore into a directory that holds data is refused", async () => {
    const refused = await cli("scripts/restore.ts", ["--from", backupDir], { DATA_DIR: path.join(work, "restored") });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already holds a database");
  });

  test("scheduled backups: the job is on the queue's schedule, writes a verified backup and keeps BACKUP_KEEP", async () => {
    const schedules = await (
      await getDatabase()
    ).sql.query<{ name: string; cron: string }>(`SELECT name, cron FROM pgboss.schedule WHERE name = $1`, [
      BACKUP_QUEUE,
    ]);
    expect(schedules).toEqual([{ name: BACKUP_QUEUE, cron: "15 3 * * *" }]);

    const scheduled = path.join(work, "scheduled");
    const times = [0, 1].map((minute) => new Date(Date.UTC(2026, 0, 1, 3, 15 + minute)));
    for (const time of times) {
      const result = (await runScheduledBackup(await getDatabase(), { dir: scheduled, keep: 1 })) as {
        dir: string;
        restored: boolean;
        check: string;
      };
      expect(result, result.check).toMatchObject({ restored: true });
      // Each run names its folder by the time it ran; renamed to a fixed time, the order is known.
      fs.renameSync(
        result.dir,
        path.join(scheduled, `voxlate-backup-${time.toISOString().replaceAll(":", "-").replace(".", "-")}`),
      );
    }
    // The second run removed the first: one verified backup is kept.
    expect(listBackups(scheduled).map((dir) => path.basename(dir))).toEqual([
      "voxlate-backup-2026-01-01T03-16-00-000Z",
    ]);
    // A backup that failed its check does not count, and does not push a good one out.
    const broken = path.join(scheduled, "voxlate-backup-2026-01-01T03-17-00-000Z");
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, "verified.json"), JSON.stringify({ ok: false, detail: "test", verifiedAt: "" }));
    expect(pruneBackups(scheduled, 1)).toEqual([]);
    expect(listBackups(scheduled)).toHaveLength(2);
    expect(lastBackup(scheduled)?.verified).toMatchObject({ ok: true });
    // Without BACKUP_DIR (this environment), the job does nothing.
    expect(await runScheduledBackup(await getDatabase())).toEqual({ skipped: "BACKUP_DIR is not set" });
  });
});
