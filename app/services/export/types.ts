// Shared by the export service and the UI: keep it free of server-only imports.

export const EXPORT_FORMATS = ["pdf", "docx", "txt", "srt", "vtt", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Times in seconds from the start of the recording. */
export interface ExportSegment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

export interface TranscriptDocument {
  title: string;
  fileName: string;
  durationSeconds: number;
  createdAt: Date;
  engine: string;
  model: string | null;
  language: string | null;
  /** A warning about the transcript's quality for the cover (the offline fallback engine's), else null. */
  notice?: string | null;
  segments: ExportSegment[];
}

/** Subtitles (SRT, VTT) always carry times and have no cover, so only `speakers` applies to them. */
export interface ExportOptions {
  timestamps: boolean;
  speakers: boolean;
  cover: boolean;
}

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = { timestamps: true, speakers: true, cover: true };

export const EXPORT_LABELS: Record<ExportFormat, string> = {
  pdf: "PDF",
  docx: "Word (DOCX)",
  txt: "Plain text (TXT)",
  srt: "Subtitles (SRT)",
  vtt: "Web subtitles (VTT)",
  json: "JSON",
};
