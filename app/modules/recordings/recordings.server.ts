// Recordings: receiving an upload, queueing its transcription, and what the owner can do with it afterwards.
// Every query takes the owner's id, so one user can never reach another's recording (a 404, not a 403).
import crypto from "node:crypto";
import fs from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import busboy from "busboy";
import { data } from "react-router";
import { z } from "zod";
import { planById } from "~/content/plans";
import { featureRefusal, planIncludes } from "~/modules/billing/plan-features";
import { Prisma, RecordingStatus } from "~/generated/prisma/client";
import { configuredStorage, type IncomingObject, StorageError } from "~/services/storage/index.server";
import { probeAudio, UnsupportedMediaError } from "~/services/transcription/audio.server";
import { db, readSql } from "~/modules/platform/database.server";
import { hasRoomFor, isDiskFull } from "~/modules/platform/disk.server";
import { dataDir, getEnv } from "~/config/env.server";
import { highlightParts, MATCH_END, MATCH_START, type TextPart } from "~/utils/highlight";
import { sanitizeFileName } from "~/utils/text";
import { truncate } from "~/utils/truncate";
import { secondsFor } from "~/modules/usage/usage";
import { AllowanceExceededError, reserveSeconds } from "~/modules/usage/usage.server";
import { ExpectedError, formRefusal } from "~/modules/platform/refusals.server";
import { type AccessSource, recordAccess } from "~/modules/platform/access-log.server";
import { NO_FILE, tooLargeMessage, UploadOptionsSchema } from "./recording-forms";
import { cancelTranscriptionJob, enqueueTranscription } from "./transcription-queue.server";
import { DEFAULT_SORT, RECORDING_SORT_KEYS, type RecordingSort } from "./library-sorts";

/** A refused upload or action, with the HTTP status and a message for the user. */
export class RecordingError extends ExpectedError {}

/**
 * Upload options the schema refused. Its message joins every field's (the `{ error }` of the JSON and tus paths); the
 * dashboard's form answers with `reply` instead, each message beside its field and the options refilled.
 */
export class UploadOptionsError extends RecordingError {
  constructor(
    message: string,
    readonly reply: SubmissionResult<string[]>,
  ) {
    super(message, 400);
  }
}

const MB = 1024 * 1024;

/** The largest file this plan may upload, capped by the server's UPLOAD_MAX_BYTES. */
export function uploadLimitBytes(plan: string): number {
  return Math.min(planById(plan).maxUploadMB * MB, getEnv().UPLOAD_MAX_BYTES);
}

export const formatMegabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The refusal of a file over the plan's limit; the connection closes after it, so the client stops sending. */
export function tooLargeError(plan: string): RecordingError {
  return new RecordingError(tooLargeMessage(formatMegabytes(uploadLimitBytes(plan)), planById(plan).name), 413, {
    Connection: "close",
  });
}

const titleFrom = (fileName: string) => truncate(fileName.replace(/\.[^.]+$/, "").trim(), 200) || "Untitled recording";

/**
 * Streams a multipart upload (field "file" plus the options) to a temporary file with busboy, never into memory,
 * then hands it to acceptUploadedFile. Past the plan's limit it is refused with 413: at once from Content-Length,
 * or mid-stream (the connection is cut) when the body is bigger than it said or did not say. A disk short of
 * space refuses it with 507. A refused or aborted file leaves nothing behind: no file and no open descriptor.
 */
export async function receiveUpload(request: Request, userId: string): Promise<{ id: string; title: string }> {
  const user = await (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
  const limit = uploadLimitBytes(user.plan);
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limit + MB) throw tooLargeError(user.plan);
  await requireRoomFor(declared || limit);

  // An encrypting store seals the file while it arrives, and ffprobe then reads it through decryption: no plain
  // copy of the upload is written to disk. Other stores take a temporary file.
  const incoming = await configuredStorage().incoming?.();
  const temporaryPath = dataDir("tmp", `upload-${crypto.randomUUID()}`);
  if (!incoming) await fs.promises.mkdir(dataDir("tmp"), { recursive: true });
  try {
    const { fileName, fields } = await streamMultipart(
      request,
      limit,
      () => tooLargeError(user.plan),
      () => (incoming ? incoming.stream : fs.createWriteStream(temporaryPath)),
    );
    if (!fileName) throw new RecordingError(NO_FILE, 400);
    const file = incoming ? { incoming } : { temporaryPath };
    return await acceptUploadedFile(userId, { ...file, fileName, fields });
  } catch (error) {
    if (isDiskFull(error)) throw diskFullError();
    throw error;
  } finally {
    if (!incoming) await fs.promises.rm(temporaryPath, { force: true });
    await incoming?.discard();
  }
}

