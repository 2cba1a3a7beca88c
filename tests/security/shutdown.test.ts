// Issue 30, item 10: the server is stopped (SIGTERM, as a deploy or Ctrl-C does) in the middle of a transcription, on
// the embedded database with the in-process worker, as `npm start` runs it. The worker stops the job and waits for
// it before the database closes: no "PGlite is closed", no unhandled rejection, exit code 0. Started again on the same
// DATA_DIR, the server transcribes the recording from the beginning and charges it once.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { type AppServer, startAppServer, withAppDatabase } from "../../bench/app-server";
import { poll } from "../poll";
import { sharedFile } from "../shared-files";

const SETTINGS = { WORKER_IN_PROCESS: "true", RATE_LIMIT_MULTIPLIER: "1000", LOG_REQUESTS: "false" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-shutdown-data-"));
const servers: AppServer[] = [];

const start = async () => {
  const server = await startAppServer("shutdown", SETTINGS, { asNpmStart: true, nodeEnv: null, dataDir });
  servers.push(server);
  return server;
};

afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Status = { status: string; progress: number };

async function waitForRecording(server: AppServer, cookie: string, id: string, done: (status: Status) => boolean) {
  const read = async () =>
    (await (await fetch(`${server.origin}/api/recordings/${id}`, { headers: { Cookie: cookie } })).json()) as Status;
  // A failed recording will not change any more: stop there rather than at the deadline.
  return poll(read, (status) => done(status) || status.status === "FAILED", { timeoutMs: 200_000 })
    .then((status) => {
      if (!done(status)) throw new Error(`The recording is ${JSON.stringify(status)}.`);
      return status;
    })
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${server.log()}`);
    });
}

test(
  "a transcription running at shutdown is stopped cleanly, and done after the next start (slow: two server starts and a real transcription)",
  { timeout: 420_000 },
  async () => {
    // 22 seconds of speech (jfk.wav twice): the engine is still at work when the server is told to stop, a moment
    // after its first progress, and the next start transcribes it all.
    const audio = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-shutdown-")), "long.wav");
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-stream_loop",
      "1",
      "-i",
      sharedFile("testdata/audio/jfk.wav"),
      "-c",
      "copy",
      audio,
    ]);

    const first = await start();
    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(audio)]), "long.wav");
    const upload = await fetch(`${first.origin}/api/recordings`, {
      method: "POST",
      headers: { Cookie: first.cookie },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { recording } = (await upload.json()) as { recording: { id: string } };
    // Past the download and the length check: the speech engine is running.
    await waitForRecording(first, first.cookie, recording.id, (status) => status.progress > 5);
    const { jobId: firstJob } = await withAppDatabase(dataDir, (prisma) =>
      prisma.recording.findUniqueOrThrow({ where: { id: recording.id } }),
    );

    await first.stop();
    const log = first.log();
    expect(first.exitCode(), log).toBe(0);
    expect(log).toContain('"msg":"SIGTERM: closing"');
    expect(log).not.toMatch(/unhandled rejection|PGlite is closed|shutdown took too long|error while shutting down/i);
    expect(log).toContain(`"msg":"transcription of ${recording.id} stopped with the worker`);

    // Stopped, not finished: queued again, with nothing charged and no partial transcript left.
    const stopped = await withAppDatabase(dataDir, async (prisma) => ({
      recording: await prisma.recording.findUniqueOrThrow({ where: { id: recording.id } }),
      charges: await prisma.usageCharge.count({ where: { recordingId: recording.id } }),
      segments: await prisma.transcriptSegment.count({ where: { recordingId: recording.id } }),
    }));
    expect(stopped.recording).toMatchObject({ status: "QUEUED", progress: 0, heartbeatAt: null });
    expect(stopped.recording.jobId).not.toBe(firstJob);
    expect(stopped.charges).toBe(0);
    expect(stopped.segments).toBe(0);

    // The next start takes it up at once, and charges it once.
    const second = await start();
    await waitForRecording(second, first.cookie, recording.id, (status) => status.status === "COMPLETED");
    const charges = await withAppDatabase(dataDir, (prisma) =>
      prisma.usageCharge.findMany({ where: { recordingId: recording.id } }),
    );
    expect(charges).toHaveLength(1);
  },
);
