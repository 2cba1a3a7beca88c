// The transcription job: download the original, decode it, run the speech engine in chunks, store the
// transcript and charge the decoded length by the second, all or nothing. A retried job never charges twice.
// Segments are saved as the chunks finish, so the transcript page fills in while the job runs; they are
// provisional until the final save replaces them, and removed if the job is cancelled or fails (ADR 025).
// The recording holds its length against the allowance from queue time until the charge replaces the hold (or a
// failure or cancel releases it). Once the transcript is saved, nothing (an email, a translation) can undo it.
import fs from "node:fs";
import path from "node:path";
import { Prisma, RecordingStatus } from "~/generated/prisma/client";
import { TranscriptReadyEmail } from "~/emails/transcript-ready";
import { EMAIL_WHEN_LONGER_THAN_SECONDS, quotedTitle, sendNotice } from "~/modules/platform/email.server";
import { configuredStorage, type FileStorage } from "~/services/storage/index.server";
import {
  decodedDurationSeconds,
  decodeSpeechPcm,
  type MediaSource,
  UnsupportedMediaError,
} from "~/services/transcription/audio.server";
import { configuredTranscriber, UnsupportedLanguageError } from "~/services/transcription/index.server";
import type { TranscriptSegment } from "~/services/transcription/engine";
import { applyGlossary, glossaryPrompt } from "~/services/transcription/glossary";
import { transcribeLong } from "~/services/transcription/long-audio.server";
import { configuredNeuralDiarizer } from "~/services/transcription/diarization-neural.server";
import { db } from "~/modules/platform/database.server";
import { appOrigin, dataDir } from "~/config/env.server";
import { nameKnownVoices } from "~/modules/speakers/speakers.server";
import { queueTranslation } from "~/modules/transcripts/translation-job.server";
import { formatUsage, secondsFor } from "~/modules/usage/usage";
import { AllowanceExceededError, reserveSeconds } from "~/modules/usage/usage.server";
import { defineJob, failJob, getJob } from "~/modules/platform/jobs.server";
import { metrics } from "~/modules/platform/metrics.server";
import { emitWebhookEvent } from "~/modules/webhooks/webhooks.server";
import {
  cancelTranscriptionJob,
  enqueueTranscription,
  TRANSCRIBE_QUEUE,
  TRANSCRIBE_RETRIES,
} from "~/modules/recordings/transcription-queue.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("jobs");
import { ensureFirstVersion } from "~/modules/transcripts/versions.server";

export const HEARTBEAT_MS = 5_000;
/** A processing recording whose heartbeat is older than this lost its worker. */
export const STALLED_AFTER_MS = 60_000;
/** Decoding may come out this much longer than the length held at upload without asking the allowance again. */
const DECODED_SLACK_SECONDS = 1;

const ACTIVE: RecordingStatus[] = [RecordingStatus.QUEUED, RecordingStatus.PROCESSING];

class CancelledError extends Error {}

/** The worker is stopping (a deploy, Ctrl-C): the transcription is handed to a new job, which runs on the next start. */
class WorkerStopping extends Error {}

/** A failure that a retry will not mend; its message is the sentence the user sees. */
class PermanentFailure extends Error {}