const MALFORMED = () => new RecordingError("The upload was interrupted or malformed. Please try again.", 400);

export const diskFullError = () =>
  new RecordingError(
    "The server is short of disk space and cannot take this file right now. Please try again later.",
    507,
  );

/** Refuses (507) an upload of `bytes` that would leave the disk with less than MIN_FREE_DISK_BYTES. */
export async function requireRoomFor(bytes: number) {
  if (!(await hasRoomFor(bytes))) throw diskFullError();
}

/** Streams the multipart body's "file" into what `open` returns (never into memory), and collects its fields. */
function streamMultipart(request: Request, limit: number, tooLarge: () => RecordingError, open: () => Writable) {
  return new Promise<{ fileName: string | null; fields: Record<string, string> }>((resolve, reject) => {
    const contentType = request.headers.get("Content-Type") ?? "";
    if (!request.body || !contentType.startsWith("multipart/form-data"))
      return reject(new RecordingError("Send the file as multipart/form-data.", 400));
    let parser: busboy.Busboy;
    try {
      // busboy reports reaching fileSize, so a file of exactly `limit` bytes needs one more.
      // Browsers send the file name as raw UTF-8; busboy would read it as latin1.
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: { fileSize: limit + 1, files: 1, fields: 20, parts: 25 },
      });
    } catch {
      return reject(MALFORMED());
    }
    const source = Readable.fromWeb(request.body as never);
    const fields: Record<string, string> = {};
    let fileName: string | null = null;
    let output: Writable | null = null;
    let written: Promise<void> = Promise.resolve();
    let failed = false;
    // Every way out closes the file before the promise settles, so the caller's rm frees its space (an unlinked
    // file that is still open keeps its blocks, invisible to du). A body that is still arriving (a file past the
    // limit) is read on and dropped rather than destroyed: destroying it would reset the connection before the 413
    // is sent, and the client would see a dropped connection instead of the message (the answer closes it).
    const fail = (error: unknown, { drain = false } = {}) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      if (drain) source.resume();
      else source.destroy();
      // After busboy's own event handler returns: it still touches the file stream once "limit" is emitted.
      process.nextTick(() => {
        parser.destroy();
        if (!output || output.closed) return reject(error);
        output.once("close", () => reject(error));
        output.destroy();
      });
    };
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || fileName !== null) return void stream.resume();
      fileName = info.filename || "recording";
      stream.on("limit", () => fail(tooLarge(), { drain: true }));
      output = open();
      written = pipeline(stream, output);
      // A store that cannot take the file says why (a full disk, a write that failed); anything else is the body's.
      written.catch((error: unknown) => fail(isDiskFull(error) || error instanceof StorageError ? error : MALFORMED()));
    });
    parser.on("error", () => fail(MALFORMED()));
    parser.on("close", () =>
      written.then(
        () => !failed && resolve({ fileName, fields }),
        () => {},
      ),
    );
    source.on("error", () => fail(MALFORMED()));
    source.pipe(parser);
  });
}

