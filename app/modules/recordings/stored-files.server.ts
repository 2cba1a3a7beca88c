// Keeping storage and the database in step: a user's files go with the account, and a periodic sweep finds what
// a crash left out of step both ways (a stored file with no recording, a recording whose file is gone).
import path from "node:path";
import { RecordingStatus } from "~/generated/prisma/client";
import type { MediaSource } from "~/services/transcription/audio.server";
import { configuredStorage } from "~/services/storage/index.server";
import { type FileStorage, type StoredObject, StoredObjectMissingError } from "~/services/storage/storage";
import { db } from "~/modules/platform/database.server";
import { defineJob } from "~/modules/platform/jobs.server";
import { countOf } from "~/utils/plural";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("jobs");

export const RECORDINGS_PREFIX = "recordings/";
export const userRecordingsPrefix = (userId: string) => `${RECORDINGS_PREFIX}${userId}/`;

/**
 * Copies made from a recording's audio (its redacted audio, ADR 048) are stored beside it, their keys its key and
 * this infix: they go with the user's files, any deletion of the audio takes them by this prefix, and the sweep
 * keeps them only while their original is kept.
 */
export const derivedAudioPrefix = (storageKey: string) => `${storageKey}.redacted-`;
const DERIVED_AUDIO = /^(.+)\.redacted-[^/]+$/;

/** Deletes every stored copy made from the audio stored under `storageKey`. Returns how many. */
export async function deleteDerivedAudio(storageKey: string, storage: FileStorage = configuredStorage()) {
  // Listed first, deleted after: deleting while paging could skip objects.
  const keys: string[] = [];
  for await (const object of storage.list(derivedAudioPrefix(storageKey))) keys.push(object.key);
  for (const key of keys) await storage.delete(key);
  return keys.length;
}

/** The media for ffmpeg of a stored file: read in place from file storage, else downloaded into `workDir`. */
export async function storedMediaSource(storageKey: string, workDir: string): Promise<MediaSource> {
  const storage = configuredStorage();
  if (storage.name === "file")
    return { bytes: await storage.size(storageKey), read: (range) => storage.read(storageKey, range) };
  const local = path.join(workDir, "source");
  await storage.download(storageKey, local);
  return local;
}

/** Files and rows younger than this may belong to an upload in progress (stored, row not yet written). */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
const BATCH = 500;

export const MISSING_AUDIO_REASON =
  "The original audio of this recording is missing from storage, so it cannot be played or transcribed again. Upload it again if you still have it.";

/** Deletes every stored object of a user (after the account's rows are gone). Returns how many. */
export async function deleteUserFiles(userId: string, storage: FileStorage = configuredStorage()): Promise<number> {
  const keys: string[] = [];
  for await (const object of storage.list(userRecordingsPrefix(userId))) keys.push(object.key);
  for (const key of keys) await storage.delete(key);
  return keys.length;
}

async function exists(storage: FileStorage, key: string): Promise<boolean> {
  try {
    await storage.size(key);
    return true;
  } catch (error) {
    if (error instanceof StoredObjectMissingError) return false;
    throw error;
  }
}

/**
 * One pass over storage and the recordings, in batches: stored files older than ORPHAN_MIN_AGE_MS that no
 * recording points at are deleted; recordings older than that whose file is missing are marked (FAILED with
 * MISSING_AUDIO_REASON, or just the reason on a finished transcript, which stays readable). Running it again
 * changes nothing more.
 */
export async function sweepStoredFiles(now = new Date(), storage: FileStorage = configuredStorage()) {
  const database = await db();
  const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS;
  const deletedFiles: string[] = [];

  let batch: StoredObject[] = [];
  const flush = async () => {
    const keys = batch.map((object) => object.key);
    batch = [];
    // A copy made from a recording's audio belongs to it while the audio is kept.
    const originalOf = (key: string) => DERIVED_AUDIO.exec(key)?.[1];
    const originals = keys.map((key) => originalOf(key) ?? key);
    const rows = await database.recording.findMany({
      where: { storageKey: { in: originals } },
      select: { storageKey: true, audioDeletedAt: true },
    });
    const known = new Set(rows.map((row) => row.storageKey));
    for (const key of keys) {
      const original = originalOf(key);
      if (original && rows.some((row) => row.storageKey === original && !row.audioDeletedAt)) known.add(key);
    }
    for (const key of keys.filter((candidate) => !known.has(candidate))) {
      await storage.delete(key);
      deletedFiles.push(key);
    }
  };
  for await (const object of storage.list(RECORDINGS_PREFIX)) {
    if (object.modifiedAt.getTime() > cutoff) continue;
    batch.push(object);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();

  const missingFiles: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const rows = await database.recording.findMany({
      where: {
        createdAt: { lt: new Date(cutoff) },
        // A running job has the file in hand; a row already marked is not checked again.
        status: { not: RecordingStatus.PROCESSING },
        // Audio deleted on purpose (by the user or retention) is not missing.
        audioDeletedAt: null,
        OR: [{ failureReason: null }, { failureReason: { not: MISSING_AUDIO_REASON } }],
      },
      select: { id: true, storageKey: true, status: true },
      orderBy: { id: "asc" },
      take: BATCH,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (rows.length === 0) break;
    cursor = rows.at(-1)!.id;
    for (const row of rows) {
      if (await exists(storage, row.storageKey)) continue;
      const finished = row.status === RecordingStatus.COMPLETED;
      await database.recording.update({
        where: { id: row.id },
        data: finished
          ? { failureReason: MISSING_AUDIO_REASON }
          : { status: RecordingStatus.FAILED, progress: 0, failureReason: MISSING_AUDIO_REASON },
      });
      missingFiles.push(row.storageKey);
    }
  }
  return { deletedFiles, missingFiles };
}

/** Stored files and recordings out of step (a crash between storing and the row): hourly, on one worker. */
export const sweepStoredFilesJob = defineJob({
  queue: "sweep-stored-files",
  policy: { retryLimit: 1, expireInSeconds: 60 * 60 },
  schedule: "41 * * * *",
  work: async () => {
    const { deletedFiles, missingFiles } = await sweepStoredFiles();
    if (deletedFiles.length || missingFiles.length) {
      log.info(
        `storage sweep: ${countOf(deletedFiles.length, "orphaned file")} deleted, ` +
          `${countOf(missingFiles.length, "recording")} missing their file`,
      );
    }
  },
});
