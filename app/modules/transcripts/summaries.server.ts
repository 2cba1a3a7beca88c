// Transcript summaries (Business Pro): made on request by the configured summariser, stored one per recording.
import { z } from "zod";
import { configuredSummariser, summariserLabel, SummaryError } from "~/services/summary/index.server";
import { RecordingStatus } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { featureRefusal } from "~/modules/billing/plan-features";
import { accountIncludes } from "~/modules/billing/plan-features.server";
import { RecordingError, requireRecording } from "~/modules/recordings/ownership.server";
import { transcriptSegments } from "./transcripts.server";
import { emitWebhookEvent } from "~/modules/webhooks/webhooks.server";

export { configuredSummariser };

const PointsSchema = z.array(z.object({ text: z.string(), segmentId: z.string(), start: z.number() }));

export const SUMMARY_PLAN_MESSAGE = featureRefusal("summaries");

export async function canSummarise(userId: string): Promise<boolean> {
  return accountIncludes(userId, "summaries");
}

/** Summarises the owner's finished transcript and stores it, replacing an earlier summary. */
export async function summariseTranscript(userId: string, recordingId: string) {
  const recording = await requireRecording(userId, recordingId, "edit");
  if (!(await canSummarise(userId))) throw new RecordingError(SUMMARY_PLAN_MESSAGE, 403);
  if (recording.status !== RecordingStatus.COMPLETED) throw new RecordingError("The transcript is not ready yet.", 409);
  // Made from the redacted text, so no summary holds what a redaction hides (ADR 048).
  const segments = await transcriptSegments(recordingId, "redacted");
  if (segments.length === 0) throw new RecordingError("There is no speech in this recording to summarise.", 409);
  const engine = configuredSummariser();
  let summary;
  try {
    summary = await engine.summarise(segments, { language: recording.transcriptLanguage });
  } catch (error) {
    if (error instanceof SummaryError) throw new RecordingError(`The summary failed: ${error.message}`, 409);
    throw error;
  }
  const data = {
    engine: engine.name,
    model: engine.model,
    abstract: summary.abstract,
    keyPoints: summary.keyPoints,
    actionItems: summary.actionItems,
  };
  await (
    await db()
  ).transcriptSummary.upsert({
    where: { recordingId },
    create: { recordingId, ...data },
    update: { ...data, createdAt: new Date() },
  });
  await emitWebhookEvent(recording.workspaceId, "summary.completed", { recordingId, title: recording.title });
}

/** The stored summary, with the label of the summariser that made it, or null. */
export async function transcriptSummary(recordingId: string) {
  const row = await (await db()).transcriptSummary.findUnique({ where: { recordingId } });
  if (!row) return null;
  return {
    label: summariserLabel(row.engine, row.model),
    createdAt: row.createdAt,
    abstract: row.abstract,
    keyPoints: PointsSchema.parse(row.keyPoints),
    actionItems: PointsSchema.parse(row.actionItems),
  };
}
