import type { ExportOptions, TranscriptDocument } from "./types";

/**
 * The transcript as data, same shape whatever the options, so consumers can rely on it; only speaker names can be
 * left out (as null), since that is what someone unticking "speakers" asks for. Each segment carries the engine's
 * words with their times and confidence (null where the engine gives none), so low-confidence words can be found.
 */
export function writeJson(doc: TranscriptDocument, options: ExportOptions): string {
  const data = {
    title: doc.title,
    fileName: doc.fileName,
    durationSeconds: doc.durationSeconds,
    createdAt: doc.createdAt.toISOString(),
    engine: doc.engine,
    model: doc.model,
    language: doc.language,
    glossary: doc.glossary ?? [],
    segments: doc.segments.map(({ start, end, speaker, text, translation, confidence, edited, words, comments }) => ({
      start,
      end,
      speaker: options.speakers ? speaker : null,
      text,
      // Bilingual exports only.
      ...(translation !== undefined ? { translation } : {}),
      confidence: confidence ?? null,
      edited: edited ?? false,
      words: (words ?? []).map((word) => ({
        start: word.start,
        end: word.end,
        word: word.word,
        confidence: word.confidence,
      })),
      comments: (comments ?? []).map((comment) => ({ quote: comment.quote, body: comment.body })),
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}
