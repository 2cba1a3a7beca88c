// The owner's notes (highlights) in the exports: Word comments or footnotes, PDF note annotations or numbered
// notes, and the JSON's segments.
import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import { describe, expect, test } from "vitest";
import { splitAtNotes } from "./document";
import { exportTranscript } from "./export.server";
import { meetingTranscript, readZipEntry } from "./test-fixtures";
import type { TranscriptDocument } from "./types";

/** The meeting with a note on a passage of the first segment and one on the whole third. */
function notedTranscript(): TranscriptDocument {
  const doc = meetingTranscript();
  doc.segments[0].comments = [{ quote: "merci d'être venus", body: "Check the welcome <b>wording</b> & tone" }];
  doc.segments[2].comments = [{ quote: "", body: "Boris joins late" }];
  return doc;
}

describe("splitAtNotes", () => {
  test("anchors each note on its quote in reading order; whole-segment and missing quotes go at the end", () => {
    const a = { quote: "world", body: "A" };
    const b = { quote: "hello", body: "B" };
    const whole = { quote: "", body: "C" };
    const gone = { quote: "nowhere", body: "D" };
    expect(splitAtNotes("hello big world!", [a, whole, b, gone])).toEqual([
      { text: "hello", note: b },
      { text: " big ", note: null },
      { text: "world", note: a },
      { text: "!", note: null },
      { text: "", note: whole },
      { text: "", note: gone },
    ]);
    expect(splitAtNotes("no notes")).toEqual([{ text: "no notes", note: null }]);
  });
});

describe("notes in exports", () => {
  test("JSON has every segment's notes (an empty list where there are none)", async () => {
    const file = await exportTranscript(notedTranscript(), "json");
    const data = JSON.parse(file.body.toString("utf8"));
    expect(data.segments[0].comments).toEqual([
      { quote: "merci d'être venus", body: "Check the welcome <b>wording</b> & tone" },
    ]);
    expect(data.segments[2].comments).toEqual([{ quote: "", body: "Boris joins late" }]);
    expect(data.segments[1].comments).toEqual([]);
  });

  test("DOCX: Word comments on the quoted words by default, escaped", async () => {
    const file = await exportTranscript(notedTranscript(), "docx");
    const comments = readZipEntry(file.body, "word/comments.xml");
    expect(comments).toContain("Check the welcome &lt;b&gt;wording&lt;/b&gt; &amp; tone");
    expect(comments).toContain("Boris joins late");
    const document = readZipEntry(file.body, "word/document.xml");
    // The range holds exactly the quoted words.
    expect(document).toMatch(
      /<w:commentRangeStart w:id="0"\/>.*?merci d&apos;être venus<\/w:t>.*?<w:commentRangeEnd w:id="0"\/>/s,
    );
    expect(document).toContain('<w:commentReference w:id="1"/>');
    // The text reads as before.
    const text = (await mammoth.extractRawText({ buffer: file.body })).value;
    expect(text).toContain("Bonjour à tous, merci d'être venus. Café crème pour tout le monde ?");
  });

  test("DOCX: footnotes when asked, numbered in order, with the quote", async () => {
    const file = await exportTranscript(notedTranscript(), "docx", { notes: "footnotes" });
    const footnotes = readZipEntry(file.body, "word/footnotes.xml");
    expect(footnotes).toContain("“merci d&apos;être venus”: Check the welcome &lt;b&gt;wording&lt;/b&gt; &amp; tone");
    expect(footnotes).toContain("Boris joins late");
    const document = readZipEntry(file.body, "word/document.xml");
    expect(document).toContain('<w:footnoteReference w:id="1"/>');
    expect(document).toContain('<w:footnoteReference w:id="2"/>');
    expect(document).not.toContain("commentRangeStart");
  });

  test("DOCX and PDF leave the notes out when asked", async () => {
    const docx = await exportTranscript(notedTranscript(), "docx", { notes: "none" });
    expect(readZipEntry(docx.body, "word/document.xml")).not.toMatch(/comment|footnoteReference/);
    const pdf = await exportTranscript(notedTranscript(), "pdf", { notes: "none" });
    expect(pdf.body.toString("latin1")).not.toContain("/Subtype /Text");
  });

  test("PDF: a note annotation per note by default; numbered notes under the paragraph when asked", async () => {
    const annotated = await exportTranscript(notedTranscript(), "pdf");
    const raw = annotated.body.toString("latin1");
    expect(raw.match(/\/Subtype \/Text/g)).toHaveLength(2);
    expect(raw).toContain("(Boris joins late)");

    const footnoted = await exportTranscript(notedTranscript(), "pdf", { notes: "footnotes" });
    const parser = new PDFParse({ data: new Uint8Array(footnoted.body) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    expect(text).toContain("merci d'être venus [1]");
    expect(text).toContain("[1] “merci d'être venus”: Check the welcome <b>wording</b> & tone");
    expect(text).toContain("[2] Boris joins late");
  });
});
