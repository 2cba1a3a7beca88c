import { isLanguageCode } from "~/utils/languages";
import { normalizeDocument } from "./document";
import {
  LEGAL_FORMATS,
  type LegalCaption,
  type LegalCertificateFacts,
  type LegalFormat,
  type LegalOptions,
} from "./legal-types";
import {
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportOptions,
  type TranscriptDocument,
} from "./types";

export interface ExportFile {
  body: Buffer;
  contentType: string;
  /** Safe for Content-Disposition: ASCII slug of the title plus the extension. */
  fileName: string;
}

type Writer = (doc: TranscriptDocument, options: ExportOptions) => Promise<Buffer | string>;

// Loaded on first use: pdfkit and docx are large and most requests need neither.
const WRITERS: Record<ExportFormat, { contentType: string; write: Writer }> = {
  pdf: {
    contentType: "application/pdf",
    write: async (doc, options) => (await import("./pdf.server")).writePdf(doc, options),
  },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    write: async (doc, options) => (await import("./docx.server")).writeDocx(doc, options),
  },
  txt: {
    contentType: "text/plain; charset=utf-8",
    write: async (doc, options) => (await import("./txt.server")).writeTxt(doc, options),
  },
  srt: {
    contentType: "application/x-subrip; charset=utf-8",
    write: async (doc, options) => (await import("./srt.server")).writeSrt(doc, options),
  },
  vtt: {
    contentType: "text/vtt; charset=utf-8",
    write: async (doc, options) => (await import("./vtt.server")).writeVtt(doc, options),
  },
  json: {
    contentType: "application/json; charset=utf-8",
    write: async (doc, options) => (await import("./json.server")).writeJson(doc, options),
  },
};

const MAX_SLUG_LENGTH = 80;
// Latin letters that Unicode decomposition leaves alone.
const LATIN_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", þ: "th", ð: "d" };

/** "Réunion d'équipe – Q3" → "reunion-d-equipe-q3"; titles with no Latin letters or digits fall back to "transcript". */
function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđłþð]/g, (letter) => LATIN_LETTERS[letter])
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = slug.length > MAX_SLUG_LENGTH ? slug.slice(0, MAX_SLUG_LENGTH + 1).replace(/-[^-]*$/, "") : slug;
  return cut.slice(0, MAX_SLUG_LENGTH) || "transcript";
}

/** Unset options (or ones passed as undefined) keep their defaults. */
function resolveOptions(options: Partial<ExportOptions>): ExportOptions {
  return {
    timestamps: options.timestamps ?? DEFAULT_EXPORT_OPTIONS.timestamps,
    speakers: options.speakers ?? DEFAULT_EXPORT_OPTIONS.speakers,
    cover: options.cover ?? DEFAULT_EXPORT_OPTIONS.cover,
    notes: options.notes ?? "comments",
  };
}

export async function exportTranscript(
  doc: TranscriptDocument,
  format: ExportFormat,
  options: Partial<ExportOptions> = {},
): Promise<ExportFile> {
  if (!EXPORT_FORMATS.includes(format)) throw new RangeError(`Unknown export format: ${String(format)}`);
  const normalized = normalizeDocument(doc);
  const { contentType, write } = WRITERS[format];
  const output = await write(normalized, resolveOptions(options));
  return {
    body: typeof output === "string" ? Buffer.from(output, "utf8") : output,
    contentType,
    fileName: `${slugify(normalized.title)}.${format}`,
  };
}

const LEGAL_CONTENT_TYPES: Record<LegalFormat, string> = {
  pdf: WRITERS.pdf.contentType,
  docx: WRITERS.docx.contentType,
};

/**
 * The court-ready layout (ADR 046): a caption page, 25 numbered lines per page, the speaker (and word) index and a
 * certificate, in a PDF/A-2b or a Word document that cite the same page:line.
 */
export async function exportLegalTranscript(
  doc: TranscriptDocument,
  format: LegalFormat,
  legal: { caption: LegalCaption; facts: LegalCertificateFacts; options: LegalOptions },
): Promise<ExportFile> {
  if (!LEGAL_FORMATS.includes(format)) throw new RangeError(`The legal layout has no ${String(format)} format`);
  const normalized = normalizeDocument(doc);
  const { legalLayout } = await import("./legal-layout");
  const layout = legalLayout(normalized, legal.caption, legal.facts, legal.options);
  const meta = {
    title: legal.caption.matter || normalized.title,
    subject: `Transcript of ${normalized.fileName || normalized.title}`,
    language: normalized.language && isLanguageCode(normalized.language) ? normalized.language : null,
  };
  const body =
    format === "pdf"
      ? await (await import("./legal-pdf.server")).writeLegalPdf(layout, meta)
      : await (await import("./legal-docx.server")).writeLegalDocx(layout, meta);
  return { body, contentType: LEGAL_CONTENT_TYPES[format], fileName: `${slugify(normalized.title)}-legal.${format}` };
}
