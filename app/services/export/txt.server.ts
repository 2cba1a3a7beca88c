import { coverLines, paragraphRuns, transcriptParagraphs } from "./document";
import type { ExportOptions, TranscriptDocument } from "./types";

/** "[00:01:02] Speaker: text" paragraphs separated by blank lines, under an optional cover block. */
export function writeTxt(doc: TranscriptDocument, options: ExportOptions): string {
  const blocks: string[] = [];
  if (options.cover) blocks.push([doc.title, ...coverLines(doc)].join("\n"));
  for (const paragraph of transcriptParagraphs(doc.segments))
    blocks.push(
      paragraphRuns(paragraph, options)
        .map((run) => run.text)
        .join(""),
    );
  return blocks.length > 0 ? `${blocks.join("\n\n")}\n` : "";
}
