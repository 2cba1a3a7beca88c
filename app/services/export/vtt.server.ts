import { buildCues, formatSubtitleTime } from "./cues";
import type { ExportOptions, TranscriptDocument } from "./types";

/** WebVTT cue text is markup: these three must be escaped (which also keeps "-->" out of it). */
function escapeCueText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** WebVTT with speakers as voice spans (<v Name>), which players can style and screen readers announce. */
export function writeVtt(doc: TranscriptDocument, options: ExportOptions): string {
  const cues = buildCues(doc.segments, { speakerLabels: false }).map((cue) => {
    const voice = options.speakers && cue.speaker ? `<v ${escapeCueText(cue.speaker)}>` : "";
    const text = cue.lines.map(escapeCueText).join("\n");
    return `${formatSubtitleTime(cue.startMs, ".")} --> ${formatSubtitleTime(cue.endMs, ".")}\n${voice}${text}\n`;
  });
  return ["WEBVTT\n", ...cues].join("\n");
}
