// What the owner can do with a recording afterwards: cancel or retry its transcription, rename it, delete it.
import { RecordingStatus } from "~/generated/prisma/client";
import { configuredStorage } from "~/services/storage/index.server";
import { db } from "~/modules/platform/database.server";
import { secondsFor } from "~/modules/usage/usage";
import { reserveSeconds } from "~/modules/usage/usage.server";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { RecordingError, requireRecording } from "./ownership.server";
import { holdingAllowance, startJob } from "./upload.server";
import { cancelTranscriptionJob } from "./transcription-queue.server";
import { deleteDerivedAudio } from "./stored-files.server";

export async function cancelRecording(userId: string, recordingId: string) {
  const recording = await requireRecording(userId, recordingId, "edit");
  // Conditional, so a cancel never overwrites a transcript that was saved a moment ago.
  const { count } = await (
    await db()
  ).recording.updateMany({
    where: { id: recordingId, status: { in: [RecordingStatus.QUEUED, RecordingStatus.PROCESSING] } },
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
  const recording = await requireRecording(userId, recordingId, "upload");
  const retryable: RecordingStatus[] = [RecordingStatus.FAILED, RecordingStatus.CANCELLED];
  const notRetryable = () => new RecordingError("Only a failed or cancelled transcription can be retried.", 409);
  if (!retryable.includes(recording.status)) throw notRetryable();
  if (recording.audioDeletedAt)
    throw new RecordingError("The audio of this recording was deleted, so it cannot be transcribed again.", 409);
  const seconds = secondsFor(recording.durationSeconds);
  const { count } = await holdingAllowance(() =>
    // Held against the allowance that pays for the recording's workspace (its creator's, or a team's pool).
    reserveSeconds({ userId: recording.userId, workspaceId: recording.workspaceId }, seconds, (tx) =>
      tx.recording.updateMany({
        where: { id: recordingId, status: { in: retryable } },
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

export async function renameRecording(userId: string, recordingId: string, title: string, source: AuditSource = {}) {
  const recording = await requireRecording(userId, recordingId, "edit");
  await (await db()).recording.update({ where: { id: recordingId }, data: { title } });
  await recordAudit({
    ...source,
    action: "recording.renamed",
    actorId: userId,
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recordingId, label: title },
    detail: { from: recording.title.slice(0, 200) },
  });
}

/** Deletes the recording, its transcript and the stored file. Minutes already charged stay charged. */
export async function deleteRecording(userId: string, recordingId: string, source: AuditSource = {}) {
  const recording = await requireRecording(userId, recordingId, "delete");
  if (
    recording.jobId &&
    (recording.status === RecordingStatus.QUEUED || recording.status === RecordingStatus.PROCESSING)
  ) {
    await cancelTranscriptionJob(recording.jobId);
  }
  await (await db()).recording.delete({ where: { id: recordingId } });
  await configuredStorage().delete(recording.storageKey);
  await deleteDerivedAudio(recording.storageKey);
  await recordAudit({
    ...source,
    action: "recording.deleted",
    actorId: userId,
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recordingId, label: recording.title },
  });
}