/** Upload options as they arrive (form fields or tus metadata), checked against the user's plan. */
export async function checkUploadOptions(userId: string, fields: Record<string, string>) {
  const user = await (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
  const options = parseWithZod(new URLSearchParams(fields), { schema: UploadOptionsSchema });
  // The JSON and tus paths read a refusal as one `{ error }` message: every field's, in order.
  if (options.status !== "success") {
    throw new UploadOptionsError(
      Object.values(options.error ?? {})
        .flat()
        .join(" ") || "Check the upload options.",
      options.reply(),
    );
  }
  if (options.value.speakerLabels && !planIncludes(user.plan, "speakerLabels")) {
    throw new RecordingError(featureRefusal("speakerLabels"), 403);
  }
  if (options.value.translateTo && !planIncludes(user.plan, "translation")) {
    throw new RecordingError(featureRefusal("translation"), 403);
  }
  return { plan: user.plan, options: options.value };
}

/**
 * Where a file that arrived completely is: a plain temporary file (with, from an encrypting store, the copy it
 * sealed meanwhile), or only the sealed copy.
 */
type ArrivedFile =
  { temporaryPath: string; incoming?: IncomingObject } | { temporaryPath?: undefined; incoming: IncomingObject };

/**
 * A file that arrived completely (plain form post or tus): checks its options, its content (415) and the
 * minutes left (403; its length is held against them until it is charged), then stores it and queues its
 * transcription. The temporary file is moved or left for the caller to delete.
 */
export async function acceptUploadedFile(
  userId: string,
  upload: ArrivedFile & { fileName: string; fields: Record<string, string> },
): Promise<{ id: string; title: string }> {
  const { options } = await checkUploadOptions(userId, upload.fields);
  // The name is the user's text, from a multipart header or tus metadata: stored cleaned, shown escaped (React).
  const fileName = sanitizeFileName(upload.fileName);
  // ffprobe reads the plain file, or the sealed copy through decryption when there is no plain one.
  const content = upload.temporaryPath === undefined ? await upload.incoming.written() : upload.temporaryPath;
  let probe;
  try {
    probe = await probeAudio(content);
  } catch (error) {
    if (error instanceof UnsupportedMediaError) throw new RecordingError(error.message, 415);
    throw error;
  }

  // The row is written together with the hold on the minutes, so uploads sent at once cannot pass the allowance.
  const id = crypto.randomUUID().replace(/-/g, "");
  const storageKey = `recordings/${userId}/${id}.${probe.extension}`;
  const size = typeof content === "string" ? (await fs.promises.stat(content)).size : content.bytes;
  const seconds = secondsFor(probe.durationSeconds);
  const recording = await holdingAllowance(() =>
    reserveSeconds(userId, seconds, (tx) =>
      tx.recording.create({
        data: {
          id,
          userId,
          title: titleFrom(fileName),
          fileName,
          storageKey,
          sizeBytes: size,
          mimeType: probe.mimeType,
          durationSeconds: probe.durationSeconds,
          language: options.language === "auto" ? null : options.language,
          speakerLabels: options.speakerLabels,
          speakerCount: options.speakerLabels ? options.speakerCount : null,
          translateTo: options.translateTo,
          status: RecordingStatus.QUEUED,
          reservedSeconds: seconds,
        },
      }),
    ),
  );
  try {
    if (upload.temporaryPath === undefined) await upload.incoming.commit(storageKey, size);
    else if (!(await committed(upload.incoming, storageKey, size)))
      await configuredStorage().putFile(storageKey, upload.temporaryPath);
    await startJob(recording.id);
  } catch (error) {
    // Deleting the row releases its hold on the minutes.
    await (await db()).recording.delete({ where: { id } }).catch(() => {});
    await configuredStorage()
      .delete(storageKey)
      .catch(() => {});
    throw error;
  }
  return { id: recording.id, title: recording.title };
}

/**
 * Files the copy an encrypting store sealed while the file arrived; false when there is none, or when it is not
 * whole (a tus part whose sealing failed), and the plain file must be stored instead.
 */
async function committed(incoming: IncomingObject | undefined, storageKey: string, bytes: number) {
  if (!incoming) return false;
  try {
    await incoming.commit(storageKey, bytes);
    return true;
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    console.warn(`[uploads] storing ${storageKey} in one pass: ${error.message}`);
    return false;
  }
}

/** Runs a reservation; an allowance that does not cover it is a 403 with the minutes and seconds left. */
async function holdingAllowance<T>(reserve: () => Promise<T>): Promise<T> {
  try {
    return await reserve();
  } catch (error) {
    if (error instanceof AllowanceExceededError) throw new RecordingError(error.message, 403);
    throw error;
  }
}

/** Queues the transcription of a recording that is QUEUED and holds its minutes. */
async function startJob(recordingId: string) {
  const jobId = await enqueueTranscription(recordingId);
  await (await db()).recording.update({ where: { id: recordingId }, data: { jobId } });
}

/**
 * The dashboard form's answer to a refused upload (ADR 011): options the schema refused come back beside their
 * fields; the file's refusals (none, too large, not audio, the minutes or the plan) are the form's errors, as the
 * same refusals of the JavaScript (tus) upload are, so the form shows them with or without JavaScript.
 */
export function uploadFormRefusal(refusal: ExpectedError) {
  if (refusal instanceof UploadOptionsError) return data(refusal.reply, { status: refusal.status });
  return formRefusal(refusal.message, refusal.status);
}

/** The owner's recording, or a 404 for anyone else. */
export async function requireOwnRecording(userId: string, recordingId: string) {
  const recording = await (await db()).recording.findFirst({ where: { id: recordingId, userId } });
  if (!recording) throw new RecordingError("Recording not found.", 404);
  return recording;
}

export async function cancelRecording(userId: string, recordingId: string) {
  const recording = await requireOwnRecording(userId, recordingId);
  // Conditional, so a cancel never overwrites a transcript that was saved a moment ago.
  const { count } = await (
    await db()
  ).recording.updateMany({
    where: { id: recordingId, userId, status: { in: [RecordingStatus.QUEUED, RecordingStatus.PROCESSING] } },
    data: { status: RecordingStatus.CANCELLED, progress: 0, reservedSeconds: 0 },
  });
  if (count === 0) throw new RecordingError("Only a queued or running transcription can be cancelled.", 409);
  // The text saved so far goes with it: nothing is charged, so nothing is kept (the job removes any it adds later).
  await (await db()).transcriptSegment.deleteMany({ where: { recordingId } });
  // The worker sees the status on its next heartbeat and stops; a queued job is cancelled outright.
  if (recording.jobId) await cancelTranscriptionJob(recording.jobId);
}

/** Queues a failed or cancelled transcription again, if the minutes left cover it (they are held again). */
export async function retryRecording(userId: string, recordingId: string) {
  const recording = await requireOwnRecording(userId, recordingId);
  const retryable: RecordingStatus[] = [RecordingStatus.FAILED, RecordingStatus.CANCELLED];
  const notRetryable = () => new RecordingError("Only a failed or cancelled transcription can be retried.", 409);
  if (!retryable.includes(recording.status)) throw notRetryable();
  if (recording.audioDeletedAt)
    throw new RecordingError("The audio of this recording was deleted, so it cannot be transcribed again.", 409);
  const seconds = secondsFor(recording.durationSeconds);
  const { count } = await holdingAllowance(() =>
    reserveSeconds(userId, seconds, (tx) =>
      tx.recording.updateMany({
        where: { id: recordingId, userId, status: { in: retryable } },
        data: {
          status: RecordingStatus.QUEUED,
          reservedSeconds: seconds,
          progress: 0,
          failureReason: null,
          jobId: null,
        },
      }),
    ),
  );
  if (count === 0) throw notRetryable(); // a second retry sent at the same moment
  try {
    await startJob(recordingId);
  } catch (error) {
    await (
      await db()
    ).recording.updateMany({
      where: { id: recordingId, status: RecordingStatus.QUEUED },
      data: {
        status: RecordingStatus.FAILED,
        reservedSeconds: 0,
        failureReason: "The transcription could not be queued. No minutes were charged. You can retry.",
      },
    });
    throw error;
  }
}

export async function renameRecording(userId: string, recordingId: string, title: string) {
  await requireOwnRecording(userId, recordingId);
  await (await db()).recording.update({ where: { id: recordingId }, data: { title } });
}

/** Deletes the recording, its transcript and the stored file. Minutes already charged stay charged. */
export async function deleteRecording(userId: string, recordingId: string, source: AccessSource = {}) {
  const recording = await requireOwnRecording(userId, recordingId);
  if (
    recording.jobId &&
    (recording.status === RecordingStatus.QUEUED || recording.status === RecordingStatus.PROCESSING)
  ) {
    await cancelTranscriptionJob(recording.jobId);
  }
  await (await db()).recording.delete({ where: { id: recordingId } });
  await configuredStorage().delete(recording.storageKey);
  await recordAccess(userId, "recording.deleted", { ...source, detail: recording.title });
}

// Ties (same length, same status…) fall back to newest first, and then the id, so pages never repeat or skip a row.
const THEN = Prisma.sql`r."createdAt" DESC, r."id"`;
const SPEAKERS = Prisma.sql`(SELECT count(DISTINCT s."speaker") FROM "TranscriptSegment" s WHERE s."recordingId" = r."id")`;
const FOLDER_NAME = Prisma.sql`(SELECT lower(f."name") FROM "Folder" f WHERE f."id" = r."folderId")`;
// The order a recording goes through: waiting, working, done, then the two ways it can stop.
const STATUS_ORDER = Prisma.sql`CASE r."status" WHEN 'QUEUED' THEN 0 WHEN 'PROCESSING' THEN 1 WHEN 'COMPLETED' THEN 2
  WHEN 'FAILED' THEN 3 ELSE 4 END`;

/** Each column's two orders (library-sorts.ts); recordings in no folder come last either way. */
export const RECORDING_SORTS: Record<RecordingSort, { orderBy: Prisma.Sql }> = {
  newest: { orderBy: Prisma.sql`r."createdAt" DESC, r."id"` },
  oldest: { orderBy: Prisma.sql`r."createdAt" ASC, r."id"` },
  title: { orderBy: Prisma.sql`lower(r."title") ASC, ${THEN}` },
  "title-desc": { orderBy: Prisma.sql`lower(r."title") DESC, ${THEN}` },
  longest: { orderBy: Prisma.sql`r."durationSeconds" DESC, ${THEN}` },
  shortest: { orderBy: Prisma.sql`r."durationSeconds" ASC, ${THEN}` },
  status: { orderBy: Prisma.sql`${STATUS_ORDER} ASC, ${THEN}` },
  "status-desc": { orderBy: Prisma.sql`${STATUS_ORDER} DESC, ${THEN}` },
  "most-speakers": { orderBy: Prisma.sql`${SPEAKERS} DESC, ${THEN}` },
  "fewest-speakers": { orderBy: Prisma.sql`${SPEAKERS} ASC, ${THEN}` },
  folder: { orderBy: Prisma.sql`${FOLDER_NAME} ASC NULLS LAST, ${THEN}` },
  "folder-desc": { orderBy: Prisma.sql`${FOLDER_NAME} DESC NULLS LAST, ${THEN}` },
};

export const RecordingListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, "Search terms can be at most 200 characters.")
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(RECORDING_SORT_KEYS).catch(DEFAULT_SORT).default(DEFAULT_SORT),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  // The library's filters (library.server.ts): a folder's id or "none", and a tag's name.
  folder: z
    .string()
    .max(64, "Choose a folder from the list.")
    .optional()
    .transform((value) => value || undefined),
  tag: z
    .string()
    .trim()
    .max(40, "Tags can be at most 40 characters.")
    .optional()
    .transform((value) => value || undefined),
});

