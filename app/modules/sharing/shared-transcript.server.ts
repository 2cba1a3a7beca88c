// What a share link shows: this one transcript with its speakers and times, its summary and its translations, and
// nothing else of the owner's account (no name, email, file name, other recordings or engine settings).
import type { TranscriptDocument } from "~/services/export/types";
import { transcriptFreshness } from "~/modules/transcripts/freshness.server";
import { transcriptSummary } from "~/modules/transcripts/summaries.server";
import type { EXPORT_TEXTS } from "~/modules/transcripts/export-query";
import {
  segmentTranslations,
  transcriptSegments,
  translationLanguages,
} from "~/modules/transcripts/transcripts.server";
import { db } from "~/modules/platform/database.server";
import { type AudioFile, audioFileInView } from "~/modules/redaction/redacted-audio.server";
import { hiddenWords, mayLeaveWorkspace, scrubEverything, transcriptViewOf } from "~/modules/redaction/view.server";
import { languageName } from "~/utils/languages";
import { type LiveShareLink, ShareError } from "./share-links.server";

const UNDER_REVIEW = "This transcript is being reviewed by its owner. Try the link again later.";

/**
 * What a share reader may see of the transcript, whichever way they read it (the page or a download): its title,
 * length, language and date, and each segment's time, speaker and text, with the translation asked for. Never the
 * owner's notes, glossary, file name, engine or the engine's words (which still hold what the owner edited away).
 * Every output of a share link is made from this one view, so a new one cannot show more than the page.
 */
async function readerView(link: LiveShareLink, requestedLanguage: string | null) {
  const recording = await (
    await db()
  ).recording.findUniqueOrThrow({
    where: { id: link.recordingId },
    select: {
      title: true,
      durationSeconds: true,
      transcriptLanguage: true,
      language: true,
      createdAt: true,
      workspaceId: true,
      redactionReviewedAt: true,
    },
  });
  if (!(await mayLeaveWorkspace(recording))) throw new ShareError(UNDER_REVIEW, 409);
  const [segments, languages] = await Promise.all([
    // A visitor has no role: always the redacted view (ADR 048).
    transcriptSegments(link.recordingId, "redacted"),
    translationLanguages(link.recordingId),
  ]);
  const showLanguage = requestedLanguage && languages.includes(requestedLanguage) ? requestedLanguage : null;
  const translated = showLanguage ? Object.fromEntries(await segmentTranslations(link.recordingId, showLanguage)) : {};
  return {
    title: recording.title,
    durationSeconds: recording.durationSeconds,
    language: recording.transcriptLanguage ?? recording.language,
    createdAt: recording.createdAt,
    segments: segments.map(({ id, start, end, speaker, text }) => ({ id, start, end, speaker, text })),
    languages,
    showLanguage,
    translated: translated as Record<string, string>,
  };
}

/** The shared page: the reader's view, with the summary and how fresh the translation is. */
export async function sharedTranscript(link: LiveShareLink, requestedLanguage: string | null) {
  const [view, summary, freshness, hidden] = await Promise.all([
    readerView(link, requestedLanguage),
    transcriptSummary(link.recordingId),
    transcriptFreshness(link.recordingId),
    hiddenWords(link.recordingId),
  ]);
  const stale = freshness.translations.find((row) => row.language === view.showLanguage)?.staleSegmentIds ?? [];
  // The safety net behind the redacted text (ADR 048): no field of the page carries hidden words.
  return scrubEverything(
    {
      title: view.title,
      durationSeconds: view.durationSeconds,
      language: view.language,
      createdAt: view.createdAt,
      segments: view.segments,
      summary: summary ? { ...summary, predatesEdits: freshness.summaryPredatesEdits } : null,
      translation: {
        languages: view.languages.map((code) => ({ value: code, label: languageName(code) })),
        showLanguage: view.showLanguage,
        translated: view.translated,
        staleSegmentIds: stale,
      },
      allowDownloads: link.allowDownloads,
    },
    hidden,
  );
}

/**
 * The document a share link's download exports, or 403 when the owner did not allow downloads: the reader's view and
 * nothing more, with the text as the original, its translation, or both (bilingual).
 */
export async function sharedDocument(
  link: LiveShareLink,
  translation: { language: string; text: (typeof EXPORT_TEXTS)[number] } | null,
): Promise<TranscriptDocument> {
  if (!link.allowDownloads) throw new ShareError("The owner of this link did not allow downloads.", 403);
  const translated = translation && translation.text !== "original" ? translation : null;
  const view = await readerView(link, translated?.language ?? null);
  if (translated && view.showLanguage !== translated.language)
    throw new ShareError(`There is no ${languageName(translated.language)} translation yet.`, 409);
  const translationOf = (id: string) => view.translated[id] ?? "";
  const hidden = await hiddenWords(link.recordingId);
  return scrubEverything(
    {
      title: translated ? `${view.title} (${languageName(translated.language)})` : view.title,
      // Empty: the reader is not told the owner's file name or engine (the cover and the JSON leave them out).
      fileName: "",
      engine: "",
      model: null,
      durationSeconds: view.durationSeconds,
      createdAt: view.createdAt,
      language: view.language,
      segments: view.segments.map(({ id, start, end, speaker, text }) => ({
        start,
        end,
        speaker,
        text: translated?.text === "translation" ? translationOf(id) : text,
        ...(translated?.text === "both" ? { translation: translationOf(id) } : {}),
      })),
    },
    hidden,
  );
}

/**
 * Where the shared recording's audio is stored, for the share-scoped audio route: always the redacted view's (a link's
 * visitor has no role, ADR 048), so with a redaction accepted, the bleeped copy.
 */
export async function sharedAudio(link: LiveShareLink): Promise<AudioFile> {
  const recording = await (
    await db()
  ).recording.findUniqueOrThrow({
    where: { id: link.recordingId },
    select: {
      id: true,
      storageKey: true,
      mimeType: true,
      durationSeconds: true,
      audioDeletedAt: true,
      workspaceId: true,
      redactionReviewedAt: true,
    },
  });
  if (!(await mayLeaveWorkspace(recording))) throw new ShareError(UNDER_REVIEW, 409);
  // The owner deleted the audio and kept the transcript: the link still shows the text.
  if (recording.audioDeletedAt) throw new ShareError("The audio of this recording was deleted.", 404);
  return audioFileInView(recording, transcriptViewOf(null));
}
