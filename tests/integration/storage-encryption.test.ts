// Encryption at rest of the file store, end to end: an upload lands on disk as ciphertext only, the player's Range
// requests still get the right bytes through /transcription/:id/audio, and after a key rotation files written with
// the old key play (STORAGE_KEYS) until `npm run storage:rotate-key` rewrites them.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { runTranscription } from "~/modules/pipeline/transcription-job.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { ENCRYPTED_MAGIC, keyring, parseStorageKey, readHeader } from "~/services/storage/encryption.server";
import { fileStorage, rotateToCurrentKey } from "~/services/storage/file.server";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox } from "./helpers";
import { sharedFile } from "../shared-files";

const JFK = sharedFile("testdata/audio/jfk.wav");
// Set before this file's imports run (vi.hoisted): the app's own modules, which the transcription test runs, read
// the environment once, as the build does when it first opens the storage.
const { OLD_KEY, CURRENT_KEY } = await vi.hoisted(async () => {
  const { randomBytes } = await import("node:crypto");
  const keys = { OLD_KEY: randomBytes(32).toString("base64"), CURRENT_KEY: randomBytes(32).toString("hex") };
  process.env.STORAGE_KEY = keys.CURRENT_KEY;
  process.env.STORAGE_KEYS = keys.OLD_KEY;
  return keys;
});

let app: Awaited<ReturnType<typeof appHandler>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let recordingId: string;
let storedPath: string;
const original = fs.readFileSync(JFK);
/** Files created in the app's temporary folder while the upload arrives (where a plain copy used to go). */
const temporaryFiles: string[] = [];

beforeAll(async () => {
  app = await appHandler();
  // Queued only: these tests are about the stored file, not its transcript.
  await startJobs(await getDatabase(), { work: false, mailTransport: testOutbox() });
  owner = await signedInUser();
  const temporaryFolder = path.join(process.env.DATA_DIR!, "tmp");
  fs.mkdirSync(temporaryFolder, { recursive: true });
  const watcher = fs.watch(temporaryFolder, (_, name) => temporaryFiles.push(String(name)));
  const form = new FormData();
  form.set("file", new Blob([original]), "jfk.wav");
  const response = await app("/api/recordings", { method: "POST", body: form, headers: { Cookie: owner.cookie } });
  watcher.close();
  expect(response.status).toBe(201);
  recordingId = ((await response.json()) as { recording: { id: string } }).recording.id;
  const recording = await (await db()).recording.findUniqueOrThrow({ where: { id: recordingId } });
  storedPath = path.join(process.env.DATA_DIR!, "uploads", recording.storageKey);
});

afterAll(() => stopJobs());

const audio = (range?: string) =>
  app(`/transcription/${recordingId}/audio`, { headers: { Cookie: owner.cookie, ...(range ? { Range: range } : {}) } });

async function expectPlays() {
  const whole = await audio();
  expect(whole.status).toBe(200);
  expect(Number(whole.headers.get("Content-Length"))).toBe(original.length);
  expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);
  // What a player asks for when it seeks: an open-ended range, a middle range across chunk edges, the tail.
  for (const [range, start, end] of [
    ["bytes=0-", 0, original.length - 1],
    ["bytes=262100-262200", 262100, 262200],
    ["bytes=100000-", 100000, original.length - 1],
    ["bytes=-500", original.length - 500, original.length - 1],
  ] as const) {
    const part = await audio(range);
    expect(part.status, range).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${original.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(start, end + 1)), range).toBe(true);
  }
}

describe("encryption at rest (file: storage)", () => {
  test("the stored file is ciphertext under the current key, not audio", async () => {
    const onDisk = fs.readFileSync(storedPath);
    expect(onDisk.subarray(0, 4).equals(ENCRYPTED_MAGIC)).toBe(true);
    expect(onDisk.includes(Buffer.from("RIFF"))).toBe(false);
    expect(onDisk.includes(Buffer.from("WAVEfmt"))).toBe(false);
    expect(onDisk.includes(original.subarray(50_000, 50_032))).toBe(false);
    expect((await readHeader(storedPath))?.keyId).toBe(parseStorageKey(CURRENT_KEY).id);
  });

  test("no plain copy of the upload is written to disk on its way in: ffprobe read the sealed file", () => {
    expect(temporaryFiles).toEqual([]);
  });

  test("it still plays, whole and with Range requests", async () => {
    await expectPlays();
  });

  test("transcribing it reads the stored file in place: no plain copy of the upload in the job's folder", async () => {
    // Everything the job creates under DATA_DIR/tmp (its folder, and the decoded speech it hands the engine).
    const created: string[] = [];
    const watcher = fs.watch(path.join(process.env.DATA_DIR!, "tmp"), { recursive: true }, (_, name) =>
      created.push(String(name)),
    );
    try {
      await runTranscription(recordingId, { finalAttempt: true });
    } finally {
      watcher.close();
    }
    const recording = await (
      await db()
    ).recording.findUniqueOrThrow({
      where: { id: recordingId },
      select: { status: true, durationSeconds: true, segments: { select: { text: true } } },
    });
    expect(recording.status).toBe("COMPLETED");
    expect(recording.durationSeconds).toBeCloseTo(11, 0);
    expect(recording.segments.map((segment) => segment.text).join(" ")).toMatch(/country/i);
    expect(created.some((name) => name.startsWith(`job-${recordingId}`))).toBe(true);
    // The job used to download (decrypt) the upload to job-<id>/source before decoding it.
    expect(created.filter((name) => path.basename(name) === "source")).toEqual([]);
  });

  test("a file written with the old key plays, and the rotation command moves it to the current key", async () => {
    const root = path.join(process.env.DATA_DIR!, "uploads");
    const key = path.relative(root, storedPath).split(path.sep).join("/");
    const copy = `${storedPath}.source`;
    fs.writeFileSync(copy, original);
    await fileStorage(root, keyring(parseStorageKey(OLD_KEY))).putFile(key, copy);
    expect((await readHeader(storedPath))?.keyId).toBe(parseStorageKey(OLD_KEY).id);
    await expectPlays();

    const result = await rotateToCurrentKey(
      fileStorage(root, keyring(parseStorageKey(CURRENT_KEY), [parseStorageKey(OLD_KEY)])),
    );
    expect(result).toEqual({ rewritten: 1, kept: 0 });
    expect((await readHeader(storedPath))?.keyId).toBe(parseStorageKey(CURRENT_KEY).id);
    // Now readable without the old key.
    const currentOnly = fileStorage(root, keyring(parseStorageKey(CURRENT_KEY)));
    expect(await currentOnly.size(key)).toBe(original.length);
    await expectPlays();
  });
});