/** How many recordings the user has, in any state. */
export async function recordingCount(userId: string): Promise<number> {
  return (await db()).recording.count({ where: { userId } });
}

export const RECORDINGS_PAGE_SIZE = 20;

export interface RecordingListItem {
  id: string;
  title: string;
  fileName: string;
  status: RecordingStatus;
  progress: number;
  durationSeconds: number;
  sizeBytes: number;
  language: string | null;
  createdAt: Date;
  folderId: string | null;
  /** With a search: the best-matching transcript passage, split around the matches. */
  snippet: TextPart[] | null;
  /** Its tags' names, A to Z. */
  tags: string[];
  /** How many different speakers its transcript names (0 without speaker labels). */
  speakers: number;
  /** What retention goes by. */
  completedAt: Date | null;
  audioDeletedAt: Date | null;
}

// A list item's columns, its tags read along in the same query (a few index lookups per row of the page).
const LIST_COLUMNS = Prisma.sql`r."id", r."title", r."fileName", r."status", r."progress", r."durationSeconds",
  r."sizeBytes", COALESCE(r."transcriptLanguage", r."language") AS "language", r."createdAt", r."folderId",
  r."completedAt", r."audioDeletedAt",
  ARRAY(SELECT t."name" FROM "RecordingTag" rt JOIN "Tag" t ON t."id" = rt."tagId"
        WHERE rt."recordingId" = r."id" ORDER BY t."name") AS "tags",
  ${SPEAKERS}::int AS "speakers"`;

