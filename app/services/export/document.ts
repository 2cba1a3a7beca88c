import { formatDate } from "~/utils/dates";
import { languageName } from "~/utils/languages";
import { formatTimestamp } from "~/utils/timestamps";
import { formatDuration } from "./cues";
import type { ExportComment, ExportOptions, ExportSegment, TranscriptDocument } from "./types";

/** Consecutive segments of one speaker share a paragraph unless the pause gets this long. */
const PARAGRAPH_MAX_PAUSE_SECONDS = 3;
/**
 * Every paragraph starts with a timestamp and covers at most this much of the recording, so no word is further than
 * this from the time before it; a longer segment is cut at the word nearest the limit.
 */
export const TIMESTAMP_EVERY_SECONDS = 30;

export interface TranscriptParagraph {
  start: number;
  end: number;
  speaker: string | null;
  text: string;
  /** The notes on the paragraph's segments. */
  comments?: ExportComment[];
  /** Bilingual exports: the segment's translation, written on its own line after the original. */
  translation?: string | null;
  /** A different speaker from the paragraph before (or the first paragraph): the name is shown only then. */
  speakerChanged: boolean;
}

/** A piece of a paragraph as the reading formats (TXT, DOCX, PDF) style it: grey timestamp, bold name, plain text. */
export interface ParagraphRun {
  role: "timestamp" | "speaker" | "text";
  text: string;
}

const singleLine = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/**
 * Cleans the input once for every format: drops segments without text or a start time, sorts by start
 * (stable), clamps 0 ≤ start ≤ end and puts each text on one line. An invalid date would only fail later,
 * deep inside a writer, so it fails here.
 */
export function normalizeDocument(doc: TranscriptDocument): TranscriptDocument {
  if (!(doc.createdAt instanceof Date) || Number.isNaN(doc.createdAt.getTime()))
    throw new TypeError("Transcript createdAt is not a valid date");
  if (!Array.isArray(doc.segments)) throw new TypeError("Transcript segments must be an array");
  const segments: ExportSegment[] = doc.segments
    .filter((segment) => Number.isFinite(segment.start))
    .map((segment) => {
      const start = Math.max(0, segment.start);
      return {
        start,
        end: Number.isFinite(segment.end) ? Math.max(start, segment.end) : start,
        text: singleLine(segment.text),
        ...(segment.translation !== undefined ? { translation: singleLine(segment.translation) } : {}),
        speaker: singleLine(segment.speaker) || null,
        confidence: segment.confidence ?? null,
        edited: segment.edited ?? false,
        words: segment.words ?? [],
        comments: (segment.comments ?? [])
          .map((comment) => ({ quote: singleLine(comment.quote), body: (comment.body ?? "").trim() }))
          .filter((comment) => comment.body !== ""),
      };
    })
    .filter((segment) => segment.text !== "")
    .sort((a, b) => a.start - b.start);
  const lastEnd = segments.reduce((latest, segment) => Math.max(latest, segment.end), 0);
  return {
    title: singleLine(doc.title) || "Transcript",
    fileName: singleLine(doc.fileName),
    durationSeconds: Number.isFinite(doc.durationSeconds) && doc.durationSeconds > 0 ? doc.durationSeconds : lastEnd,
    createdAt: doc.createdAt,
    engine: singleLine(doc.engine),
    model: singleLine(doc.model) || null,
    language: singleLine(doc.language) || null,
    notice: singleLine(doc.notice) || null,
    glossary: (doc.glossary ?? []).map(singleLine).filter(Boolean),
    segments,
  };
}

/** The cover's lines under the title. */
export function coverLines(doc: TranscriptDocument): string[] {
  const lines = [
    doc.fileName && `File: ${doc.fileName}`,
    `Duration: ${formatDuration(doc.durationSeconds)}`,
    `Date: ${formatDate(doc.createdAt, "longDateTime")}`,
    doc.notice || (doc.engine && `Transcribed by ${doc.engine}${doc.model ? ` (${doc.model})` : ""}`),
    doc.language && `Language: ${languageName(doc.language)}`,
  ];
  return lines.filter((line): line is string => Boolean(line));
}

/**
 * The times at which each word of a segment starts: the engine's word times when they match the text word for word
 * (an unedited segment, or one whose words were re-aligned), else shared out by characters over the segment.
 */
function wordStarts(segment: ExportSegment, tokens: string[]): number[] {
  const words = segment.words ?? [];
  const span = segment.end - segment.start;
  let starts: number[];
  if (words.length === tokens.length) starts = words.map((word) => word.start);
  else {
    const total = tokens.reduce((sum, token) => sum + token.length + 1, 0);
    let offset = 0;
    starts = tokens.map((token) => {
      const start = segment.start + (span * offset) / total;
      offset += token.length + 1;
      return start;
    });
  }
  // The first piece starts with the segment; times never go backwards or leave the segment.
  let previous = segment.start;
  return starts.map((start, index) => {
    previous = index === 0 ? segment.start : Math.min(segment.end, Math.max(previous, start));
    return previous;
  });
}

