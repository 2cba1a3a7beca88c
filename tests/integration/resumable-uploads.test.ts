// Resumable uploads (tus) with the real tus-js-client against our @tus/server on a local HTTP server.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { dataDir } from "~/config/env.server";
import {
  RECORDING_ID_HEADER,
  removeExpiredUploads,
  RESUMABLE_UPLOAD_EXPIRY_MS,
  resumableUploadServer,
} from "~/modules/recordings/resumable-uploads.server";
import { createUserSession } from "~/modules/platform/session.server";
import { configuredStorage } from "~/services/storage/index.server";
import { ENCRYPTED_MAGIC } from "~/services/storage/encryption.server";
import { sharedFile } from "../shared-files";
import { testOutbox } from "./helpers";

const JFK = sharedFile("testdata/audio/jfk.mp3");
const NOT_AUDIO = sharedFile("testdata/bad/not-audio.mp3");

let server: http.Server;
let endpoint: string;
let tus: ReturnType<typeof resumableUploadServer>;

beforeAll(async () => {
  await startJobs(await getDatabase(), { work: false, mailTransport: testOutbox() });
  tus = resumableUploadServer();
  server = http.createServer((request, response) => void tus.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/uploads`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stopJobs();
});

async function userCookie(plan: "FREE" | "BUSINESS_PRO" = "FREE") {
  const user = await (
    await db()
  ).user.create({
    data: {
      email: `tus-${Math.random().toString(36).slice(2)}@example.com`,
      firstName: "T",
      lastName: "U",
      passwordHash: await hashPassword("secret-123"),
      emailVerifiedAt: new Date(),
      plan,
    },
  });
  return { id: user.id, cookie: (await createUserSession(user.id, new Request("http://localhost/"))).split(";")[0] };
}

interface Outcome {
  recordingId?: string;
  status?: number;
  error?: string;
  uploadUrl?: string | null;
}

/** Runs a tus upload to the end (or to its first error); `stopAfterBytes` aborts it there, like a dropped connection. */
function runUpload(
  file: Buffer,
  cookie: string,
  options: {
    metadata?: Record<string, string>;
    uploadUrl?: string;
    stopAfterBytes?: number;
    chunkSize?: number;
    /** Called after each part's answer, before the next part is sent. */
    afterPart?: (offset: number) => void;
    /** tus-js-client's waits before it asks for the offset and sends again after a failed part (default: none). */
    retryDelays?: number[];
    /** Called when a part is answered with an error (before any retry). */
    onPartRefused?: () => void;
    /** Another server's creation URL (default: the one every test shares). */
    endpoint?: string;
  } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    let recordingId: string | undefined;
    const upload: Upload = new Upload(file, {
      endpoint: options.endpoint ?? endpoint,
      uploadUrl: options.uploadUrl,
      headers: { Cookie: cookie },
      chunkSize: options.chunkSize ?? 16 * 1024,
      retryDelays: options.retryDelays ?? [],
      metadata: { filename: "jfk.mp3", ...options.metadata },
      onAfterResponse(_request, response) {
        recordingId ??= response.getHeader(RECORDING_ID_HEADER) || undefined;
        if (response.getStatus() >= 400) options.onPartRefused?.();
        const offset = response.getHeader("Upload-Offset");
        if (offset) options.afterPart?.(Number(offset));
      },
      onProgress(sent) {
        if (options.stopAfterBytes && sent >= options.stopAfterBytes) {
          void upload.abort().then(() => resolve({ uploadUrl: upload.url }));
        }
      },
      onSuccess: () => resolve({ recordingId, uploadUrl: upload.url }),
      onError(error) {
        const response = "originalResponse" in error ? error.originalResponse : null;
        resolve({
          status: response?.getStatus(),
          error: response ? (JSON.parse(response.getBody() || "{}") as { error?: string }).error : String(error),
        });
      },
    });
    upload.start();
  });
}

/** The stored original of a recording, as bytes on disk and as read back through storage. */
async function stored(recordingId: string) {
  const recording = await (await db()).recording.findUniqueOrThrow({ where: { id: recordingId } });
  const chunks: Buffer[] = [];
  for await (const chunk of await configuredStorage().read(recording.storageKey)) chunks.push(chunk as Buffer);
  return { onDisk: fs.readFileSync(dataDir("uploads", recording.storageKey)), readBack: Buffer.concat(chunks) };
}

const beingWritten = () => fs.readdirSync(dataDir("uploads", ".incoming"));
/** The tus store's data files (not their .json metadata): with encryption, only the bytes not yet sealed. */
const plainFiles = () => fs.readdirSync(dataDir("tus")).filter((name) => !name.includes("."));

describe("resumable uploads with encryption at rest (the default)", () => {
  const CALL = sharedFile("testdata/audio/call-two-speakers.wav");

  // Parts that end inside records (a record is 256 KiB), and parts of half a record, every other one ending on a
  // record's edge: each part starts again from the last whole record sealed.
  test.each([100_003, 131_072])(
    "parts of %i bytes are sealed as they arrive, no plain copy is kept, and the stored file is that ciphertext, whole",
    async (chunkSize) => {
      const user = await userCookie();
      const file = fs.readFileSync(CALL);
      const sealedSoFar: number[] = [];
      const plainSoFar: number[] = [];
      const outcome = await runUpload(file, user.cookie, {
        chunkSize,
        metadata: { filename: "call.wav" },
        afterPart: () => {
          sealedSoFar.push(...beingWritten().map((name) => fs.statSync(dataDir("uploads", ".incoming", name)).size));
          plainSoFar.push(...plainFiles().map((name) => fs.statSync(dataDir("tus", name)).size));
        },
      });
      expect(outcome.recordingId).toBeTruthy();
      // The sealed copy grew while the parts arrived (it was not written in one pass at the end).
      expect(sealedSoFar.filter((size) => size > 300_000).length).toBeGreaterThan(0);
      // What waited unsealed between parts was never more than one record (and its 8-byte header).
      expect(plainSoFar.length).toBeGreaterThan(3);
      expect(Math.max(...plainSoFar)).toBeLessThanOrEqual(256 * 1024 + 8);
      expect(plainFiles()).toEqual([]);
      const { onDisk, readBack } = await stored(outcome.recordingId!);
      expect(onDisk.subarray(0, 4).equals(ENCRYPTED_MAGIC)).toBe(true);
      expect(onDisk.includes(file.subarray(400_000, 400_064))).toBe(false);
      expect(readBack.equals(file)).toBe(true);
      expect(beingWritten()).toEqual([]);
    },
  );

  test("a sealed copy cut inside a record between parts (a crash) goes on from its last whole record", async () => {
    const user = await userCookie();
    const file = fs.readFileSync(CALL);
    let removed = false;
    let refused = 0;
    const outcome = await runUpload(file, user.cookie, {
      chunkSize: 300_000,
      metadata: { filename: "call.wav" },
      // The next part is refused (409: the offset went back), and the client asks for it and sends from there.
      retryDelays: [0],
      onPartRefused: () => refused++,
      afterPart: (offset) => {
        if (removed || offset < 600_000) return;
        // The sealed copy is cut inside a record, as a crash while writing would leave it.
        for (const name of beingWritten()) {
          const sealed = dataDir("uploads", ".incoming", name);
          fs.truncateSync(sealed, fs.statSync(sealed).size - 1000);
        }
        removed = true;
      },
    });
    expect(removed).toBe(true);
    expect(refused).toBe(1);
    expect(outcome.recordingId).toBeTruthy();
    expect((await stored(outcome.recordingId!)).readBack.equals(file)).toBe(true);
    expect(beingWritten()).toEqual([]);
  });

  test("parts alternating between two servers (as between web processes sharing DATA_DIR) make one whole sealed file", async () => {
    const user = await userCookie();
    const file = fs.readFileSync(CALL);
    // A second tus server with its own store instance: nothing of an upload may live in one server's memory.
    const other = resumableUploadServer();
    const handled = [0, 0];
    const alternating = http.createServer((request, response) => {
      const which = (handled[0] + handled[1]) % 2;
      handled[which]++;
      void (which ? other : tus).handle(request, response);
    });
    await new Promise<void>((resolve) => alternating.listen(0, "127.0.0.1", resolve));
    try {
      const outcome = await runUpload(file, user.cookie, {
        chunkSize: 100_003,
        metadata: { filename: "call.wav" },
        endpoint: `http://127.0.0.1:${(alternating.address() as AddressInfo).port}/api/uploads`,
      });
      expect(outcome.recordingId).toBeTruthy();
      expect(Math.min(...handled)).toBeGreaterThan(3);
      const { onDisk, readBack } = await stored(outcome.recordingId!);
      expect(onDisk.subarray(0, 4).equals(ENCRYPTED_MAGIC)).toBe(true);
      expect(readBack.equals(file)).toBe(true);
      expect(beingWritten()).toEqual([]);
    } finally {
      await new Promise((resolve) => alternating.close(resolve));
    }
  });

  test("a part that cannot be sealed is refused, and the upload goes on from what was sealed", async () => {
    const user = await userCookie();
    const file = fs.readFileSync(CALL);
    let blocked = false;
    let refused = 0;
    const outcome = await runUpload(file, user.cookie, {
      chunkSize: 300_000,
      metadata: { filename: "call.wav" },
      retryDelays: [0, 0],
      afterPart: (offset) => {
        if (blocked || offset < 600_000) return;
        // The sealed copy's name taken by a folder: the next part's sealing fails.
        const sealed = dataDir("uploads", ".incoming", beingWritten()[0]);
        fs.rmSync(sealed, { force: true });
        fs.mkdirSync(sealed);
        blocked = true;
      },
      onPartRefused: () => refused++,
    });
    expect(blocked).toBe(true);
    expect(refused).toBeGreaterThan(0);
    expect(outcome.recordingId).toBeTruthy();
    const { onDisk, readBack } = await stored(outcome.recordingId!);
    expect(onDisk.subarray(0, 4).equals(ENCRYPTED_MAGIC)).toBe(true);
    expect(readBack.equals(file)).toBe(true);
    expect(beingWritten()).toEqual([]);
  });
});