// One passage of about a dozen words around the first matching segment's hits.
const HEADLINE_OPTIONS = `StartSel="${MATCH_START}", StopSel="${MATCH_END}", MaxFragments=1, MaxWords=18, MinWords=6`;

type RecordingListQuery = z.infer<typeof RecordingListQuerySchema>;
/** The dashboard asks without the library's filters. */
type ListQuery = Pick<RecordingListQuery, "q" | "sort" | "page"> & Partial<RecordingListQuery>;

/** The folder and tag filters as SQL on `r` (the owner's recordings); a tag matches whatever its case. */
function libraryFilter(userId: string, query: ListQuery) {
  const inFolder = !query.folder
    ? Prisma.empty
    : query.folder === "none"
      ? Prisma.sql` AND r."folderId" IS NULL`
      : Prisma.sql` AND r."folderId" = ${query.folder}`;
  const tagged = query.tag
    ? Prisma.sql` AND EXISTS (SELECT 1 FROM "RecordingTag" rt JOIN "Tag" t ON t."id" = rt."tagId"
        WHERE rt."recordingId" = r."id" AND t."userId" = ${userId} AND lower(t."name") = lower(${query.tag}))`
    : Prisma.empty;
  return Prisma.sql`${inFolder}${tagged}`;
}

/**
 * The owner's recordings, newest first by default, in a folder and with a tag when the query names them. A search
 * uses PostgreSQL full-text search over titles and transcripts (websearch syntax: quotes, OR, -word) and returns a
 * highlighted passage from each match.
 */
