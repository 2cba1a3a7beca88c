import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  type IRunOptions,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from "docx";
import { coverLines, type ParagraphRun, paragraphRuns, transcriptParagraphs, translationLine } from "./document";
import type { ExportOptions, TranscriptDocument } from "./types";

const GREY = "6B7280";
const RUN_STYLES: Record<ParagraphRun["role"], IRunOptions> = {
  timestamp: { color: GREY },
  speaker: { bold: true },
  text: {},
};

function coverParagraphs(doc: TranscriptDocument): Paragraph[] {
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    ...coverLines(doc).map((line) => new Paragraph({ children: [new TextRun({ text: line, color: GREY })] })),
    new Paragraph({ spacing: { after: 240 }, children: [] }),
  ];
}

/** Word document: optional cover, then a paragraph per speaker turn with a grey timestamp and the name in bold. */
export async function writeDocx(doc: TranscriptDocument, options: ExportOptions): Promise<Buffer> {
  const body = transcriptParagraphs(doc.segments).flatMap((paragraph) => {
    const translation = translationLine(paragraph);
    const original = new Paragraph({
      spacing: { after: translation === null ? 160 : 40 },
      children: paragraphRuns(paragraph, options).map(
        (run) => new TextRun({ ...RUN_STYLES[run.role], text: run.text }),
      ),
    });
    if (translation === null) return [original];
    // Bilingual: the translation as a paragraph of its own under the original, in italics.
    return [
      original,
      new Paragraph({ spacing: { after: 160 }, children: [new TextRun({ text: translation, italics: true })] }),
    ];
  });
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ color: GREY, children: [PageNumber.CURRENT, " / ", PageNumber.TOTAL_PAGES] })],
      }),
    ],
  });
  const document = new Document({
    title: doc.title,
    creator: "Voxlate",
    lastModifiedBy: "Voxlate",
    description: doc.fileName ? `Transcript of ${doc.fileName}` : "Transcript",
    sections: [{ footers: { default: footer }, children: [...(options.cover ? coverParagraphs(doc) : []), ...body] }],
  });
  return Packer.toBuffer(document);
}
