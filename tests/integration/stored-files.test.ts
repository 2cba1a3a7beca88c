// Storage and the database in step: deleting an account deletes its audio (file: and S3 storage), a recording row
// that cannot be written takes its stored file with it, and the sweep finds what is out of step either way.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { fileStorage } from "~/services/storage/file.server";
import { s3Storage } from "~/services/storage/s3.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { dataDir } from "~/config/env.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import {
  deleteUserFiles,
  derivedAudioPrefix,
  MISSING_AUDIO_REASON,
  ORPHAN_MIN_AGE_MS,
  sweepStoredFiles,
} from "~/modules/recordings/stored-files.server";
import { s3Handlers } from "../mocks/s3";
import { mockServer } from "../mocks/server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { sharedFile } from "../shared-files";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const JFK = sharedFile("testdata/audio/jfk.mp3");

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: false });
});
afterAll(() => stopJobs());

const storedFiles = (userId: string) => {
  const directory = dataDir("uploads", "recordings", userId);
  return fs.existsSync(directory) ? fs.readdirSync(directory) : [];
};

async function upload(cookie: string, fileName = "jfk.mp3") {
  const form = new FormData();
  form.set("file", new Blob([fs.readFileSync(JFK)]), fileName);
  return app("/api/recordings", { method: "POST", body: form, headers: { Cookie: cookie } });
}

async function recordingRow(userId: string, storageKey: string, createdAt: Date) {
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "t",
      fileName: "t.mp3",
      storageKey,
      sizeBytes: 1,
      mimeType: "audio/mpeg",
      durationSeconds: 1,
      createdAt,
    },
  });
}

describe("account deletion", () => {
  test("deleting the account deletes every stored audio file of the user, and only theirs", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    expect((await upload(user.cookie)).status).toBe(201);
    expect((await upload(user.cookie)).status).toBe(201);
    expect((await upload(other.cookie)).status).toBe(201);
    expect(storedFiles(user.id)).toHaveLength(2);

    const form = new URLSearchParams({ intent: "delete", confirmation: "DELETE" });
    const response = await app("/account", {
      method: "POST",
      body: form,
      headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBeLessThan(400);
    expect(await (await db()).user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(storedFiles(user.id)).toEqual([]);
    expect(storedFiles(other.id)).toHaveLength(1);
  });

  test("with S3 storage too", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "test-key");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "test-secret");
    const bucket = s3Handlers("https://s3.test.example", "voxlate", 2); // pages of 2: the listing pages through
    mockServer.use(...bucket.handlers);
    const storage = s3Storage({
      bucket: "voxlate",
      prefix: "uploads",
      endpoint: "https://s3.test.example",
      region: "us-east-1",
      forcePathStyle: true,
    });
    for (const key of [
      "recordings/u1/a.mp3",
      "recordings/u1/b.mp3",
      "recordings/u1/c.mp3",
      "recordings/u10/d.mp3",
      "recordings/u2/e.mp3",
    ]) {
      bucket.objects.set(`uploads/${key}`, Buffer.from("x"));
    }
    expect(await deleteUserFiles("u1", storage)).toBe(3);
    expect([...bucket.objects.keys()].sort()).toEqual(["uploads/recordings/u10/d.mp3", "uploads/recordings/u2/e.mp3"]);
    vi.unstubAllEnvs();
  });
});

describe("storage and rows in step", () => {
  test("a recording row that fails to insert leaves no stored file", async () => {
    const user = await signedInUser();
    const database = await getDatabase();
    // A real failure inside the database, for this one file name.
    await database.sql.query(`CREATE OR REPLACE FUNCTION refuse_recording() RETURNS trigger AS $$
      BEGIN IF NEW."fileName" = 'refused.mp3' THEN RAISE EXCEPTION 'insert refused for the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await database.sql.query(
      `CREATE TRIGGER refuse_recording BEFORE INSERT ON "Recording" FOR EACH ROW EXECUTE FUNCTION refuse_recording()`,
    );
    try {
      const response = await upload(user.cookie, "refused.mp3");
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(storedFiles(user.id)).toEqual([]);
      expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);
    } finally {
      await database.sql.query(`DROP TRIGGER refuse_recording ON "Recording"`);
    }
  });

  test("the sweep deletes old files with no row, marks old rows whose file is gone, and is idempotent", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-storage-"));
    const storage = fileStorage(root);
    const user = await signedInUser();
    const old = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);
    const put = (key: string, when: Date) => {
      const file = path.join(root, key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "audio");
      fs.utimesSync(file, when, when);
    };
    const key = (name: string) => `recordings/${user.id}/${name}-${crypto.randomUUID()}.mp3`;
    const orphanOld = key("orphan-old");
    const orphanNew = key("orphan-new"); // maybe an upload whose row is being written: kept
    const kept = key("kept");
    put(orphanOld, old);
    put(orphanNew, new Date());
    put(kept, old);
    await recordingRow(user.id, kept, old);
    const lostQueued = await recordingRow(user.id, key("lost-queued"), old);
    const lostDone = await recordingRow(user.id, key("lost-done"), old);
    await (await db()).recording.update({ where: { id: lostDone.id }, data: { status: "COMPLETED" } });
    const lostNew = await recordingRow(user.id, key("lost-new"), new Date());

    const first = await sweepStoredFiles(new Date(), storage);
    expect(first.deletedFiles).toEqual([orphanOld]);
    expect(first.missingFiles.sort()).toEqual([lostQueued.storageKey, lostDone.storageKey].sort());
    expect(fs.existsSync(path.join(root, orphanNew))).toBe(true);
    expect(fs.existsSync(path.join(root, kept))).toBe(true);
    const rows = await (await db()).recording.findMany({ where: { userId: user.id } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(lostQueued.id)).toMatchObject({ status: "FAILED", failureReason: MISSING_AUDIO_REASON });
    expect(byId.get(lostDone.id)).toMatchObject({ status: "COMPLETED", failureReason: MISSING_AUDIO_REASON });
    expect(byId.get(lostNew.id)).toMatchObject({ status: "QUEUED", failureReason: null });

    expect(await sweepStoredFiles(new Date(), storage)).toEqual({ deletedFiles: [], missingFiles: [] });
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("the sweep keeps a redacted copy while its original's audio is kept, and deletes it after (ADR 048)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-storage-"));
    const storage = fileStorage(root);
    const user = await signedInUser();
    const old = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);
    const put = (key: string) => {
      const file = path.join(root, key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "audio");
      fs.utimesSync(file, old, old);
    };
    const original = `recordings/${user.id}/${crypto.randomUUID()}.wav`;
    const copy = `${derivedAudioPrefix(original)}0123abcd.mp3`;
    const stray = `${derivedAudioPrefix(`recordings/${user.id}/gone.wav`)}0123abcd.mp3`;
    for (const key of [original, copy, stray]) put(key);
    const recording = await recordingRow(user.id, original, old);

    expect((await sweepStoredFiles(new Date(), storage)).deletedFiles).toEqual([stray]);
    expect(fs.existsSync(path.join(root, copy))).toBe(true);

    await (await db()).recording.update({ where: { id: recording.id }, data: { audioDeletedAt: new Date() } });
    expect((await sweepStoredFiles(new Date(), storage)).deletedFiles).toEqual([copy]);
    expect(fs.existsSync(path.join(root, original))).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
