// A transcript segment's row as the editor and the word re-alignment job read it.
import { alignWords, type SegmentState } from "./editor-text";
import { storedWords } from "./transcripts.server";

/** A segment's columns as the editor reads them; its words are read with them or apart (`editorSegments`). */
export const SEGMENT_COLUMNS = {
  id: true,
  start: true,
  end: true,
  text: true,
  speaker: true,
  confidence: true,
  edited: true,
};
export type SegmentRow = Omit<SegmentState, "words">;

/** A segment as the editor works on it: its stored words aligned one per token of its text. */
export const editorSegment = (row: SegmentRow, words: unknown): SegmentState => ({
  ...row,
  words: alignWords(row.text, storedWords(words), row.start, row.end),
});