export async function listRecordings(
  userId: string,
  query: ListQuery,
  { pageSize = RECORDINGS_PAGE_SIZE }: { pageSize?: number } = {},
) {
  const database = await db();
  const offset = (query.page - 1) * pageSize;
  const orderBy = RECORDING_SORTS[query.sort].orderBy;
  const filter = libraryFilter(userId, query);
  if (!query.q) {
    // The page and the total in one round trip (the count rides along as a window over the matching rows).
    // Straight to the database, like every read on every signed-in page (Database.read).
    const rows = await readSql<RecordingListItem & { total: bigint | number | string }>(Prisma.sql`
      SELECT ${LIST_COLUMNS},
             NULL AS "snippet", count(*) OVER () AS "total"
      FROM "Recording" r WHERE r."userId" = ${userId}${filter}
      ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${offset}`);
    // A page past the end has no rows to carry the count: only then is it asked for separately.
    const total = rows.length
      ? Number(rows[0].total)
      : offset === 0
        ? 0
        : Number(
            (
              await database.$queryRaw<[{ count: bigint }]>`
                SELECT count(*) AS count FROM "Recording" r WHERE r."userId" = ${userId}${filter}`
            )[0].count,
          );
    const items = rows.map(({ total: _total, ...item }): RecordingListItem => item);
    return { items, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
  }
  // ts_headline escapes nothing: it marks the matches with control characters, and the passage goes to the page as
  // text parts, never as HTML.
  const matches = Prisma.sql`
    WITH q AS (SELECT websearch_to_tsquery('simple', ${query.q}) AS query),
    hits AS (
      SELECT r."id",
             (SELECT ts_headline('simple', s."text", q.query, ${HEADLINE_OPTIONS})
                FROM "TranscriptSegment" s
               WHERE s."recordingId" = r."id" AND to_tsvector('simple', s."text") @@ q.query
               ORDER BY s."position" LIMIT 1) AS "snippet"
      FROM "Recording" r, q
      WHERE r."userId" = ${userId}${filter}
        AND (to_tsvector('simple', r."title") @@ q.query
             OR EXISTS (SELECT 1 FROM "TranscriptSegment" s WHERE s."recordingId" = r."id" AND to_tsvector('simple', s."text") @@ q.query))
    )`;
  const [[{ count }], rows] = await Promise.all([
    database.$queryRaw<[{ count: bigint }]>`${matches} SELECT count(*) AS count FROM hits`,
    database.$queryRaw<(Omit<RecordingListItem, "snippet"> & { snippet: string | null })[]>`${matches}
      SELECT ${LIST_COLUMNS},
             hits."snippet"
      FROM hits JOIN "Recording" r ON r."id" = hits."id"
      ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${offset}`,
  ]);
  const total = Number(count);
  return {
    items: rows.map((row): RecordingListItem => ({
      ...row,
      snippet: row.snippet ? highlightParts(row.snippet) : null,
    })),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
