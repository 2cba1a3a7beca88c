// Shared by the export service and the UI: keep it free of server-only imports.

export const EXPORT_FORMATS = ["pdf", "docx", "txt", "srt", "vtt", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One word the engine heard, with its time and how sure it was (0–1; null where the engine does not say). */
export interface ExportWord {
  start: number;
  end: number;
  word: string;
  confidence: number | null;
}

/** A note the owner wrote on a passage of a segment (`quote`; empty: on the whole segment). */
export interface ExportComment {
  quote: string;
  body: string;
}

/** Times in seconds from the start of the recording. */
export interface ExportSegment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  /**
   * Bilingual exports only: the segment's translation, written on its own line after the original (never joined into
   * it). Undefined in every other export.
   */
  translation?: string | null;
  /** The engine's confidence in the segment (0–1), where it gives one. */
  confidence?: number | null;
  /** The user changed the text, so the words (the engine's) may no longer match it. */
  edited?: boolean;
  words?: ExportWord[];
  /** The owner's notes on this segment, oldest first. */
  comments?: ExportComment[];
}

export interface TranscriptDocument {
  title: string;
  fileName: string;
  durationSeconds: number;
  createdAt: Date;
  engine: string;
  model: string | null;
  language: string | null;
  /**
   * What made the transcript, as a neutral fact for the cover ("Machine transcript: whisper.cpp base"); it takes the
   * place of the "Transcribed by" line. Never advice to operators ("ask your administrator…"): a client reads this
   * document, and such advice stays in the app.
   */
  notice?: string | null;
  /** The owner's glossary the transcript was made with (it primed the engine and corrected the spelling). */
  glossary?: string[];
  segments: ExportSegment[];
}

/** Subtitles (SRT, VTT) always carry times and have no cover, so only `speakers` applies to them. */
export interface ExportOptions {
  timestamps: boolean;
  speakers: boolean;
  cover: boolean;
  /**
   * How DOCX and PDF carry the notes: as comments in the margin (Word comments, PDF note annotations), as numbered
   * footnotes (Word footnotes; in a PDF, numbered notes under the paragraph), or not at all. Default "comments".
   * JSON always has them; the other formats never do.
   */
  notes?: NoteStyle;
}

export const NOTE_STYLES = ["comments", "footnotes", "none"] as const;
export type NoteStyle = (typeof NOTE_STYLES)[number];
export const NOTE_STYLE_LABELS: Record<NoteStyle, string> = {
  comments: "As comments",
  footnotes: "As footnotes",
  none: "Leave out",
};

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = { timestamps: true, speakers: true, cover: true };

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  pdf: "PDF",
  docx: "Word (DOCX)",
  txt: "Plain text (TXT)",
  srt: "Subtitles (SRT)",
  vtt: "Web subtitles (VTT)",
  json: "JSON",
};
