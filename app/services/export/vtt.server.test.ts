import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { buildCues } from "./cues";
import { exportTranscript } from "./export.server";
import { longTranscript, meetingTranscript } from "./test-fixtures";

// node-webvtt ships no types.
interface WebVttCue {
  start: number;
  end: number;
  text: string;
}
const webvtt = createRequire(import.meta.url)("node-webvtt") as {
  parse(input: string, options: { strict: boolean }): { valid: boolean; cues: WebVttCue[] };
};

const vtt = async (doc = meetingTranscript(), options = {}) =>
  (await exportTranscript(doc, "vtt", options)).body.toString("utf8");

describe("VTT export", () => {
  test("WEBVTT header, dot times, voice spans", async () => {
    const output = await vtt();
    expect(
      output.startsWith(
        "WEBVTT\n\n00:00:00.000 --> 00:00:03.500\n<v Alice>Bonjour à tous, merci d'être venus.\n\n00:00:03.500 --> 00:00:06.000\n",
      ),
    ).toBe(true);
    expect(output).toContain("\n01:01:01.400 --> ");
  });

  test("parses strictly with node-webvtt, times and text intact", async () => {
    const doc = longTranscript(200);
    doc.segments.push(
      ...meetingTranscript().segments.map((segment) => ({
        ...segment,
        start: segment.start + 2000,
        end: segment.end + 2000,
      })),
    );
    const parsed = webvtt.parse(await vtt(doc), { strict: true });
    const cues = buildCues(doc.segments, { speakerLabels: false });
    expect(parsed.valid).toBe(true);
    expect(parsed.cues.length).toBe(cues.length);
    parsed.cues.forEach((cue, index) => {
      // node-webvtt adds up the time parts in floating point.
      expect(cue.start).toBeCloseTo(cues[index].startMs / 1000, 6);
      expect(cue.end).toBeCloseTo(cues[index].endMs / 1000, 6);
      expect(cue.text).toBe(`<v ${cues[index].speaker}>${cues[index].lines.join("\n")}`);
    });
  });

  test("speakers off: no voice spans", async () => {
    const parsed = webvtt.parse(await vtt(meetingTranscript(), { speakers: false }), { strict: true });
    expect(parsed.cues.slice(0, 4).map((cue) => cue.text)).toEqual([
      "Bonjour à tous, merci d'être venus.",
      "Café crème pour tout le monde ?",
      "Привет мир",
      "会議を始めます",
    ]);
    expect(parsed.cues.some((cue) => cue.text.includes("<v"))).toBe(false);
  });

  test("markup characters and arrows in the text are escaped", async () => {
    const doc = {
      ...meetingTranscript(),
      segments: [{ start: 0, end: 2, text: "if a < b && b > c --> done", speaker: "R&D <lead>" }],
    };
    const output = await vtt(doc);
    expect(output).toContain("<v R&amp;D &lt;lead&gt;>if a &lt; b &amp;&amp; b &gt; c --&gt; done\n");
    expect(webvtt.parse(output, { strict: true }).cues).toHaveLength(1);
  });

  test("no segments: just the header", async () => {
    expect(await vtt({ ...meetingTranscript(), segments: [] })).toBe("WEBVTT\n");
  });
});
