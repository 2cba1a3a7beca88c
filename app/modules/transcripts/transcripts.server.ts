// The transcript of a finished recording: reading it for the page and exports, and the owner's edits.
import type { TranscriptDocument } from "~/services/export/types";
import type { TranscriptWord } from "~/services/transcription/engine";
import { RecordingStatus } from "~/generated/prisma/client";
import { REPEAT_LOG_WINDOW_MS } from "~/modules/audit/actions";
import { type AuditEventInput, type AuditSource, recordAudit, recordAuditOncePer } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { engineLabel } from "~/modules/recordings/recording-format";
import { machineTranscriptLine } from "~/content/engines";
import { RecordingError, requireRecording, requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import {
  hiddenWords,
  scrubEverything,
  textInView,
  type TranscriptView,
  askedView,
  viewLeavingWorkspace,
} from "~/modules/redaction/view.server";
import type { Reader } from "~/modules/workspaces/access.server";
import { configuredTranslator } from "./translation.server";
import { recordingComments } from "~/modules/comments/comments.server";
import { languageName } from "~/utils/languages";
import type { EXPORT_TEXTS } from "./export-query";

/**
 * The transcript's segments as the view shows them (ADR 048): in the redacted view a segment with hidden words has
 * the redacted text and no engine words (they would still hold what is hidden). `redacted` says which segments hide
 * something, so the page can mark them.
 */
export async function transcriptSegments(recordingId: string, view: TranscriptView) {
  const rows = await (
    await db()
  ).transcriptSegment.findMany({
    where: { recordingId },
    orderBy: { position: "asc" },
    select: {
      id: true,
      position: true,
      start: true,
      end: true,
      text: true,
      redactedText: true,
      speaker: true,
      confidence: true,
      words: true,
      edited: true,
    },
  });
  return rows.map(({ redactedText, ...segment }) => {
    const redacted = redactedText !== null;
    if (!redacted || view === "original") return { ...segment, redacted };
    return { ...segment, text: textInView({ text: segment.text, redactedText }, view), words: null, redacted };
  });
}

/** Languages this transcript has been translated into. */
export async function translationLanguages(recordingId: string): Promise<string[]> {
  const rows = await (
    await db()
  ).segmentTranslation.findMany({
    where: { segment: { recordingId } },
    distinct: ["language"],
    select: { language: true },
    orderBy: { language: "asc" },
  });
  return rows.map((row) => row.language);
}

/** segmentId → translated text, for one language. */
export async function segmentTranslations(recordingId: string, language: string): Promise<Map<string, string>> {
  const rows = await (
    await db()
  ).segmentTranslation.findMany({
    where: { language, segment: { recordingId } },
    select: { segmentId: true, text: true },
  });
  return new Map(rows.map((row) => [row.segmentId, row.text]));
}

/** Checks that the owner's transcript can be translated into `target` by the configured translator. */
export async function translatableTranscript(userId: string, recordingId: string, target: string) {
  const recording = await requireRecording(userId, recordingId, "edit");
  if (recording.status !== RecordingStatus.COMPLETED) throw new RecordingError("The transcript is not ready yet.", 409);
  const source = recording.transcriptLanguage ?? recording.language ?? "en";
  if (source === target) throw new RecordingError("The transcript is already in that language.", 400);
  const translator = configuredTranslator();
  if (!translator.supports(source, target)) {
    throw new RecordingError(
      `${translator.label} cannot translate ${languageName(source)} into ${languageName(target)} on this server.`,
      400,
    );
  }
  return { recording, source, translator };
}

/**
 * The document to export, with each segment's text as the original, its translation, or both (bilingual), in the
 * view the reader's role allows (`requestedView`: an owner or admin may ask for the redacted one). With the
 * workspace's redaction policy on, an export leaves the workspace only redacted and reviewed.
 */
export async function transcriptDocument(
  reader: Reader,
  recordingId: string,
  translation: { language: string; text: (typeof EXPORT_TEXTS)[number] } | null = null,
  requestedView: TranscriptView | null = null,
): Promise<TranscriptDocument> {
  const { recording, role } = await requireRecordingAndRole(reader, recordingId, "export");
  if (recording.status !== RecordingStatus.COMPLETED) throw new RecordingError("The transcript is not ready yet.", 409);
  const view = await viewLeavingWorkspace(recording, askedView(role, requestedView));
  const translated = translation && translation.text !== "original" ? translation : null;
  const [segments, translations, comments, hidden] = await Promise.all([
    transcriptSegments(recordingId, view),
    translated ? segmentTranslations(recordingId, translated.language) : null,
    recordingComments(recordingId),
    view === "redacted" ? hiddenWords(recordingId) : [],
  ]);
  if (translated && !translations?.size)
    throw new RecordingError(`There is no ${languageName(translated.language)} translation yet.`, 409);
  // Bilingual ("both"): the original stays the text and the translation goes beside it, for the writers to put on
  // a line of its own; "translation": the translation is the text.
  const textOf = (id: string, original: string) =>
    translated?.text === "translation" ? (translations!.get(id) ?? "") : original;
  const translationOf = (id: string) =>
    translated?.text === "both" ? { translation: translations!.get(id) ?? "" } : {};
  // The safety net behind the redacted text (ADR 048): no field of the document carries hidden words.
  return scrubEverything(
    {
      title: translated ? `${recording.title} (${languageName(translated.language)})` : recording.title,
      fileName: recording.fileName,
      durationSeconds: recording.durationSeconds,
      createdAt: recording.createdAt,
      engine: engineLabel(recording.engine, null) ?? "unknown engine",
      model: recording.model,
      language: recording.transcriptLanguage,
      notice: machineTranscriptLine(recording.engine, recording.model),
      glossary: recording.glossary,
      segments: segments.map(({ id, start, end, text, speaker, confidence, edited, words }) => ({
        start,
        end,
        speaker,
        text: textOf(id, text),
        ...translationOf(id),
        confidence,
        edited,
        words: storedWords(words),
        comments: comments
          .filter((comment) => comment.segmentId === id)
          .map((comment) => ({ quote: comment.quote, body: comment.body })),
      })),
    },
    hidden,
  );
}

/** The words column as the job wrote it (`TranscriptWord[]`), or none when it holds anything else. */
export function storedWords(value: unknown): TranscriptWord[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (word): word is TranscriptWord =>
      typeof word === "object" &&
      word !== null &&
      typeof word.word === "string" &&
      typeof word.start === "number" &&
      typeof word.end === "number" &&
      (word.confidence === null || typeof word.confidence === "number"),
  );
}

