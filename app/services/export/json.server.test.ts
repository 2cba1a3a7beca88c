import { describe, expect, test } from "vitest";
import { exportTranscript } from "./export.server";
import { meetingTranscript } from "./test-fixtures";

const json = async (options = {}) => {
  const file = await exportTranscript(meetingTranscript(), "json", options);
  return { raw: file.body.toString("utf8"), data: JSON.parse(file.body.toString("utf8")) };
};

describe("JSON export", () => {
  test("metadata and every segment, pretty-printed", async () => {
    const { raw, data } = await json();
    const doc = meetingTranscript();
    expect(data).toEqual({
      title: doc.title,
      fileName: "team-meeting.mp3",
      durationSeconds: 3725,
      createdAt: "2025-03-05T14:03:00.000Z",
      engine: "whisper.cpp",
      model: "large-v3",
      language: "fr",
      glossary: [],
      segments: doc.segments.map(({ start, end, speaker, text }) => ({
        start,
        end,
        speaker,
        text,
        confidence: null,
        edited: false,
        words: [],
        comments: [],
      })),
    });
    expect(Object.keys(data.segments[0])).toEqual([
      "start",
      "end",
      "speaker",
      "text",
      "confidence",
      "edited",
      "words",
      "comments",
    ]);
    expect(raw).toContain('\n  "title": "Réunion – Встреча – 会議",\n');
    expect(raw.endsWith("}\n")).toBe(true);
  });

  test("the glossary and each word's time and confidence are exported", async () => {
    const doc = meetingTranscript();
    doc.glossary = ["Voxlate", "OpenAI"];
    doc.segments[0] = {
      ...doc.segments[0],
      confidence: 0.82,
      words: [
        { start: 0, end: 0.6, word: "Bonjour", confidence: 0.97 },
        { start: 0.7, end: 1, word: "à", confidence: 0.31 },
        { start: 1, end: 1.4, word: "tous", confidence: null },
      ],
    };
    const data = JSON.parse((await exportTranscript(doc, "json", {})).body.toString("utf8"));
    expect(data.glossary).toEqual(["Voxlate", "OpenAI"]);
    expect(data.segments[0]).toMatchObject({ confidence: 0.82, edited: false });
    expect(data.segments[0].words).toEqual([
      { start: 0, end: 0.6, word: "Bonjour", confidence: 0.97 },
      { start: 0.7, end: 1, word: "à", confidence: 0.31 },
      { start: 1, end: 1.4, word: "tous", confidence: null },
    ]);
    expect(data.segments[1].words).toEqual([]);
  });

  test("speakers off blanks the names; timestamps and cover do not change the data", async () => {
    const full = (await json()).data;
    expect((await json({ timestamps: false, cover: false })).data).toEqual(full);
    const { data } = await json({ speakers: false });
    expect(data.segments.map((segment: { speaker: string | null }) => segment.speaker)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(data.segments.map((segment: { text: string }) => segment.text)).toEqual(
      full.segments.map((segment: { text: string }) => segment.text),
    );
  });
});