export async function runTranscription(
  recordingId: string,
  { finalAttempt, signal }: { finalAttempt: boolean; signal?: AbortSignal },
) {
  const database = await db();
  const recording = await database.recording.findUnique({
    where: { id: recordingId },
    include: { user: { select: { email: true } }, workspace: { select: { glossary: true } } },
  });
  // Deleted, cancelled, failed for good or already done (a retry after a crash past the commit): nothing to do.
  if (!recording || !ACTIVE.includes(recording.status)) return;

  const started = await database.recording.updateMany({
    where: { id: recordingId, status: { in: ACTIVE } },
    data: {
      status: RecordingStatus.PROCESSING,
      progress: 0,
      startedAt: new Date(),
      heartbeatAt: new Date(),
      failureReason: null,
    },
  });
  if (started.count === 0) return; // cancelled a moment ago
  // Which process holds which recording, for whoever reads the logs of several workers (and the scale test).
  log.info(`transcribing ${recordingId}`);
  // What an earlier, killed attempt saved as it went.
  await removePartialTranscript(recordingId);
  // The workspace's, as it is now: a team's recordings share one (ADR 034-workspace).
  const glossary = recording.workspace.glossary;

  const controller = new AbortController();
  // The engine and ffmpeg stop with the worker, as they do for a cancel.
  const stopWorking = () => controller.abort(new WorkerStopping());
  if (signal?.aborted) stopWorking();
  signal?.addEventListener("abort", stopWorking, { once: true });
  let progress = 0;
  // The heartbeat also carries progress and notices a cancel from the user.
  const heartbeat = setInterval(async () => {
    if (controller.signal.aborted) return;
    try {
      const current = await database.recording.update({
        where: { id: recordingId },
        data: { heartbeatAt: new Date(), progress },
        select: { status: true },
      });
      if (current.status === RecordingStatus.CANCELLED) controller.abort(new CancelledError());
    } catch {
      controller.abort(new CancelledError()); // the recording was deleted
    }
  }, HEARTBEAT_MS);

  // One folder per recording: a retry after a crash or kill -9 first clears what the killed attempt left.
  const workDir = jobDirectory(recordingId);
  await fs.promises.rm(workDir, { recursive: true, force: true });
  await fs.promises.mkdir(workDir, { recursive: true });
  let transcribed: { language: string | null; durationSeconds: number };
  try {
    const source = await jobSource(configuredStorage(), recording.storageKey, workDir);
    // What is charged is what decodes, whatever the file's header said: one quick pass measures it, so that the
    // allowance is settled before the engine runs.
    const durationSeconds = await decodedDurationSeconds(source);
    const charge = secondsFor(durationSeconds);
    await holdDecodedLength(recording, durationSeconds, charge);

    const { engine, vadModelPath } = configuredTranscriber();
    const engineStarted = performance.now();
    // Decoded again as the engine goes, never to a whole WAV (an 11-hour recording would be 1.3 GB of it).
    const audio = decodeSpeechPcm(source, { signal: controller.signal, name: recording.fileName });
    let saved = 0;
    const result = await transcribeLong(
      engine,
      audio,
      durationSeconds,
      {
        language: recording.language ?? undefined,
        speakerLabels: recording.speakerLabels,
        speakers: recording.speakerCount ?? "auto",
        prompt: glossaryPrompt(glossary),
        signal: controller.signal,
        // The download is done; decoding and the engine share the remaining 95%.
        onProgress: (fraction) => (progress = Math.min(99, 5 + Math.round(fraction * 94))),
      },
      {
        vadModelPath,
        tempDir: workDir,
        diarizer: recording.speakerLabels ? await configuredNeuralDiarizer() : null,
        // Shown on the transcript page while the job runs; replaced by the final save (with speakers).
        onSegments: async (settled) => {
          if (controller.signal.aborted) return;
          const rows = segmentRows(recordingId, applyGlossary(settled, glossary), saved);
          saved += rows.length;
          await database.transcriptSegment.createMany({ data: rows });
        },
      },
    );
    // transcribeLong labels speakers itself when the engine gives none; the glossary spells its terms.
    // Speakers whose voice is in the owner's speaker library are named after it (ADR 030).
    const named = await nameKnownVoices(
      recording.userId,
      recordingId,
      applyGlossary(result.segments, glossary),
      result.speakerVoices,
    );
    const segments = named.segments;
    if (controller.signal.aborted) throw controller.signal.reason;

    await database.$transaction(async (tx) => {
      // Conditional: a cancel that landed first wins, and nothing is charged.
      const done = await tx.recording.updateMany({
        where: { id: recordingId, status: { in: ACTIVE } },
        data: {
          status: RecordingStatus.COMPLETED,
          progress: 100,
          completedAt: new Date(),
          heartbeatAt: null,
          reservedSeconds: 0,
          engine: result.engine,
          model: result.model,
          transcriptLanguage: result.language ?? recording.language,
          glossary,
          speechRegions: result.speechRegions ?? Prisma.DbNull,
        },
      });
      if (done.count === 0) throw new CancelledError();
      await tx.transcriptSegment.deleteMany({ where: { recordingId } });
      await tx.transcriptSegment.createMany({ data: segmentRows(recordingId, segments) });
      await tx.speakerVoice.deleteMany({ where: { recordingId } });
      await tx.speakerVoice.createMany({ data: named.voices });
      // The unique recordingId makes this a no-op on a second run.
      await tx.usageCharge.upsert({
        where: { recordingId },
        create: { userId: recording.userId, recordingId, workspaceId: recording.workspaceId, seconds: charge },
        update: {},
      });
    });
    transcribed = { language: result.language ?? recording.language, durationSeconds };
    const { realTimeFactor, minutesCharged } = metrics();
    if (durationSeconds > 0)
      realTimeFactor.observe({ engine: result.engine }, (performance.now() - engineStarted) / 1000 / durationSeconds);
    minutesCharged.inc(charge / 60);
  } catch (error) {
    // Nothing was charged, so no partial text is kept (a retry starts from the beginning anyway).
    await removePartialTranscript(recordingId).catch((cleanup: unknown) =>
      log.error({ err: cleanup }, `could not remove the partial transcript of ${recordingId}`),
    );
    if (controller.signal.reason instanceof WorkerStopping) return handOver(recordingId);
    if (error instanceof CancelledError || controller.signal.reason instanceof CancelledError) return;
    // Bad input will not get better with a retry; anything else is retried, and only the last failure is final.
    const permanent = isPermanent(error);
    if (permanent || finalAttempt) {
      const reason = await failureReason(recordingId, error);
      await database.recording.updateMany({
        where: { id: recordingId, status: { not: RecordingStatus.CANCELLED } },
        data: {
          status: RecordingStatus.FAILED,
          failureReason: reason,
          reservedSeconds: 0,
          progress: 0,
          heartbeatAt: null,
        },
      });
      if (!permanent) log.error({ err: error }, `transcription of ${recordingId} failed for good`);
      await emitWebhookEvent(recording.workspaceId, "transcription.failed", {
        recordingId,
        title: recording.title,
        status: "failed",
        failureReason: reason,
      });
      if (permanent) return;
    } else {
      log.error({ err: error }, `transcription of ${recordingId} failed; it will be retried`);
      await database.recording.updateMany({
        where: { id: recordingId, status: { not: RecordingStatus.CANCELLED } },
        data: { status: RecordingStatus.QUEUED, progress: 0, heartbeatAt: null },
      });
    }
    throw error;
  } finally {
    signal?.removeEventListener("abort", stopWorking);
    clearInterval(heartbeat);
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }

  // The transcript is saved: what follows is best effort and never fails or re-runs the job.
  // Version 1 of the record (ADR 045): the machine transcript, hashed with the original's SHA-256.
  await ensureFirstVersion(recordingId).catch((error: unknown) =>
    console.error(`[jobs] could not save version 1 of ${recordingId}:`, String(error)),
  );
  await emitWebhookEvent(recording.workspaceId, "transcription.completed", {
    recordingId,
    title: recording.title,
    status: "completed",
    language: transcribed.language,
    durationSeconds: transcribed.durationSeconds,
  });
  if (recording.translateTo && recording.translateTo !== transcribed.language) {
    const language = recording.translateTo;
    await queueTranslation(recordingId, language).catch((error: unknown) =>
      log.error({ err: error }, `could not queue the ${language} translation of ${recordingId}`),
    );
  }
  if (transcribed.durationSeconds >= EMAIL_WHEN_LONGER_THAN_SECONDS) {
    const url = `${appOrigin()}/transcription/${recordingId}`;
    const subject = `Your transcript of ${quotedTitle(recording.title)} is ready`;
    await sendNotice(recording.user.email, subject, TranscriptReadyEmail({ title: recording.title, url }));
  }
}

