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
      segments: doc.segments.map(({ start, end, speaker, text }) => ({ start, end, speaker, text })),
    });
    expect(Object.keys(data.segments[0])).toEqual(["start", "end", "speaker", "text"]);
    expect(raw).toContain('\n  "title": "Réunion – Встреча – 会議",\n');
    expect(raw.endsWith("}\n")).toBe(true);
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
