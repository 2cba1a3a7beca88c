// Issue 17, item 6: the reading formats (TXT, DOCX, PDF) put a timestamp on every speaker change and at least every
// 30 s, and a bilingual export writes each translation on its own line under its original.
import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import { describe, expect, test } from "vitest";
import { exportTranscript } from "./export.server";
import { meetingTranscript } from "./test-fixtures";
import type { ExportFormat, TranscriptDocument } from "./types";

const OPTIONS = { timestamps: true, speakers: true, cover: false };

/** A 3-minute monologue in 5 s segments, then a short reply. */
function monologue(): TranscriptDocument {
  return {
    ...meetingTranscript(),
    durationSeconds: 190,
    segments: [
      ...Array.from({ length: 36 }, (_, i) => ({
        start: i * 5,
        end: i * 5 + 5,
        text: `Sentence ${i}.`,
        speaker: "Alice",
      })),
      { start: 181, end: 185, text: "Thanks.", speaker: "Boris" },
    ],
  };
}

async function plainText(format: ExportFormat, doc: TranscriptDocument): Promise<string> {
  const file = await exportTranscript(doc, format, OPTIONS);
  if (format === "docx") return (await mammoth.extractRawText({ buffer: file.body })).value;
  if (format === "pdf") {
    const parser = new PDFParse({ data: new Uint8Array(file.body) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }
  return file.body.toString("utf8");
}

const seconds = (stamp: string) => stamp.split(":").reduce((total, part) => total * 60 + Number(part), 0);

describe.each(["txt", "docx", "pdf"] as const)("%s timestamps", (format) => {
  test("one every 30 s at most within a turn, and one at the speaker change, with the name once per turn", async () => {
    const text = await plainText(format, monologue());
    const stamps = [...text.matchAll(/\[(\d\d:\d\d:\d\d)\]/g)].map((match) => seconds(match[1]));
    expect(stamps).toEqual([0, 30, 60, 90, 120, 150, 181]);
    expect(text.match(/Alice:/g)).toHaveLength(1);
    expect(text).toContain("[00:03:01] Boris: Thanks.");
  });
});

describe("bilingual TXT", () => {
  test("each original line is followed by its translation's line, never run together", async () => {
    const doc: TranscriptDocument = {
      ...meetingTranscript(),
      segments: [
        { start: 0, end: 2, text: "Good morning.", translation: "Buenos días.", speaker: "Alice" },
        { start: 2.2, end: 4, text: "How are you?", translation: "¿Cómo estás?", speaker: "Alice" },
        { start: 4.5, end: 6, text: "Fine, thanks.", translation: "", speaker: "Boris" },
      ],
    };
    expect(await plainText("txt", doc)).toBe(
      [
        "[00:00:00] Alice: Good morning.",
        "Buenos días.",
        "",
        "[00:00:02] How are you?",
        "¿Cómo estás?",
        "",
        "[00:00:04] Boris: Fine, thanks.",
        "(not translated)",
        "",
      ].join("\n"),
    );
  });

  test("DOCX and PDF keep the translation on a line of its own too", async () => {
    const doc: TranscriptDocument = {
      ...meetingTranscript(),
      segments: [{ start: 0, end: 2, text: "Good morning.", translation: "Buenos días.", speaker: "Alice" }],
    };
    for (const format of ["docx", "pdf"] as const) {
      const lines = (await plainText(format, doc)).split("\n").map((line) => line.trim());
      expect(lines).toContain("[00:00:00] Alice: Good morning.");
      expect(lines).toContain("Buenos días.");
    }
  });
});
