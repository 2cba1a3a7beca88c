import {
  AlignmentType,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  Footer,
  FootnoteReferenceRun,
  type ICommentOptions,
  type ParagraphChild,
  HeadingLevel,
  type IRunOptions,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from "docx";
import {
  coverLines,
  noteLine,
  type ParagraphRun,
  paragraphRuns,
  splitAtNotes,
  transcriptParagraphs,
  translationLine,
} from "./document";
import type { ExportComment, ExportOptions, NoteStyle, TranscriptDocument } from "./types";

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

/** The notes' Word comments and footnotes, numbered as the paragraphs are written. */
class DocxNotes {
  comments: ICommentOptions[] = [];
  footnotes: Record<number, { children: Paragraph[] }> = {};
  constructor(
    readonly style: NoteStyle,
    readonly date: Date,
  ) {}

  /** A text run with its notes: a comment range around the quoted words, or a footnote mark after them. */
  runs(text: string, notes: ExportComment[] | undefined, styleOf: IRunOptions): ParagraphChild[] {
    if (this.style === "none" || !notes?.length) return [new TextRun({ ...styleOf, text })];
    return splitAtNotes(text, notes).flatMap((piece): ParagraphChild[] => {
      const run = piece.text ? [new TextRun({ ...styleOf, text: piece.text })] : [];
      if (!piece.note) return run;
      if (this.style === "footnotes") {
        const id = Object.keys(this.footnotes).length + 1;
        this.footnotes[id] = { children: [new Paragraph({ children: [new TextRun(noteLine(piece.note))] })] };
        return [...run, new FootnoteReferenceRun(id)];
      }
      const id = this.comments.length;
      this.comments.push({
        id,
        author: "Voxlate",
        date: this.date,
        children: [new Paragraph({ children: [new TextRun(piece.note.body)] })],
      });
      return [
        new CommentRangeStart(id),
        ...run,
        new CommentRangeEnd(id),
        new TextRun({ children: [new CommentReference(id)] }),
      ];
    });
  }
}

/**
 * Word document: optional cover, then a paragraph per speaker turn with a grey timestamp and the name in bold. The
 * owner's notes are Word comments on the quoted words, or footnotes after them (`options.notes`).
 */
export async function writeDocx(doc: TranscriptDocument, options: ExportOptions): Promise<Buffer> {
  const notes = new DocxNotes(options.notes ?? "comments", doc.createdAt);
  const body = transcriptParagraphs(doc.segments).flatMap((paragraph) => {
    const translation = translationLine(paragraph);
    const original = new Paragraph({
      spacing: { after: translation === null ? 160 : 40 },
      children: paragraphRuns(paragraph, options).flatMap((run) =>
        run.role === "text"
          ? notes.runs(run.text, paragraph.comments, RUN_STYLES.text)
          : [new TextRun({ ...RUN_STYLES[run.role], text: run.text })],
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
    comments: { children: notes.comments },
    footnotes: notes.footnotes,
    sections: [{ footers: { default: footer }, children: [...(options.cover ? coverParagraphs(doc) : []), ...body] }],
  });
  return Packer.toBuffer(document);
}
