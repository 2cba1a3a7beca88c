import {
  AlignmentType,
  Document,
  Footer,
  LineRuleType,
  Packer,
  Paragraph,
  type ParagraphChild,
  SectionType,
  Tab,
  TextRun,
} from "docx";
import { type LegalLayout, type LegalLine, pageLabel } from "./legal-layout";

// The same pages as the PDF (legal-layout.ts): one section per page, so each page's footer states its own number,
// and 25 one-line paragraphs of exact height. Courier New is the face Word has everywhere (0.6 em, as the PDF's).
const FONT = "Courier New";
// Wide (CJK) text takes two columns in the layout: MS Gothic, the fixed-width East Asian face Word ships, sets each
// character in 1 em, a little under two of Courier New's columns (1.2 em), so a line never wraps.
const FONTS = { ascii: FONT, hAnsi: FONT, cs: FONT, eastAsia: "MS Gothic" };
const HALF_POINTS = 24;
const TWIPS_PER_INCH = 1440;
const LINE_TWIPS = 500;

function lineParagraph(line: LegalLine, number: number): Paragraph {
  const characters = Array.from(line.text);
  const label = characters.slice(0, line.bold).join("");
  const rest = characters.slice(line.bold).join("");
  // As few runs as the line needs (the face and size are the document's defaults): a long transcript has thousands.
  const lead: (string | Tab)[] = [String(number).padStart(2, " "), new Tab()];
  const children: ParagraphChild[] = label
    ? [new TextRun({ children: lead }), new TextRun({ text: label, bold: true }), ...(rest ? [new TextRun(rest)] : [])]
    : [new TextRun({ children: rest ? [...lead, rest] : lead })];
  return new Paragraph({
    // The number sits in the half inch left of the text, as in the margin of a typed transcript.
    indent: { left: TWIPS_PER_INCH / 2, hanging: TWIPS_PER_INCH / 2 },
    spacing: { before: 0, after: 0, line: LINE_TWIPS, lineRule: LineRuleType.EXACT },
    keepLines: true,
    children,
  });
}

/** The legal layout as a Word document, page for page and line for line the same as the PDF. */
export async function writeLegalDocx(layout: LegalLayout, meta: { title: string; subject: string }): Promise<Buffer> {
  const document = new Document({
    title: meta.title,
    description: meta.subject,
    creator: "Voxlate",
    lastModifiedBy: "Voxlate",
    styles: { default: { document: { run: { font: FONTS, size: HALF_POINTS } } } },
    sections: layout.pages.map((page) => ({
      properties: {
        type: SectionType.NEXT_PAGE,
        page: {
          size: { width: 8.5 * TWIPS_PER_INCH, height: 11 * TWIPS_PER_INCH },
          margin: {
            top: TWIPS_PER_INCH,
            bottom: TWIPS_PER_INCH,
            left: TWIPS_PER_INCH,
            right: 0.75 * TWIPS_PER_INCH,
          },
        },
      },
      footers: {
        default: new Footer({
          children: [
            new Paragraph({
              alignment: AlignmentType.CENTER,
              children: [new TextRun({ text: pageLabel(page.number, layout.pages.length), font: FONT, size: 20 })],
            }),
          ],
        }),
      },
      children: page.lines.map((line, index) => lineParagraph(line, index + 1)),
    })),
  });
  return Packer.toBuffer(document);
}
