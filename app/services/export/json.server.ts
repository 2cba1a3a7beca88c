import type { ExportOptions, TranscriptDocument } from "./types";

/**
 * The transcript as data, same shape whatever the options, so consumers can rely on it; only speaker names can be
 * left out (as null), since that is what someone unticking "speakers" asks for.
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
    segments: doc.segments.map(({ start, end, speaker, text }) => ({
      start,
      end,
      speaker: options.speakers ? speaker : null,
      text,
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}
