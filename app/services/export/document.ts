import { formatDate } from "~/utils/dates";
import { languageName } from "~/utils/languages";
import { formatClock, formatDuration } from "./cues";
import type { ExportComment, ExportOptions, ExportSegment, TranscriptDocument } from "./types";

/** Consecutive segments of one speaker share a paragraph unless the pause or the paragraph gets this long. */
const PARAGRAPH_MAX_PAUSE_SECONDS = 3;
const PARAGRAPH_MAX_SECONDS = 60;

export interface TranscriptParagraph {
  start: number;
  end: number;
  speaker: string | null;
  text: string;
  /** The notes on the paragraph's segments. */
  comments?: ExportComment[];
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
    doc.engine && `Transcribed by ${doc.engine}${doc.model ? ` (${doc.model})` : ""}`,
    doc.language && `Language: ${languageName(doc.language)}`,
    doc.notice,
  ];
  return lines.filter((line): line is string => Boolean(line));
}

/**
 * Joins consecutive segments of one speaker into paragraphs, broken at long pauses and about every minute so a
 * paragraph's timestamp stays useful for finding the spot in the recording. Speaker changes always break,
 * even when speaker names are not shown, because they are where the turns are.
 */
export function transcriptParagraphs(segments: ExportSegment[]): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = [];
  for (const segment of segments) {
    const current = paragraphs.at(-1);
    const continues =
      current !== undefined &&
      current.speaker === segment.speaker &&
      segment.start - current.end <= PARAGRAPH_MAX_PAUSE_SECONDS &&
      segment.end - current.start <= PARAGRAPH_MAX_SECONDS;
    if (continues) {
      current.text += ` ${segment.text}`;
      current.end = Math.max(current.end, segment.end);
      if (segment.comments?.length) current.comments = [...(current.comments ?? []), ...segment.comments];
    } else {
      paragraphs.push({ ...segment });
    }
  }
  return paragraphs;
}

/** The paragraph's runs per the options; each carries the space after it, so their texts joined make the plain-text line. */
export function paragraphRuns(paragraph: TranscriptParagraph, options: ExportOptions): ParagraphRun[] {
  const runs: ParagraphRun[] = [];
  if (options.timestamps) runs.push({ role: "timestamp", text: `[${formatClock(paragraph.start)}] ` });
  if (options.speakers && paragraph.speaker) runs.push({ role: "speaker", text: `${paragraph.speaker}: ` });
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