/**
 * A transcription stopped by its worker's shutdown starts again from the beginning in a new job: as a crash would be,
 * but at once on the next start and without using up one of its retries (a deploy is no failure of the recording). Its
 * job then ends as done; a cancel meanwhile wins.
 */
async function handOver(recordingId: string) {
  await requeue(recordingId);
  log.info(`transcription of ${recordingId} stopped with the worker; it runs again on the next start`);
}

/** Gives a still-active recording a new job, from the beginning; a cancel meanwhile wins. */
async function requeue(recordingId: string): Promise<boolean> {
  const jobId = await enqueueTranscription(recordingId);
  const queued = await (
    await db()
  ).recording.updateMany({
    where: { id: recordingId, status: { in: ACTIVE } },
    data: { status: RecordingStatus.QUEUED, progress: 0, heartbeatAt: null, jobId },
  });
  if (queued.count === 0) await cancelTranscriptionJob(jobId);
  return queued.count > 0;
}

/** How long an active recording may go unchanged without a job in the queue before it is given one. */
const ORPHANED_AFTER_MS = 2 * 60_000;

/**
 * Recordings queued or processing whose job the queue does not hold: restored from a backup, which keeps the rows but
 * not the queue (ADR 043), or a queue emptied by hand. Each gets a new job, as a shutdown's hand-over does; without
 * one it would hold its minutes and say "queued" for ever. Returns their ids.
 */
