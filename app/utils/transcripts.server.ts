// The transcript of a finished recording: reading it for the page and exports, and the owner's edits.
import { z } from "zod";
import type { TranscriptDocument } from "~/services/export/types";
import { RecordingStatus } from "~/generated/prisma/client";
import { db } from "./database.server";
import { engineLabel } from "./recording-format";
import { RecordingError, requireOwnRecording } from "./recordings.server";

export async function transcriptSegments(recordingId: string) {
  return (await db()).transcriptSegment.findMany({
    where: { recordingId },
    orderBy: { position: "asc" },
    select: { id: true, position: true, start: true, end: true, text: true, speaker: true, confidence: true, edited: true },
  });
}

export async function transcriptDocument(userId: string, recordingId: string): Promise<TranscriptDocument> {
  const recording = await requireOwnRecording(userId, recordingId);
  if (recording.status !== RecordingStatus.COMPLETED) throw new RecordingError("The transcript is not ready yet.", 409);
  const segments = await transcriptSegments(recordingId);
  return {
    title: recording.title,
    fileName: recording.fileName,
    durationSeconds: recording.durationSeconds,
    createdAt: recording.createdAt,
    engine: engineLabel(recording.engine, null) ?? "unknown engine",
    model: recording.model,
    language: recording.transcriptLanguage,
    segments: segments.map(({ start, end, text, speaker }) => ({ start, end, text, speaker })),
  };
}

export const SegmentTextSchema = z.string().trim().min(1, "A segment cannot be empty; delete words instead.").max(5000, "A segment can be at most 5000 characters.");
export const SpeakerNameSchema = z.string().trim().min(1, "Give the speaker a name.").max(60, "Speaker names can be at most 60 characters.");

/** Changes one segment's text; its start and end times stay as they were. */
export async function editSegment(userId: string, recordingId: string, segmentId: string, text: string) {
  await requireOwnRecording(userId, recordingId);
  const { count } = await (await db()).transcriptSegment.updateMany({ where: { id: segmentId, recordingId }, data: { text, edited: true } });
  if (count === 0) throw new RecordingError("That segment no longer exists.", 404);
}

/** Renames a speaker everywhere in the transcript at once. */
export async function renameSpeaker(userId: string, recordingId: string, from: string, to: string) {
  await requireOwnRecording(userId, recordingId);
  const { count } = await (await db()).transcriptSegment.updateMany({ where: { recordingId, speaker: from }, data: { speaker: to } });
  if (count === 0) throw new RecordingError(`No segment is labelled "${from}".`, 404);
}