describe("resumable uploads", () => {
  test("an upload interrupted halfway resumes from its offset and becomes a queued recording", async () => {
    const user = await userCookie();
    const file = fs.readFileSync(JFK);
    const first = await runUpload(file, user.cookie, { stopAfterBytes: 32 * 1024 });
    expect(first.uploadUrl).toMatch(/\/api\/uploads\/\w+$/);

    const head = await fetch(new URL(first.uploadUrl!, endpoint), {
      method: "HEAD",
      headers: { Cookie: user.cookie, "Tus-Resumable": "1.0.0" },
    });
    const offset = Number(head.headers.get("Upload-Offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(file.length);

    const resumed = await runUpload(file, user.cookie, { uploadUrl: new URL(first.uploadUrl!, endpoint).toString() });
    expect(resumed.recordingId).toBeTruthy();
    const recording = await (await db()).recording.findUniqueOrThrow({ where: { id: resumed.recordingId! } });
    expect(recording).toMatchObject({ userId: user.id, fileName: "jfk.mp3", status: "QUEUED", sizeBytes: file.length });
  });

  test("refusals: not signed in 401, past the plan limit 413, not audio 415, speaker labels on Free 403", async () => {
    const user = await userCookie();
    expect(await runUpload(fs.readFileSync(JFK), "")).toMatchObject({
      status: 401,
      error: "Sign in to upload recordings.",
    });

    const tooBig = await fetch(endpoint, {
      method: "POST",
      headers: {
        Cookie: user.cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(51 * 1024 * 1024),
        "Upload-Metadata": `filename ${btoa("big.wav")}`,
      },
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      error: "This file is larger than 50 MB, the upload limit on the Free plan.",
    });

    const notAudio = await runUpload(fs.readFileSync(NOT_AUDIO), user.cookie);
    expect(notAudio.status).toBe(415);
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);

    expect(await runUpload(fs.readFileSync(JFK), user.cookie, { metadata: { speakerLabels: "on" } })).toMatchObject({
      status: 403,
    });
  });

  test("another user cannot continue or inspect someone's upload", async () => {
    const owner = await userCookie();
    const started = await runUpload(fs.readFileSync(JFK), owner.cookie, { stopAfterBytes: 16 * 1024 });
    const other = await userCookie();
    const head = await fetch(new URL(started.uploadUrl!, endpoint), {
      method: "HEAD",
      headers: { Cookie: other.cookie, "Tus-Resumable": "1.0.0" },
    });
    expect(head.status).toBe(404);
  });

  test("an upload abandoned for longer than the expiry is deleted with its metadata; a recent one stays", async () => {
    const user = await userCookie();
    const abandoned = await runUpload(fs.readFileSync(JFK), user.cookie, { stopAfterBytes: 16 * 1024 });
    const recent = await runUpload(fs.readFileSync(JFK), user.cookie, { stopAfterBytes: 16 * 1024 });
    const fileOf = (url: string | null | undefined) => dataDir("tus", url!.split("/").at(-1)!);
    const metadata = JSON.parse(fs.readFileSync(`${fileOf(abandoned.uploadUrl)}.json`, "utf8")) as {
      creation_date: string;
    };
    metadata.creation_date = new Date(Date.now() - RESUMABLE_UPLOAD_EXPIRY_MS - 60_000).toISOString();
    fs.writeFileSync(`${fileOf(abandoned.uploadUrl)}.json`, JSON.stringify(metadata));

    expect(await removeExpiredUploads(tus)).toBe(1);
    expect(fs.existsSync(fileOf(abandoned.uploadUrl))).toBe(false);
    expect(fs.existsSync(`${fileOf(abandoned.uploadUrl)}.json`)).toBe(false);
    expect(fs.existsSync(fileOf(recent.uploadUrl))).toBe(true);
  });

  test("a chunk streamed without Content-Length past the declared length is 413 with a message", async () => {
    const user = await userCookie();
    const created = await fetch(endpoint, {
      method: "POST",
      headers: {
        Cookie: user.cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(64 * 1024),
        "Upload-Metadata": `filename ${btoa("a.mp3")}`,
      },
    });
    expect(created.status).toBe(201);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(new Uint8Array(32 * 1024));
        else controller.close();
      },
    });
    const patch = await fetch(new URL(created.headers.get("Location")!, endpoint), {
      method: "PATCH",
      headers: {
        Cookie: user.cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body,
      duplex: "half",
    } as RequestInit).catch((error: unknown) => error);
    expect(patch).toBeInstanceOf(Response);
    expect((patch as Response).status).toBe(413);
    expect(await (patch as Response).text()).toMatch(/size/i);
  });
});
