import { buildCues, formatSubtitleTime } from "./cues";
import type { ExportOptions, TranscriptDocument } from "./types";

// CRLF: what SubRip wrote, and the one line ending every player accepts.
const EOL = "\r\n";

/** SubRip: number, "00:00:01,000 --> 00:00:04,000", text lines, blank line. Speakers as a "Name: " prefix. */
export function writeSrt(doc: TranscriptDocument, options: ExportOptions): string {
  return buildCues(doc.segments, { speakerLabels: options.speakers })
    .map(
      (cue, index) =>
        [
          index + 1,
          `${formatSubtitleTime(cue.startMs, ",")} --> ${formatSubtitleTime(cue.endMs, ",")}`,
          ...cue.lines,
          "",
        ].join(EOL) + EOL,
    )
    .join("");
}
