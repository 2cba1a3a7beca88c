import fs from "node:fs";
import PDFDocument from "pdfkit";
import {
  CHARS_PER_LINE,
  columns,
  isWide,
  type LegalLayout,
  type LegalLine,
  LINES_PER_PAGE,
  pageLabel,
} from "./legal-layout";

// A monospaced face embedded from the Debian package the other PDFs' fonts come from: PDF/A embeds every font, so
// pdfkit's built-in Courier (never embedded) cannot be used. Its advance is 0.602 em, as Courier's is 0.6.
// Wide (CJK) characters, which DejaVu lacks, come from WenQuanYi Micro Hei Mono, as in the other PDFs; each is set in
// the two columns the layout gives it.
const FONTS = {
  regular: { path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", debianPackage: "fonts-dejavu-core" },
  bold: { path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", debianPackage: "fonts-dejavu-core" },
  wide: { path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", debianPackage: "fonts-wqy-microhei" },
} as const;
const WIDE_FAMILY = "WenQuanYiMicroHeiMono";

// US Letter, as court transcripts are typed: line numbers in the left margin, a double rule beside them.
const PAGE = { width: 612, height: 792 };
const FONT_SIZE = 12;
const TEXT_LEFT = 108;
const NUMBER_RIGHT = 90;
const TOP = 72;
const LEADING = 25;
const RULE_COLOR = "#6B7280";

function fontPath(name: keyof typeof FONTS): string {
  const { path, debianPackage } = FONTS[name];
  if (!fs.existsSync(path))
    throw new Error(`The legal PDF needs the font ${path}: install the Debian package ${debianPackage}`);
  return path;
}

interface Run {
  text: string;
  /** The column it starts at. */
  column: number;
  face: "regular" | "bold" | "wide";
}

/** A line's runs by face: the label's narrow characters bold, the rest regular, wide characters in the wide face. */
function runsOf(line: LegalLine): Run[] {
  const runs: Run[] = [];
  let column = 0;
  Array.from(line.text).forEach((character, index) => {
    const face = isWide(character) ? "wide" : index < line.bold ? "bold" : "regular";
    const last = runs.at(-1);
    if (last && last.face === face) last.text += character;
    else runs.push({ text: character, column, face });
    column += columns(character);
  });
  return runs.filter((run) => run.text.trim());
}

/**
 * The legal layout as a PDF/A-2b file: every line at its fixed place, its number in the margin, "Page n of m" at
 * the foot. The text is already broken into lines (legal-layout.ts), so pdfkit never wraps.
 */
export async function writeLegalPdf(
  layout: LegalLayout,
  meta: { title: string; subject: string; language: string | null },
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: { top: 0, left: 0, right: 0, bottom: 0 },
    autoFirstPage: false,
    // PDF/A-2b: pdfkit writes the XMP identification (part 2, conformance B) and the sRGB output intent; the fonts
    // are embedded (no standard-14 font is ever used) and PDF/A-2 asks for PDF 1.7.
    subset: "PDF/A-2b",
    pdfVersion: "1.7",
    font: fontPath("regular"),
    displayTitle: true,
    lang: meta.language ?? undefined,
    info: { Title: meta.title, Subject: meta.subject, Creator: "Voxlate", Producer: "Voxlate" },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const regular = fontPath("regular");
  const bold = fontPath("bold");
  // Opened only for a page with wide text: the collection is 5 MB.
  const wide = () => fontPath("wide");
  const charWidth = pdf.font(regular).fontSize(FONT_SIZE).widthOfString("M");
  const textWidth = charWidth * (CHARS_PER_LINE + 1);
  const bottom = TOP + LEADING * LINES_PER_PAGE;
  // No OpenType features: a monospaced line needs no kerning or ligatures, and shaping each line was most of the time.
  const at: PDFKit.Mixins.TextOptions = { lineBreak: false, features: [] };
  for (const page of layout.pages) {
    pdf.addPage({ size: [PAGE.width, PAGE.height], margins: { top: 0, left: 0, right: 0, bottom: 0 } });
    pdf
      .strokeColor(RULE_COLOR)
      .lineWidth(0.5)
      .moveTo(TEXT_LEFT - 8, TOP - 12)
      .lineTo(TEXT_LEFT - 8, bottom)
      .moveTo(TEXT_LEFT - 6, TOP - 12)
      .lineTo(TEXT_LEFT - 6, bottom)
      .moveTo(TEXT_LEFT + textWidth, TOP - 12)
      .lineTo(TEXT_LEFT + textWidth, bottom)
      .stroke();
    // A font switch per face a page (regular, the labels in bold, then any wide text): switching per line made a long
    // transcript slow. Each line's number goes just before its regular text, so that text copied from the page (and
    // read by a tool that follows the drawing order) keeps each number beside its line.
    const lines = page.lines.map((line, index) => ({ runs: runsOf(line), y: TOP + index * LEADING }));
    const draw = (run: Run, y: number, spacing = 0) =>
      pdf.text(run.text, TEXT_LEFT + charWidth * run.column, y, { ...at, characterSpacing: spacing });
    pdf.font(regular).fontSize(FONT_SIZE).fillColor("#000000");
    lines.forEach(({ runs, y }, index) => {
      const number = String(index + 1);
      pdf.text(number, NUMBER_RIGHT - charWidth * number.length, y, at);
      for (const run of runs) if (run.face === "regular") draw(run, y);
    });
    if (lines.some(({ runs }) => runs.some((run) => run.face === "bold"))) {
      pdf.font(bold);
      for (const { runs, y } of lines) for (const run of runs) if (run.face === "bold") draw(run, y);
    }
    if (lines.some(({ runs }) => runs.some((run) => run.face === "wide"))) {
      pdf.font(wide(), WIDE_FAMILY);
      // A wide glyph is 1 em; spacing after each makes it take its two columns exactly.
      const spacing = 2 * charWidth - pdf.widthOfString("中");
      for (const { runs, y } of lines) for (const run of runs) if (run.face === "wide") draw(run, y, spacing);
    }
    pdf
      .font(regular)
      .fontSize(10)
      .text(pageLabel(page.number, layout.pages.length), 0, bottom + 24, {
        width: PAGE.width,
        align: "center",
        lineBreak: false,
      });
  }
  pdf.end();
  return finished;
}
