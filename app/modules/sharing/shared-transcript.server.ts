// What a share link shows: this one transcript with its speakers and times, its summary and its translations, and
// nothing else of the owner's account (no name, email, file name, other recordings or engine settings).
import type { TranscriptDocument } from "~/services/export/types";
import { transcriptFreshness } from "~/modules/transcripts/freshness.server";
import { transcriptSummary } from "~/modules/transcripts/summaries.server";
import type { EXPORT_TEXTS } from "~/modules/transcripts/export-query";
import {
  segmentTranslations,
  transcriptDocument,
  transcriptSegments,
  translationLanguages,
} from "~/modules/transcripts/transcripts.server";
import { db } from "~/modules/platform/database.server";
import { languageName } from "~/utils/languages";
import { type LiveShareLink, ShareError } from "./share-links.server";

export async function sharedTranscript(link: LiveShareLink, requestedLanguage: string | null) {
  const recording = await (
    await db()
  ).recording.findUniqueOrThrow({
    where: { id: link.recordingId },
    select: { title: true, durationSeconds: true, transcriptLanguage: true, language: true, createdAt: true },
  });
  const [segments, languages, summary, freshness] = await Promise.all([
    transcriptSegments(link.recordingId),
    translationLanguages(link.recordingId),
    transcriptSummary(link.recordingId),
    transcriptFreshness(link.recordingId),
  ]);
  const showLanguage = requestedLanguage && languages.includes(requestedLanguage) ? requestedLanguage : null;
  const translated = showLanguage ? Object.fromEntries(await segmentTranslations(link.recordingId, showLanguage)) : {};
  const stale = freshness.translations.find((row) => row.language === showLanguage)?.staleSegmentIds ?? [];
  return {
    title: recording.title,
    durationSeconds: recording.durationSeconds,
    language: recording.transcriptLanguage ?? recording.language,
    createdAt: recording.createdAt,
    segments: segments.map(({ id, start, end, speaker, text }) => ({ id, start, end, speaker, text })),
    summary: summary ? { ...summary, predatesEdits: freshness.summaryPredatesEdits } : null,
    translation: {
      languages: languages.map((code) => ({ value: code, label: languageName(code) })),
      showLanguage,
      translated,
      staleSegmentIds: stale,
    },
    allowDownloads: link.allowDownloads,
  };
}

/** The document a share link's download exports, or 403 when the owner did not allow downloads. */
export async function sharedDocument(
  link: LiveShareLink,
  translation: { language: string; text: (typeof EXPORT_TEXTS)[number] } | null,
): Promise<TranscriptDocument> {
  if (!link.allowDownloads) throw new ShareError("The owner of this link did not allow downloads.", 403);
  // The owner's own export, made on the owner's behalf: the link stands for their permission.
  return transcriptDocument(link.userId, link.recordingId, translation);
}

/** Where the shared recording's audio is stored, for the share-scoped audio route. */
export async function sharedAudio(link: LiveShareLink) {
  const recording = await (
    await db()
  ).recording.findUniqueOrThrow({
    where: { id: link.recordingId },
    select: { storageKey: true, mimeType: true, audioDeletedAt: true },
  });
  // The owner deleted the audio and kept the transcript: the link still shows the text.
  if (recording.audioDeletedAt) throw new ShareError("The audio of this recording was deleted.", 404);
  return recording;
}
