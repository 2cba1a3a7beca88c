// Receiving an upload (a plain form post, tus or a URL import hands its file here): the plan's limits, the disk,
// the options, the content, the hold on the minutes, storing the file and queueing its transcription.
import crypto from "node:crypto";
import fs from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import busboy from "busboy";
import { data } from "react-router";
import { planById } from "~/content/plans";
import { featureRefusal, planIncludes } from "~/modules/billing/plan-features";
import { RecordingStatus } from "~/generated/prisma/client";
import { configuredStorage, type IncomingObject, StorageError } from "~/services/storage/index.server";
import { probeAudio, UnsupportedMediaError } from "~/services/transcription/audio.server";
import { db } from "~/modules/platform/database.server";
import { requireWorkspaceAction } from "~/modules/workspaces/workspaces.server";
import { accessScope, foldersWhere, type Reader, readerId } from "~/modules/workspaces/access.server";
import { hasRoomFor, isDiskFull } from "~/modules/platform/disk.server";
import { dataDir, getEnv } from "~/config/env.server";
import { sanitizeFileName } from "~/utils/text";
import { truncate } from "~/utils/truncate";
import { secondsFor } from "~/modules/usage/usage";
import { AllowanceExceededError, reserveSeconds } from "~/modules/usage/usage.server";
import { type ExpectedError, formRefusal } from "~/modules/platform/refusals.server";
import { RecordingError } from "./ownership.server";
import { NO_FILE, tooLargeMessage, UploadOptionsSchema } from "./recording-forms";
import { enqueueTranscription } from "./transcription-queue.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("uploads");

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
export async function receiveUpload(request: Request, reader: Reader): Promise<{ id: string; title: string }> {
  const userId = readerId(reader);
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
    return await acceptUploadedFile(reader, { ...file, fileName, fields });
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
  reader: Reader,
  upload: ArrivedFile & { fileName: string; fields: Record<string, string> },
): Promise<{ id: string; title: string }> {
  const userId = readerId(reader);
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
  // Into the uploader's current workspace, or an API key's own (ADR 034-workspace), when their role there allows
  // uploading (a viewer's does not).
  const scope = await accessScope(reader);
  const { workspaceId } = scope;
  await requireWorkspaceAction(userId, workspaceId, "upload");
  // Into a folder only where the reader sees it: a restricted folder that does not name them is a 404, as everywhere.
  if (
    options.folderId &&
    !(await (
      await db()
    ).folder.findFirst({ where: { id: options.folderId, ...foldersWhere(scope) }, select: { id: true } }))
  )
    throw new RecordingError("Folder not found.", 404);
  const recording = await holdingAllowance(() =>
    reserveSeconds({ userId, workspaceId }, seconds, (tx) =>
      tx.recording.create({
        data: {
          id,
          userId,
          workspaceId,
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
          folderId: options.folderId,
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
    log.warn(`storing ${storageKey} in one pass: ${error.message}`);
    return false;
  }
}

/** Runs a reservation; an allowance that does not cover it is a 403 with the minutes and seconds left. */
export async function holdingAllowance<T>(reserve: () => Promise<T>): Promise<T> {
  try {
    return await reserve();
  } catch (error) {
    if (error instanceof AllowanceExceededError) throw new RecordingError(error.message, 403);
    throw error;
  }
}

/** Queues the transcription of a recording that is QUEUED and holds its minutes. */
export async function startJob(recordingId: string) {
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
