import SrtParser from "srt-parser-2";
import { describe, expect, test } from "vitest";
import { buildCues } from "./cues";
import { exportTranscript } from "./export.server";
import { longTranscript, meetingTranscript } from "./test-fixtures";

const srt = async (doc = meetingTranscript(), options = {}) =>
  (await exportTranscript(doc, "srt", options)).body.toString("utf8");
const withoutSpace = (text: string) => text.replace(/\s+/g, "");

describe("SRT export", () => {
  test("index, comma times, text and a blank line per cue, CRLF", async () => {
    const output = await srt();
    expect(
      output.startsWith(
        "1\r\n00:00:00,000 --> 00:00:03,500\r\nAlice: Bonjour à tous, merci d'être venus.\r\n\r\n2\r\n00:00:03,500 --> 00:00:06,000\r\n",
      ),
    ).toBe(true);
    expect(output).toContain("\r\n01:01:01,400 --> ");
    expect(output.endsWith("follow-up.\r\n\r\n")).toBe(true);
  });

  test("parses with srt-parser-2 and round-trips times and text", async () => {
    const doc = longTranscript(200);
    doc.segments.push(
      ...meetingTranscript().segments.map((segment) => ({
        ...segment,
        start: segment.start + 2000,
        end: segment.end + 2000,
      })),
    );
    const parsed = new SrtParser().fromSrt(await srt(doc));
    const cues = buildCues(doc.segments, { speakerLabels: true });
    expect(parsed.length).toBe(cues.length);
    parsed.forEach((line, index) => {
      expect(line.id).toBe(String(index + 1));
      expect(line.startSeconds).toBe(cues[index].startMs / 1000);
      expect(line.endSeconds).toBe(cues[index].endMs / 1000);
      expect(line.endSeconds).toBeGreaterThan(line.startSeconds);
      if (index > 0) expect(line.startSeconds).toBeGreaterThanOrEqual(parsed[index - 1].endSeconds);
    });
    const parsedText = parsed.map((line) => line.text.replace(/^(Alice|Boris): /, "")).join(" ");
    expect(withoutSpace(parsedText)).toBe(withoutSpace(doc.segments.map((segment) => segment.text).join(" ")));
    // Latin text comes back word for word once line breaks become spaces again.
    expect(parsedText.replace(/\n/g, " ")).toContain(doc.segments[0].text);
  });

  test("speakers off: no name prefixes", async () => {
    const parsed = new SrtParser().fromSrt(await srt(meetingTranscript(), { speakers: false }));
    expect(parsed.slice(0, 4).map((line) => line.text)).toEqual([
      "Bonjour à tous, merci d'être venus.",
      "Café crème pour tout le monde ?",
      "Привет мир",
      "会議を始めます",
    ]);
    expect(parsed.some((line) => /Alice|Boris/.test(line.text))).toBe(false);
  });

  test("cover and timestamps options do not apply to subtitles", async () => {
    expect(await srt(meetingTranscript(), { cover: false, timestamps: false })).toBe(await srt());
  });

  test("no segments: an empty file", async () => {
    expect(await srt({ ...meetingTranscript(), segments: [] })).toBe("");
  });
});
