// The transcription job: download the original, decode it, run the speech engine in chunks, store the
// transcript and charge the minutes, all or nothing. A retried job never charges twice.
import fs from "node:fs";
import path from "node:path";
import { RecordingStatus } from "~/generated/prisma/client";
import { TranscriptReadyEmail } from "~/emails/transcript-ready";
import { sendTemplateEmail } from "~/emails/send.server";
import { getStorage } from "~/services/storage/index.server";
import { decodeSpeechPcm, UnsupportedMediaError } from "~/services/transcription/audio.server";
import { speechEngine, UnsupportedLanguageError } from "~/services/transcription/index.server";
import { transcribeLong } from "~/services/transcription/vad.server";
import { db } from "./database.server";
import { appOrigin, dataDir } from "./env.server";
import { queueTranslation } from "./translation-job.server";
import { minutesFor } from "./usage.server";

export const HEARTBEAT_MS = 5_000;
/** A processing recording whose heartbeat is older than this lost its worker. */
export const STALLED_AFTER_MS = 60_000;
/** Transcripts of recordings at least this long are announced by email: the user has likely left the page. */
export const EMAIL_WHEN_LONGER_THAN_SECONDS = 5 * 60;

class CancelledError extends Error {}

export async function runTranscription(recordingId: string, { finalAttempt }: { finalAttempt: boolean }) {
  const database = await db();
  const recording = await database.recording.findUnique({ where: { id: recordingId }, include: { user: { select: { email: true } } } });
  // Deleted, cancelled or already done (a retry after a crash that happened after the commit): nothing to do.
  if (!recording || recording.status === RecordingStatus.COMPLETED || recording.status === RecordingStatus.CANCELLED) return;

  await database.recording.update({
    where: { id: recordingId },
    data: { status: RecordingStatus.PROCESSING, progress: 0, startedAt: new Date(), heartbeatAt: new Date(), failureReason: null },
  });

  const controller = new AbortController();
  let progress = 0;
  // The heartbeat also carries progress and notices a cancel from the user.
  const heartbeat = setInterval(async () => {
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
  try {
    const source = path.join(workDir, "source");
    await getStorage().download(recording.storageKey, source);
    const engine = speechEngine();
    // Decoded as the engine goes, never to a whole WAV (an 11-hour recording would be 1.3 GB of it).
    const audio = decodeSpeechPcm(source, { signal: controller.signal });
    const result = await transcribeLong(engine, audio, recording.durationSeconds, {
      language: recording.language ?? undefined,
      speakerLabels: recording.speakerLabels,
      signal: controller.signal,
      // The download is done; decoding and the engine share the remaining 95%.
      onProgress: (fraction) => (progress = Math.min(99, 5 + Math.round(fraction * 94))),
    }, { tempDir: workDir });
    // transcribeLong labels speakers itself when the engine gives none.
    const segments = result.segments;
    if (controller.signal.aborted) throw new CancelledError();

    await database.$transaction(async (tx) => {
      const current = await tx.recording.findUnique({ where: { id: recordingId }, select: { status: true } });
      if (!current || current.status === RecordingStatus.CANCELLED) throw new CancelledError();
      await tx.transcriptSegment.deleteMany({ where: { recordingId } });
      await tx.transcriptSegment.createMany({
        data: segments.map((segment, position) => ({
          recordingId,
          position,
          start: segment.start,
          end: segment.end,
          text: segment.text,
          speaker: segment.speaker,
          confidence: segment.confidence,
          words: segment.words.length ? segment.words.map((word) => ({ ...word })) : undefined,
        })),
      });
      // The unique recordingId makes this a no-op on a second run.
      await tx.usageCharge.upsert({
        where: { recordingId },
        create: { userId: recording.userId, recordingId, minutes: minutesFor(recording.durationSeconds) },
        update: {},
      });
      await tx.recording.update({
        where: { id: recordingId },
        data: {
          status: RecordingStatus.COMPLETED,
          progress: 100,
          completedAt: new Date(),
          heartbeatAt: null,
          engine: result.engine,
          model: result.model,
          transcriptLanguage: result.language ?? recording.language,
        },
      });
    });

    // A translation chosen at upload is queued once the transcript is saved; if it fails, the transcript still stands.
    if (recording.translateTo && recording.translateTo !== (result.language ?? recording.language)) {
      await queueTranslation(recordingId, recording.translateTo).catch((error: unknown) =>
        console.error(`[jobs] could not queue the translation of ${recordingId} into ${recording.translateTo}:`, error instanceof Error ? error.message : error),
      );
    }

    if (recording.durationSeconds >= EMAIL_WHEN_LONGER_THAN_SECONDS) {
      const url = `${appOrigin()}/transcription/${recordingId}`;
      await sendTemplateEmail(recording.user.email, `Your transcript of "${recording.title}" is ready`, TranscriptReadyEmail({ title: recording.title, url }));
    }
  } catch (error) {
    if (error instanceof CancelledError || controller.signal.reason instanceof CancelledError) return;
    const reason = failureReason(error);
    // Bad input will not get better with a retry; anything else is retried, and only the last failure is final.
    const permanent = error instanceof UnsupportedMediaError || error instanceof UnsupportedLanguageError;
    if (permanent || finalAttempt) {
      await database.recording.updateMany({
        where: { id: recordingId, status: { not: RecordingStatus.CANCELLED } },
        data: { status: RecordingStatus.FAILED, progress: 0, failureReason: reason, heartbeatAt: null },
      });
      if (permanent) return;
    } else {
      await database.recording.updateMany({
        where: { id: recordingId, status: { not: RecordingStatus.CANCELLED } },
        data: { status: RecordingStatus.QUEUED, progress: 0, heartbeatAt: null },
      });
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

function failureReason(error: unknown): string {
  if (error instanceof UnsupportedMediaError || error instanceof UnsupportedLanguageError) return `${error.message} No minutes were charged.`;
  const detail = error instanceof Error ? error.message : String(error);
  return `The speech engine could not transcribe this file (${detail.slice(0, 200)}). No minutes were charged; you can retry.`;
}

/** The scratch folder of a recording's transcription (its download and decoded audio). */
export const jobDirectory = (recordingId: string) => dataDir("tmp", `job-${recordingId}`);

/** Jobs whose worker stopped sending heartbeats: they are failed so that pg-boss retries them. */
export async function stalledTranscriptionJobs(now = new Date()): Promise<string[]> {
  const stalled = await (await db()).recording.findMany({
    where: { status: RecordingStatus.PROCESSING, heartbeatAt: { lt: new Date(now.getTime() - STALLED_AFTER_MS) }, jobId: { not: null } },
    select: { id: true, jobId: true },
  });
  // Their worker is gone and left its scratch files (when it ran on this machine).
  for (const recording of stalled) await fs.promises.rm(jobDirectory(recording.id), { recursive: true, force: true });
  if (stalled.length) {
    await (await db()).recording.updateMany({
      where: { id: { in: stalled.map((recording) => recording.id) } },
      data: { status: RecordingStatus.QUEUED, progress: 0, heartbeatAt: null },
    });
  }
  return stalled.map((recording) => recording.jobId!);
}
