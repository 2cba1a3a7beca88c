import fs from "node:fs";
import PDFDocument from "pdfkit";
import { CHARS_PER_LINE, type LegalLayout, LINES_PER_PAGE, pageLabel } from "./legal-layout";

// A monospaced face embedded from the Debian package the other PDFs' fonts come from: PDF/A embeds every font, so
// pdfkit's built-in Courier (never embedded) cannot be used. Its advance is 0.602 em, as Courier's is 0.6.
const FONTS = {
  regular: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
  bold: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
} as const;
const DEBIAN_PACKAGE = "fonts-dejavu-core";

// US Letter, as court transcripts are typed: line numbers in the left margin, a double rule beside them.
const PAGE = { width: 612, height: 792 };
const FONT_SIZE = 12;
const TEXT_LEFT = 108;
const NUMBER_RIGHT = 90;
const TOP = 72;
const LEADING = 25;
const RULE_COLOR = "#6B7280";

function fontPath(name: keyof typeof FONTS): string {
  const path = FONTS[name];
  if (!fs.existsSync(path))
    throw new Error(`The legal PDF needs the font ${path}: install the Debian package ${DEBIAN_PACKAGE}`);
  return path;
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
    // Two font switches a page (regular, then the labels in bold): switching per line made a long transcript slow.
    pdf.font(regular).fontSize(FONT_SIZE).fillColor("#000000");
    page.lines.forEach((line, index) => {
      const y = TOP + index * LEADING;
      const number = String(index + 1);
      pdf.text(number, NUMBER_RIGHT - charWidth * number.length, y, at);
      const characters = Array.from(line.text);
      const rest = characters.slice(line.bold).join("");
      if (rest.trim()) pdf.text(rest, TEXT_LEFT + charWidth * Math.min(line.bold, characters.length), y, at);
    });
    const labelled = page.lines.flatMap((line, index) => (line.bold > 0 ? [{ line, index }] : []));
    if (labelled.length) {
      pdf.font(bold);
      for (const { line, index } of labelled)
        pdf.text(Array.from(line.text).slice(0, line.bold).join(""), TEXT_LEFT, TOP + index * LEADING, at);
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