export async function requeueOrphanedTranscriptions(now = new Date()): Promise<string[]> {
  const active = await (
    await db()
  ).recording.findMany({
    where: { status: { in: ACTIVE }, updatedAt: { lt: new Date(now.getTime() - ORPHANED_AFTER_MS) } },
    select: { id: true, jobId: true },
  });
  const requeued: string[] = [];
  for (const recording of active) {
    if (recording.jobId && (await getJob(TRANSCRIBE_QUEUE, recording.jobId))) continue;
    if (await requeue(recording.id)) requeued.push(recording.id);
  }
  if (requeued.length) log.info({ recordings: requeued }, "queued again: their jobs were not in the queue");
  return requeued;
}

/** Rows for the segments, numbered from `firstPosition`. */
function segmentRows(
  recordingId: string,
  segments: TranscriptSegment[],
  firstPosition = 0,
): Prisma.TranscriptSegmentCreateManyInput[] {
  return segments.map((segment, index) => ({
    recordingId,
    position: firstPosition + index,
    start: segment.start,
    end: segment.end,
    text: segment.text,
    speaker: segment.speaker,
    confidence: segment.confidence,
    words: segment.words.length ? segment.words.map((word) => ({ ...word })) : undefined,
  }));
}

/** Removes the segments saved while a transcription ran, unless it finished (then they are the transcript). */
async function removePartialTranscript(recordingId: string) {
  await (
    await db()
  ).transcriptSegment.deleteMany({
    where: { recordingId, recording: { status: { not: RecordingStatus.COMPLETED } } },
  });
}

/**
 * Makes the recording hold its decoded length. A file whose header understated its length (a Xing/VBR header
 * copied from a shorter file) needs more than was held at upload: the allowance must cover the rest, or the job
 * stops before the engine runs and nothing is charged.
 */
async function holdDecodedLength(
  recording: { id: string; userId: string; workspaceId: string; reservedSeconds: number },
  durationSeconds: number,
  charge: number,
) {
  const extra = charge - recording.reservedSeconds;
  const hold = { durationSeconds, reservedSeconds: charge };
  const where = { id: recording.id, status: RecordingStatus.PROCESSING };
  if (extra <= DECODED_SLACK_SECONDS) {
    await (await db()).recording.updateMany({ where, data: hold });
    return;
  }
  try {
    await reserveSeconds({ userId: recording.userId, workspaceId: recording.workspaceId }, extra, (tx) =>
      tx.recording.updateMany({ where, data: hold }),
    );
  } catch (error) {
    if (!(error instanceof AllowanceExceededError)) throw error;
    const { secondsLeft, planName, periodUnit } = error.allowance;
    throw new PermanentFailure(
      `This recording is ${formatUsage(charge)} long, longer than its file said, and you have ` +
        `${formatUsage(recording.reservedSeconds + (secondsLeft ?? 0))} left this ${periodUnit} on the ${planName} plan.`,
    );
  }
}

/** Bad input or a refusal: a retry will not mend it, and its message is written for the user. */
function isPermanent(error: unknown): error is Error {
  return [PermanentFailure, UnsupportedMediaError, UnsupportedLanguageError].some((kind) => error instanceof kind);
}