/** A look at a transcript, into the audit trail: once per person and transcript in REPEAT_LOG_WINDOW_MS. */
export async function recordTranscriptView(
  userId: string,
  recording: { id: string; title: string; workspaceId: string },
  source: AuditSource,
): Promise<void> {
  await recordAuditOncePer(REPEAT_LOG_WINDOW_MS, {
    ...source,
    action: "transcript.viewed",
    actorId: userId,
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recording.id, label: recording.title },
  });
}

/**
 * An audit entry about a recording: its workspace, and the recording (by title) as the target. No access check: call
 * it only after the action's own check passed (whoever may act on the recording, owner or workspace member, is
 * recorded).
 */
export async function recordingAuditEntry(
  recordingId: string,
  entry: Omit<AuditEventInput, "workspaceId" | "target">,
): Promise<AuditEventInput> {
  const recording = await (
    await db()
  ).recording.findUniqueOrThrow({ where: { id: recordingId }, select: { title: true, workspaceId: true } });
  return {
    ...entry,
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recordingId, label: recording.title },
  };
}

/** A download of one transcript (any format), into the audit trail, after the export's own access check. */
export async function recordTranscriptExport(
  userId: string,
  recordingId: string,
  source: AuditSource,
  detail: Record<string, string>,
): Promise<void> {
  await recordAudit(
    await recordingAuditEntry(recordingId, { ...source, action: "transcript.exported", actorId: userId, detail }),
  );
}
