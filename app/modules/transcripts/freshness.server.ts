// Whether translations and the summary still match the transcript after the owner's edits. A segment's text carries
// the time of its last edit (`editedAt`); a translation of it made before then, or missing (a segment split off
// later), is out of date, and so is a summary written before the latest edit.
import { db } from "~/modules/platform/database.server";
import { languageName } from "~/utils/languages";

export interface TranslationFreshness {
  language: string;
  label: string;
  /** Segments whose translation predates their last edit or is missing. */
  staleSegmentIds: string[];
}

export interface TranscriptFreshness {
  translations: TranslationFreshness[];
  /** The summary was written before the latest edit of the transcript (false when there is no summary). */
  summaryPredatesEdits: boolean;
}

/** True when a translation made at `translatedAt` no longer matches a segment last edited at `editedAt`. */
export function isTranslationStale(editedAt: Date | null, translatedAt: Date | null): boolean {
  if (!translatedAt) return true;
  return editedAt !== null && editedAt.getTime() > translatedAt.getTime();
}

/** Out-of-date translations (per language) and summary of one transcript. */
export async function transcriptFreshness(recordingId: string): Promise<TranscriptFreshness> {
  const database = await db();
  const [segments, summary] = await Promise.all([
    database.transcriptSegment.findMany({
      where: { recordingId },
      orderBy: { position: "asc" },
      select: { id: true, editedAt: true, translations: { select: { language: true, createdAt: true } } },
    }),
    database.transcriptSummary.findUnique({ where: { recordingId }, select: { createdAt: true } }),
  ]);
  const languages = [...new Set(segments.flatMap((segment) => segment.translations.map((row) => row.language)))].sort();
  const translations = languages.map((language) => ({
    language,
    label: languageName(language),
    staleSegmentIds: segments
      .filter((segment) =>
        isTranslationStale(
          segment.editedAt,
          segment.translations.find((row) => row.language === language)?.createdAt ?? null,
        ),
      )
      .map((segment) => segment.id),
  }));
  const lastEdit = Math.max(0, ...segments.map((segment) => segment.editedAt?.getTime() ?? 0));
  return {
    translations,
    summaryPredatesEdits: summary !== null && lastEdit > summary.createdAt.getTime(),
  };
}