/** What the user reads: a sentence, never a raw error, and whether minutes were charged is checked, not assumed. */
async function failureReason(recordingId: string, error: unknown): Promise<string> {
  const charge = await (await db()).usageCharge.findUnique({ where: { recordingId }, select: { seconds: true } });
  const charged = charge ? `This recording was charged ${formatUsage(charge.seconds)}.` : "No minutes were charged.";
  if (isPermanent(error)) return `${error.message} ${charged}`;
  return `The transcription could not be completed because of an error on our side. ${charged} You can retry.`;
}

/**
 * What ffmpeg reads a recording from. A stored file on this machine is read where it is (decrypted as ffmpeg reads
 * it, when the store encrypts), so the job writes no plain copy of the upload; an S3 object is downloaded once into
 * the job's folder, since the job reads it twice (its decoded length, then the decode).
 */
async function jobSource(storage: FileStorage, key: string, workDir: string): Promise<MediaSource> {
  if (storage.name === "file") return { bytes: await storage.size(key), read: (range) => storage.read(key, range) };
  const local = path.join(workDir, "source");
  await storage.download(key, local);
  return local;
}

/** The scratch folder of a recording's transcription (an S3 download, and decoded speech for the engine). */
export const jobDirectory = (recordingId: string) => dataDir("tmp", `job-${recordingId}`);

/** Jobs whose worker stopped sending heartbeats: they are failed so that pg-boss retries them. */
export async function stalledTranscriptionJobs(now = new Date()): Promise<string[]> {
  const stalled = await (
    await db()
  ).recording.findMany({
    where: {
      status: RecordingStatus.PROCESSING,
      heartbeatAt: { lt: new Date(now.getTime() - STALLED_AFTER_MS) },
      jobId: { not: null },
    },
    select: { id: true, jobId: true },
  });
  // Their worker is gone and left its scratch files (when it ran on this machine).
  for (const recording of stalled) await fs.promises.rm(jobDirectory(recording.id), { recursive: true, force: true });
  if (stalled.length) {
    await (
      await db()
    ).recording.updateMany({
      where: { id: { in: stalled.map((recording) => recording.id) } },
      data: { status: RecordingStatus.QUEUED, progress: 0, heartbeatAt: null },
    });
  }
  return stalled.map((recording) => recording.jobId!);
}

/** A job that ran out of retries without finishing (its worker kept dying): the recording stops holding minutes. */
export async function abandonTranscription(recordingId: string) {
  await (
    await db()
  ).recording.updateMany({
    where: { id: recordingId, status: { in: ACTIVE } },
    data: {
      status: RecordingStatus.FAILED,
      progress: 0,
      heartbeatAt: null,
      reservedSeconds: 0,
      failureReason: "The transcription stopped unexpectedly several times. No minutes were charged. You can retry.",
    },
  });
}

/** Fails the jobs of workers that stopped sending heartbeats, so that pg-boss retries them elsewhere. */
export async function recoverStalledTranscriptions(now = new Date()) {
  const jobIds = await stalledTranscriptionJobs(now);
  for (const jobId of jobIds) {
    await failJob(TRANSCRIBE_QUEUE, jobId, "worker stopped");
    // With no retries left the job is over: its recording must not stay queued, holding minutes, for ever.
    const job = await getJob<{ recordingId: string }>(TRANSCRIBE_QUEUE, jobId);
    if (job?.state === "failed") await abandonTranscription(job.data.recordingId);
  }
  await requeueOrphanedTranscriptions(now);
  return jobIds;
}

export const transcriptionJobs = [
  defineJob<{ recordingId: string }>({
    queue: TRANSCRIBE_QUEUE,
    policy: TRANSCRIBE_RETRIES,
    deadLetter: true,
    work: (job) =>
      runTranscription(job.data.recordingId, { finalAttempt: job.retryCount >= job.retryLimit, signal: job.signal }),
  }),
  defineJob({
    queue: "recover-stalled-transcriptions",
    policy: { retryLimit: 0 },
    schedule: "* * * * *",
    runAtStart: true,
    work: () => recoverStalledTranscriptions(),
  }),
];
