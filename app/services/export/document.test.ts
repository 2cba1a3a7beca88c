import { describe, expect, test } from "vitest";
import { coverLines, normalizeDocument, paragraphRuns, transcriptParagraphs } from "./document";
import { meetingTranscript } from "./test-fixtures";
import type { ExportSegment } from "./types";

const segment = (start: number, end: number, text: string, speaker: string | null): ExportSegment => ({
  start,
  end,
  text,
  speaker,
});

describe("transcriptParagraphs", () => {
  test("consecutive segments of one speaker share a paragraph; a new speaker starts one", () => {
    const paragraphs = transcriptParagraphs([
      segment(0, 2, "Hi.", "A"),
      segment(2.5, 4, "How are you?", "A"),
      segment(4, 5, "Fine.", "B"),
      segment(5, 6, "Good.", "A"),
    ]);
    expect(paragraphs).toEqual([
      { start: 0, end: 4, speaker: "A", text: "Hi. How are you?" },
      { start: 4, end: 5, speaker: "B", text: "Fine." },
      { start: 5, end: 6, speaker: "A", text: "Good." },
    ]);
  });

  test("a long pause or a paragraph over a minute starts a new paragraph", () => {
    const afterPause = transcriptParagraphs([segment(0, 2, "Before.", "A"), segment(5.5, 7, "After.", "A")]);
    expect(afterPause.map((p) => p.text)).toEqual(["Before.", "After."]);
    const monologue = transcriptParagraphs(
      Array.from({ length: 30 }, (_, i) => segment(i * 5, i * 5 + 5, `Part ${i}.`, null)),
    );
    expect(monologue.map((p) => p.start)).toEqual([0, 60, 120]);
  });
});

describe("paragraphRuns", () => {
  const paragraph = { start: 3661.4, end: 3670, speaker: "Alice", text: "Hello." };
  test("timestamp and name per the options, each with the space after it", () => {
    expect(paragraphRuns(paragraph, { timestamps: true, speakers: true, cover: true })).toEqual([
      { role: "timestamp", text: "[01:01:01] " },
      { role: "speaker", text: "Alice: " },
      { role: "text", text: "Hello." },
    ]);
    expect(paragraphRuns(paragraph, { timestamps: false, speakers: false, cover: true })).toEqual([
      { role: "text", text: "Hello." },
    ]);
    expect(
      paragraphRuns({ ...paragraph, speaker: null }, { timestamps: true, speakers: true, cover: true }).map(
        (run) => run.role,
      ),
    ).toEqual(["timestamp", "text"]);
  });
});

describe("coverLines", () => {
  test("language codes are spelled out; other values are shown as stored", () => {
    const lines = (language: string | null) =>
      coverLines({ ...meetingTranscript(), language }).filter((line) => line.startsWith("Language"));
    expect(lines("pt-BR")).toEqual(["Language: Portuguese (Brazil)"]);
    expect(lines("auto")).toEqual(["Language: auto"]);
    expect(lines(null)).toEqual([]);
  });

  test("a notice (the offline fallback engine's) is the cover's last line, in PDF, DOCX and TXT alike", () => {
    const notice =
      "Offline fallback engine: low accuracy, English only. Ask your administrator to install a whisper model.";
    expect(coverLines(normalizeDocument({ ...meetingTranscript(), notice })).at(-1)).toBe(notice);
    expect(coverLines(normalizeDocument({ ...meetingTranscript(), notice: null }))).not.toContain(notice);
  });
});

describe("normalizeDocument", () => {
  test("missing title and duration get sensible values", () => {
    const doc = normalizeDocument({ ...meetingTranscript(), title: "   ", durationSeconds: Number.NaN });
    expect(doc.title).toBe("Transcript");
    expect(doc.durationSeconds).toBe(3680);
  });

  test("negative times are clamped to zero and equal starts keep their order", () => {
    const doc = normalizeDocument({
      ...meetingTranscript(),
      segments: [segment(1, 2, "b", null), segment(-3, -1, "a1", null), segment(-1, 0.5, "a2", null)],
    });
    expect(doc.segments.map(({ start, end, text }) => [start, end, text])).toEqual([
      [0, 0, "a1"],
      [0, 0.5, "a2"],
      [1, 2, "b"],
    ]);
  });
});
