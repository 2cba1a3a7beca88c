import { describe, expect, test } from "vitest";
import { coverLines, normalizeDocument, paragraphRuns, transcriptParagraphs, translationLine } from "./document";
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
      { start: 0, end: 4, speaker: "A", text: "Hi. How are you?", speakerChanged: true },
      { start: 4, end: 5, speaker: "B", text: "Fine.", speakerChanged: true },
      { start: 5, end: 6, speaker: "A", text: "Good.", speakerChanged: true },
    ]);
  });

  test("a long pause or a paragraph over 30 s starts a new paragraph, with the same speaker's name not repeated", () => {
    const afterPause = transcriptParagraphs([segment(0, 2, "Before.", "A"), segment(5.5, 7, "After.", "A")]);
    expect(afterPause.map((p) => [p.text, p.speakerChanged])).toEqual([
      ["Before.", true],
      ["After.", false],
    ]);
    const monologue = transcriptParagraphs(
      Array.from({ length: 30 }, (_, i) => segment(i * 5, i * 5 + 5, `Part ${i}.`, null)),
    );
    expect(monologue.map((p) => p.start)).toEqual([0, 30, 60, 90, 120]);
  });

  test("a timestamp on every speaker change and at least every 30 s of a long meeting", () => {
    // Two speakers in turns of uneven length (1 to 9 segments of 2–6 s), some pauses; 20 minutes in all.
    const segments: ExportSegment[] = [];
    let time = 0;
    for (let turn = 0; time < 1200; turn++) {
      const speaker = turn % 2 === 0 ? "Alice" : "Boris";
      for (let i = 0; i < ((turn * 7) % 9) + 1; i++) {
        const length = 2 + ((turn + i) % 5);
        segments.push(segment(time, time + length, `Turn ${turn} part ${i}.`, speaker));
        time += length + (i % 4 === 3 ? 4 : 0.3);
      }
    }
    const paragraphs = transcriptParagraphs(segments);
    for (const [index, paragraph] of paragraphs.entries()) {
      expect(paragraph.end - paragraph.start).toBeLessThanOrEqual(30);
      const previous = paragraphs[index - 1];
      expect(paragraph.speakerChanged).toBe(previous?.speaker !== paragraph.speaker);
    }
    // Every segment's first word is in a paragraph that starts with a new speaker or within 30 s of its start.
    for (const [index, current] of segments.entries()) {
      if (segments[index - 1]?.speaker !== current.speaker)
        expect(paragraphs.some((p) => p.start === current.start && p.speakerChanged)).toBe(true);
    }
  });

  test("a segment longer than 30 s is cut at its words' times, or by characters when they do not match the text", () => {
    const words = Array.from({ length: 50 }, (_, i) => ({
      start: i * 1.5,
      end: i * 1.5 + 1,
      word: `w${i}`,
      confidence: null,
    }));
    const long: ExportSegment = { ...segment(0, 75, words.map((w) => w.word).join(" "), "A"), words };
    const timed = transcriptParagraphs([long]);
    expect(timed.map((p) => p.start)).toEqual([0, 30, 60]);
    expect(timed.map((p) => p.text.split(" ")[0])).toEqual(["w0", "w20", "w40"]);
    expect(timed.map((p) => p.speakerChanged)).toEqual([true, false, false]);
    expect(timed.map((p) => p.text).join(" ")).toBe(long.text);
    // Edited text whose words no longer match: shared out by characters, still never more than 30 s apart.
    const edited = transcriptParagraphs([{ ...long, text: `${long.text} extra words`, edited: true }]);
    expect(edited.length).toBeGreaterThanOrEqual(3);
    for (const paragraph of edited) expect(paragraph.end - paragraph.start).toBeLessThanOrEqual(30);
    expect(edited.map((p) => p.text).join(" ")).toBe(`${long.text} extra words`);
  });

  test("bilingual segments are neither joined nor cut: each original keeps its own translation", () => {
    const paragraphs = transcriptParagraphs([
      { ...segment(0, 2, "Hi.", "A"), translation: "Hola." },
      { ...segment(2, 4, "How are you?", "A"), translation: "¿Qué tal?" },
      { ...segment(4, 50, "A very long answer.", "B"), translation: "" },
    ]);
    expect(paragraphs.map((p) => [p.text, p.translation, p.speakerChanged])).toEqual([
      ["Hi.", "Hola.", true],
      ["How are you?", "¿Qué tal?", false],
      ["A very long answer.", "", true],
    ]);
    expect(translationLine(paragraphs[2])).toBe("(not translated)");
    expect(translationLine({ ...paragraphs[0], translation: undefined })).toBeNull();
  });
});

describe("paragraphRuns", () => {
  const paragraph = { start: 3661.4, end: 3670, speaker: "Alice", text: "Hello.", speakerChanged: true };
  test("the same speaker's next paragraph shows its time but not the name again", () => {
    expect(
      paragraphRuns({ ...paragraph, speakerChanged: false }, { timestamps: true, speakers: true, cover: true }),
    ).toEqual([
      { role: "timestamp", text: "[01:01:01] " },
      { role: "text", text: "Hello." },
    ]);
  });

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

  test("the engine is stated as a fact (the notice), in place of the engine line, never as advice", () => {
    const notice = "Machine transcript: pocketsphinx (offline fallback)";
    const lines = coverLines(normalizeDocument({ ...meetingTranscript(), notice }));
    expect(lines).toContain(notice);
    expect(lines.join("\n")).not.toMatch(/Transcribed by|administrator/);
    expect(coverLines(normalizeDocument({ ...meetingTranscript(), notice: null }))).toContain(
      "Transcribed by whisper.cpp (large-v3)",
    );
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
