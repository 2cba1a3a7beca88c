import { coverLines, paragraphRuns, transcriptParagraphs, translationLine } from "./document";
import type { ExportOptions, TranscriptDocument } from "./types";

/**
 * "[00:01:02] Speaker: text" paragraphs separated by blank lines, under an optional cover block. Bilingual: each
 * segment's original line is followed by its translation's line.
 */
export function writeTxt(doc: TranscriptDocument, options: ExportOptions): string {
  const blocks: string[] = [];
  if (options.cover) blocks.push([doc.title, ...coverLines(doc)].join("\n"));
  for (const paragraph of transcriptParagraphs(doc.segments)) {
    const original = paragraphRuns(paragraph, options)
      .map((run) => run.text)
      .join("");
    const translation = translationLine(paragraph);
    blocks.push(translation === null ? original : `${original}\n${translation}`);
  }
  return blocks.length > 0 ? `${blocks.join("\n\n")}\n` : "";
}
