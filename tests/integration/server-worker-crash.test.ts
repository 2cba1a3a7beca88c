// PostgreSQL only: a standalone worker process (`npm run worker`) is killed in the middle of a transcription.
// Its stale heartbeat gets the job retried, another worker finishes it, and the minutes are charged once.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { recoverStalledTranscriptions, startJobs, stopJobs } from "~/modules/jobs.server";
import { acceptUploadedFile } from "~/modules/recordings/upload.server";
import { STALLED_AFTER_MS } from "~/modules/pipeline/transcription-job.server";
import { testDatabaseUrl } from "../setup/database";
import { testOutbox, waitFor } from "./helpers";
import { sharedFile } from "../shared-files";

const JFK = sharedFile("testdata/audio/jfk.wav");
const workers: ChildProcess[] = [];

function startWorker() {
  // Its own process group, so that killing it also kills the pocketsphinx it started.
  const worker = spawn(process.execPath, ["build/node/worker.js"], {
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), NODE_ENV: "production" },
    detached: true,
    stdio: "ignore",
  });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  await startJobs(await getDatabase(), { work: false, mailTransport: testOutbox() });
});
afterAll(async () => {
  for (const worker of workers) {
    try {
      process.kill(-worker.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await stopJobs();
});

test(
  "a worker killed mid-job: the job is retried and completes, with one charge (slow: two worker processes and a real transcription)",
  { timeout: 180_000 },
  async () => {
    // jfk.wav's 11 s of speech: the worker is killed as soon as the job is PROCESSING, before its ffmpeg and
    // pocketsphinx could finish (6 s of work on these machines), and the second worker transcribes it all again.
    // Lost, that race fails the test at the PROCESSING check below rather than passing it.
    const audio = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-crash-")), "jfk.wav");
    fs.copyFileSync(JFK, audio);
    const user = await (
      await db()
    ).user.create({ data: { email: "crash@example.com", firstName: "C", lastName: "W", plan: "BUSINESS_PRO" } });
    const { id } = await acceptUploadedFile(user.id, { temporaryPath: audio, fileName: "jfk.wav", fields: {} });

    const first = startWorker();
    await waitFor(
      () => db().then((database) => database.recording.findUniqueOrThrow({ where: { id } })),
      (recording) => recording.status === "PROCESSING",
      60_000,
    );
    process.kill(-first.pid!, "SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));

    const stalled = await (await db()).recording.findUniqueOrThrow({ where: { id } });
    expect(stalled.status).toBe("PROCESSING");
    expect(await (await db()).usageCharge.count({ where: { recordingId: id } })).toBe(0);

    // A minute later the supervisor sees the stale heartbeat (here: the clock is moved on instead of waiting).
    expect(await recoverStalledTranscriptions(new Date(Date.now() + STALLED_AFTER_MS + 1_000))).toEqual([
      stalled.jobId,
    ]);

    const second = startWorker();
    const done = await waitFor(
      () => db().then((database) => database.recording.findUniqueOrThrow({ where: { id } })),
      (recording) => recording.status === "COMPLETED",
      150_000,
    );
    expect(done.jobId).toBe(stalled.jobId);
    expect(await (await db()).transcriptSegment.count({ where: { recordingId: id } })).toBeGreaterThan(0);
    expect(await (await db()).usageCharge.findMany({ where: { recordingId: id } })).toEqual([
      expect.objectContaining({ seconds: Math.ceil(done.durationSeconds) }),
    ]);
    process.kill(-second.pid!, "SIGTERM");
  },
);
