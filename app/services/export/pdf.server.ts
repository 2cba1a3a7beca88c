import fs from "node:fs";
import PDFDocument from "pdfkit";
import { isLanguageCode } from "~/utils/languages";
import {
  coverLines,
  noteLine,
  type ParagraphRun,
  paragraphRuns,
  splitAtNotes,
  transcriptParagraphs,
  translationLine,
} from "./document";
import type { ExportOptions, TranscriptDocument } from "./types";

type FontName = "regular" | "bold" | "cjk";

// DejaVu Sans covers Latin, Greek and Cyrillic but no Chinese, Japanese or Korean; WenQuanYi Micro Hei covers those.
const FONTS: Record<FontName, { path: string; debianPackage: string; postscriptName?: string }> = {
  regular: { path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", debianPackage: "fonts-dejavu-core" },
  bold: { path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", debianPackage: "fonts-dejavu-core" },
  // A collection: fontkit picks the face by PostScript name (the family name "WenQuanYi Micro Hei" finds nothing).
  cjk: {
    path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    debianPackage: "fonts-wqy-microhei",
    postscriptName: "WenQuanYiMicroHei",
  },
};

// Han, kana and Hangul, plus CJK punctuation and full-width forms, none of which DejaVu Sans has.
const CJK_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u30FF\uFF00-\uFFEF]+)/u;

const PAGE_MARGIN = 56;
const FOOTER_HEIGHT = 28;
const BODY_SIZE = 10.5;
/** Footnotes under a paragraph. */
const NOTE_SIZE = 8.5;
const GREY = "#6B7280";
const BLACK = "#111827";

interface Run {
  text: string;
  font: FontName;
  color: string;
}

const RUN_STYLES: Record<ParagraphRun["role"], Omit<Run, "text">> = {
  timestamp: { font: "regular", color: GREY },
  speaker: { font: "bold", color: BLACK },
  text: { font: "regular", color: BLACK },
};

/** Checked once per process; a missing file is an installation problem, so the error says what to install. */
const checkedFonts = new Set<FontName>();
function fontPath(name: FontName): string {
  const { path, debianPackage } = FONTS[name];
  if (!checkedFonts.has(name)) {
    if (!fs.existsSync(path))
      throw new Error(`PDF export needs the font ${path}: install the Debian package ${debianPackage}`);
    checkedFonts.add(name);
  }
  return path;
}

/**
 * Selects a font by path (and PostScript name): pdfkit caches fonts under that key, whereas a font given another
 * name with registerFont is found equal to the cached one only after the file has been read and parsed again, on
 * every switch, which made a long transcript take seconds.
 */
function useFont(pdf: PDFKit.PDFDocument, name: FontName) {
  const { postscriptName } = FONTS[name];
  return postscriptName ? pdf.font(fontPath(name), postscriptName) : pdf.font(fontPath(name));
}

/** Moves runs of CJK characters to the CJK font (no bold face there, so bold CJK is regular); only they open the 5 MB collection. */
function withCjkFont(runs: Run[]): Run[] {
  return runs.flatMap((run) => {
    if (!CJK_RUN.test(run.text)) return [run];
    return run.text
      .split(CJK_RUN)
      .map((text, index) => ({ ...run, text, font: index % 2 === 1 ? ("cjk" as const) : run.font }))
      .filter((part) => part.text !== "");
  });
}

/** Writes runs as one flowing paragraph; pdfkit wraps across runs and pages. */
function writeRuns(pdf: PDFKit.PDFDocument, runs: Run[], size: number) {
  const parts = withCjkFont(runs);
  parts.forEach((part, index) => {
    useFont(pdf, part.font)
      .fontSize(size)
      .fillColor(part.color)
      .text(part.text, { continued: index < parts.length - 1, lineGap: 2 });
  });
}

function writeCover(pdf: PDFKit.PDFDocument, doc: TranscriptDocument) {
  writeRuns(pdf, [{ text: doc.title, font: "bold", color: BLACK }], 20);
  pdf.moveDown(0.3);
  for (const line of coverLines(doc)) writeRuns(pdf, [{ text: line, font: "regular", color: GREY }], 10);
  pdf.moveDown(1.5);
}

/** "3 / 12" centred under every page, once the page count is known. */
function writePageNumbers(pdf: PDFKit.PDFDocument) {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    // Text below the bottom margin would otherwise start a new page.
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    useFont(pdf, "regular")
      .fontSize(8)
      .fillColor(GREY)
      .text(`${index + 1} / ${count}`, PAGE_MARGIN, pdf.page.height - PAGE_MARGIN / 2 - FOOTER_HEIGHT / 2, {
        width: pdf.page.width - 2 * PAGE_MARGIN,
        align: "center",
        lineBreak: false,
      });
    pdf.page.margins.bottom = bottomMargin;
  }
}

/** A4 PDF with embedded fonts: optional cover, then a paragraph per speaker turn, page numbers in the footer. */
export async function writePdf(doc: TranscriptDocument, options: ExportOptions): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, bottom: PAGE_MARGIN + FOOTER_HEIGHT },
    // Starting with DejaVu keeps pdfkit from loading (and embedding) its Helvetica.
    font: fontPath("regular"),
    bufferPages: true,
    displayTitle: true,
    lang: doc.language && isLanguageCode(doc.language) ? doc.language : undefined,
    info: {
      Title: doc.title,
      Creator: "Voxlate",
      Producer: "Voxlate",
      Subject: doc.fileName ? `Transcript of ${doc.fileName}` : "Transcript",
    },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  if (options.cover) writeCover(pdf, doc);
  const noteStyle = options.notes ?? "comments";
  let footnote = 0;
  for (const paragraph of transcriptParagraphs(doc.segments)) {
    const notes = noteStyle === "none" ? [] : (paragraph.comments ?? []);
    const numbered: string[] = [];
    // Footnotes: a number after the quoted words, and the notes under the paragraph.
    const runs = paragraphRuns(paragraph, options).flatMap((run): Run[] => {
      if (run.role !== "text" || noteStyle !== "footnotes" || notes.length === 0) {
        return [{ ...RUN_STYLES[run.role], text: run.text }];
      }
      return splitAtNotes(run.text, notes).flatMap((piece): Run[] => {
        const text: Run[] = piece.text ? [{ ...RUN_STYLES.text, text: piece.text }] : [];
        if (!piece.note) return text;
        footnote += 1;
        numbered.push(`[${footnote}] ${noteLine(piece.note)}`);
        return [...text, { ...RUN_STYLES.timestamp, text: ` [${footnote}]` }];
      });
    });
    const top = pdf.y;
    const page = pdf.bufferedPageRange().count;
    writeRuns(pdf, runs, BODY_SIZE);
    // Comments: a note annotation (a comment in PDF readers) in the left margin beside the paragraph's start, or
    // its end when it ran onto a new page.
    if (noteStyle === "comments") {
      const y = pdf.bufferedPageRange().count === page ? top : Math.max(PAGE_MARGIN, pdf.y - BODY_SIZE);
      notes.forEach((note, index) => pdf.note(PAGE_MARGIN / 2 - 8, y + index * 18, 16, 16, noteLine(note)));
    }
    for (const line of numbered) writeRuns(pdf, [{ ...RUN_STYLES.timestamp, text: line }], NOTE_SIZE);
    // Bilingual: the translation on its own line under the original, in grey.
    const translation = translationLine(paragraph);
    if (translation !== null) writeRuns(pdf, [{ text: translation, font: "regular", color: GREY }], BODY_SIZE);
    pdf.moveDown(0.5);
  }
  writePageNumbers(pdf);
  pdf.end();
  return finished;
}