/** A segment longer than TIMESTAMP_EVERY_SECONDS as pieces that are not, each starting at its first word. */
export function splitLongSegment(segment: ExportSegment): ExportSegment[] {
  if (segment.end - segment.start <= TIMESTAMP_EVERY_SECONDS) return [segment];
  const tokens = segment.text.split(" ").filter(Boolean);
  const starts = wordStarts(segment, tokens);
  const endOf = (index: number) => (index < tokens.length ? starts[index] : segment.end);
  const pieces: ExportSegment[] = [];
  let first = 0;
  const push = (last: number) =>
    pieces.push({
      ...segment,
      start: starts[first],
      end: endOf(last),
      text: tokens.slice(first, last).join(" "),
      words: [],
    });
  for (let index = first + 1; index < tokens.length; index++) {
    // Taking this word would carry the piece past the limit: the piece ends before it.
    if (endOf(index + 1) - starts[first] > TIMESTAMP_EVERY_SECONDS) {
      push(index);
      first = index;
    }
  }
  push(tokens.length);
  // Each note goes with the piece that holds its quote (the first piece when none does), so none is written twice.
  if (segment.comments?.length) {
    for (const piece of pieces) piece.comments = [];
    for (const note of segment.comments) {
      const holder = pieces.find((piece) => note.quote && piece.text.includes(note.quote)) ?? pieces[0];
      holder.comments!.push(note);
    }
  }
  return pieces;
}

/**
 * Joins consecutive segments of one speaker into paragraphs, broken at every speaker change, at long pauses and
 * before a paragraph would cover more than TIMESTAMP_EVERY_SECONDS, so each timestamp stays close to its words.
 * Speaker changes always break, even when speaker names are not shown, because they are where the turns are.
 * Bilingual segments (with a translation) are never joined or cut: each original is followed by its own translation.
 */
export function transcriptParagraphs(segments: ExportSegment[]): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = [];
  const bilingual = segments.some((segment) => segment.translation !== undefined && segment.translation !== null);
  for (const segment of bilingual ? segments : segments.flatMap(splitLongSegment)) {
    const current = paragraphs.at(-1);
    const sameSpeaker = current !== undefined && current.speaker === segment.speaker;
    const continues =
      !bilingual &&
      current !== undefined &&
      sameSpeaker &&
      segment.start - current.end <= PARAGRAPH_MAX_PAUSE_SECONDS &&
      segment.end - current.start <= TIMESTAMP_EVERY_SECONDS;
    if (continues) {
      current.text += ` ${segment.text}`;
      current.end = Math.max(current.end, segment.end);
      if (segment.comments?.length) current.comments = [...(current.comments ?? []), ...segment.comments];
    } else {
      paragraphs.push({
        start: segment.start,
        end: segment.end,
        speaker: segment.speaker,
        text: segment.text,
        ...(bilingual ? { translation: segment.translation ?? "" } : {}),
        ...(segment.comments?.length ? { comments: [...segment.comments] } : {}),
        speakerChanged: !sameSpeaker,
      });
    }
  }
  return paragraphs;
}

/**
 * The paragraph's runs per the options; each carries the space after it, so their texts joined make the plain-text
 * line. The name is shown where the speaker changes; the same speaker's next paragraph has only its time.
 */
export function paragraphRuns(paragraph: TranscriptParagraph, options: ExportOptions): ParagraphRun[] {
  const runs: ParagraphRun[] = [];
  if (options.timestamps) runs.push({ role: "timestamp", text: `[${formatTimestamp(paragraph.start, "clock")}] ` });
  if (options.speakers && paragraph.speaker && paragraph.speakerChanged)
    runs.push({ role: "speaker", text: `${paragraph.speaker}: ` });
  runs.push({ role: "text", text: paragraph.text });
  return runs;
}

/** A piece of a paragraph's text and the note on it (null: no note), as DOCX and PDF anchor notes. */
export interface NotedText {
  text: string;
  note: ExportComment | null;
}

/**
 * Cuts a paragraph's text at its notes' quotes, in reading order: each note is anchored on the first occurrence of
 * its quote after the previous note's; a note on the whole segment, or whose quote is no longer there (the text
 * was edited since) or overlaps the previous one, is anchored at the end of the paragraph as an empty piece.
 */
export function splitAtNotes(text: string, comments: ExportComment[] = []): NotedText[] {
  const placed = comments
    .map((note) => ({ note, at: note.quote ? text.indexOf(note.quote) : -1 }))
    .sort((a, b) => (a.at === -1 ? 1 : b.at === -1 ? -1 : a.at - b.at));
  const pieces: NotedText[] = [];
  const atEnd: ExportComment[] = [];
  let cursor = 0;
  for (const { note } of placed) {
    const at = note.quote ? text.indexOf(note.quote, cursor) : -1;
    if (at === -1) {
      atEnd.push(note);
      continue;
    }
    if (at > cursor) pieces.push({ text: text.slice(cursor, at), note: null });
    pieces.push({ text: note.quote, note });
    cursor = at + note.quote.length;
  }
  if (cursor < text.length || pieces.length === 0) pieces.push({ text: text.slice(cursor), note: null });
  for (const note of atEnd) pieces.push({ text: "", note });
  return pieces;
}

/** A note as one line: "“the quote”: the note" (or the note alone, for a whole segment). */
export const noteLine = (note: ExportComment) => (note.quote ? `\u201c${note.quote}\u201d: ${note.body}` : note.body);
/** The bilingual line under a paragraph's original: its translation, or a note where the segment has none. */
export function translationLine(paragraph: TranscriptParagraph): string | null {
  if (paragraph.translation === undefined || paragraph.translation === null) return null;
  return paragraph.translation || "(not translated)";
}
