import { describe, expect, test } from "vitest";
import { buildCues, type Cue, formatDuration, formatSubtitleTime } from "./cues";
import { longTranscript } from "./test-fixtures";
import type { ExportSegment } from "./types";

const segment = (start: number, end: number, text: string, speaker: string | null = null): ExportSegment => ({
  start,
  end,
  text,
  speaker,
});

/** Every rule a cue list must keep (numbers from the spec, not from CUE_LIMITS), checked against the segments it came from. */
function expectValidCues(cues: Cue[], segments: ExportSegment[]) {
  cues.forEach((cue, index) => {
    expect(cue.endMs, `cue ${index} has a positive duration`).toBeGreaterThan(cue.startMs);
    expect(cue.endMs - cue.startMs, `cue ${index} is at most 7 s`).toBeLessThanOrEqual(7000);
    expect(cue.lines.length).toBeGreaterThan(0);
    expect(cue.lines.length).toBeLessThanOrEqual(2);
    for (const line of cue.lines) expect([...line].length, line).toBeLessThanOrEqual(42);
    if (index > 0)
      expect(cue.startMs, `cue ${index} starts after the one before ends`).toBeGreaterThanOrEqual(
        cues[index - 1].endMs,
      );
  });
  const allText = (texts: string[]) => texts.join("").replace(/\s+/g, "");
  expect(allText(cues.flatMap((cue) => cue.lines))).toBe(allText(segments.map((s) => s.text)));
}

describe("time formatting", () => {
  test.each([
    [0, ",", "00:00:00,000"],
    [1, ".", "00:00:00.001"],
    [61_234, ",", "00:01:01,234"],
    [3_723_004, ".", "01:02:03.004"],
    [36_000_000 + 59_999, ",", "10:00:59,999"],
    [100 * 3_600_000, ",", "100:00:00,000"],
    [-5, ",", "00:00:00,000"],
    [Number.NaN, ".", "00:00:00.000"],
  ] as const)("subtitle time %s ms with %s → %s", (ms, separator, expected) => {
    expect(formatSubtitleTime(ms, separator)).toBe(expected);
  });

  test("duration reads h:mm:ss", () => {
    expect(formatDuration(0)).toBe("0:00:00");
    expect(formatDuration(45)).toBe("0:00:45");
    expect(formatDuration(3725.4)).toBe("1:02:05");
    expect(formatDuration(36_000)).toBe("10:00:00");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("0:00:00");
  });
});

describe("buildCues", () => {
  test("bilingual: each cue shows one line of the original above its share of the translation, nothing lost", () => {
    const original =
      "And so, my fellow Americans, ask not what your country can do for you; ask what you can do for your country.";
    const translation =
      "Y así, mis compatriotas estadounidenses, no preguntéis qué puede hacer vuestro país por vosotros; preguntad qué podéis hacer vosotros por vuestro país.";
    const cues = buildCues([{ ...segment(0, 12, original, "Kennedy"), translation }], { speakerLabels: false });
    expect(cues.length).toBeGreaterThan(1);
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    expect(words(cues.map((cue) => cue.lines[0]).join(" "))).toEqual(words(original));
    // The translation follows the original line in every cue, in order, whole.
    expect(words(cues.flatMap((cue) => cue.lines.slice(1)).join(" "))).toEqual(words(translation));
    for (const cue of cues) {
      expect(cue.lines.length).toBeGreaterThanOrEqual(2);
      for (const line of cue.lines) expect([...line].length).toBeLessThanOrEqual(42);
    }
    expect(cues.at(-1)!.endMs).toBe(12_000);
  });

  test("bilingual with no translation yet: the original alone", () => {
    const cues = buildCues([{ ...segment(0, 2, "Hello there."), translation: "" }], { speakerLabels: false });
    expect(cues).toEqual([{ startMs: 0, endMs: 2000, lines: ["Hello there."], speaker: null }]);
  });

  test("a short segment is one cue with the segment's times", () => {
    expect(buildCues([segment(1.5, 3.25, "Hello there.")], { speakerLabels: false })).toEqual([
      { startMs: 1500, endMs: 3250, lines: ["Hello there."], speaker: null },
    ]);
  });

  test("a long segment splits at word boundaries into even cues of at most two lines, time shared by characters", () => {
    const text =
      "This is a rather long sentence that needs to be split into several subtitle cues because it is far too long for one cue on the screen at once.";
    const segments = [segment(30, 45, text)];
    const cues = buildCues(segments, { speakerLabels: false });
    expectValidCues(cues, segments);
    expect(cues.length).toBe(3);
    expect(cues[0].startMs).toBe(30_000);
    expect(cues.at(-1)!.endMs).toBe(45_000);
    // Split at spaces only: every line is made of whole words of the text.
    for (const line of cues.flatMap((cue) => cue.lines)) expect(text).toContain(line);
    // Cues follow each other without gaps, each lasting in proportion to its characters.
    const msPerChar = 15_000 / text.length;
    for (const cue of cues) {
      const chars = cue.lines.join(" ").length;
      expect(Math.abs(cue.endMs - cue.startMs - chars * msPerChar)).toBeLessThan(2 * msPerChar);
    }
    // Even: no cue is a short leftover.
    const lengths = cues.map((cue) => cue.lines.join(" ").length);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThan(15);
  });

  test("a long segment of few words is split by time: no cue over 7 s", () => {
    const segments = [segment(0, 30, "one two three four five six seven eight nine ten")];
    const cues = buildCues(segments, { speakerLabels: false });
    expectValidCues(cues, segments);
    expect(cues.length).toBeGreaterThanOrEqual(5);
    expect(cues.at(-1)!.endMs).toBe(30_000);
  });

  test("a single word on screen too long leaves early rather than linger", () => {
    expect(buildCues([segment(10, 40, "[music]")], { speakerLabels: false })).toEqual([
      { startMs: 10_000, endMs: 17_000, lines: ["[music]"], speaker: null },
    ]);
  });

  test("text without spaces (Japanese, a URL) breaks between characters and keeps every character", () => {
    const japanese =
      "会議を始めます。今日の議題は三つあります。まず最初に予算について話し合いましょう。それから新しいプロジェクトの進捗状況を確認します。";
    const url = `https://example.com/${"a".repeat(120)}`;
    const segments = [segment(0, 20, japanese), segment(20, 22, url)];
    const cues = buildCues(segments, { speakerLabels: false });
    expectValidCues(cues, segments);
    expect(
      cues
        .filter((cue) => cue.endMs <= 20_000)
        .map((cue) => cue.lines.join(""))
        .join(""),
    ).toBe(japanese);
    // No spaces are invented inside a run.
    for (const cue of cues) for (const line of cue.lines) expect(line).not.toContain(" ");
  });

  test("a very short segment still gets whole-millisecond cues inside it", () => {
    const segments = [
      segment(
        5,
        5.05,
        "A rather long sentence spoken impossibly fast, far longer than two lines of subtitles, so it needs two cues of its own.",
      ),
    ];
    const cues = buildCues(segments, { speakerLabels: false });
    expectValidCues(cues, segments);
    expect(cues.length).toBe(2);
    expect(cues[0].startMs).toBe(5000);
    expect(cues.at(-1)!.endMs).toBe(5050);
  });

  test("a zero-length segment borrows time from the pause after it, up to the next segment", () => {
    const segments = [
      segment(0, 0, "Hi."),
      segment(0.4, 2, "Hello."),
      segment(5, 5, "Bye."),
      segment(60, 61, "Later."),
    ];
    const cues = buildCues(segments, { speakerLabels: false });
    expectValidCues(cues, segments);
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [0, 400],
      [400, 2000],
      [5000, 6000],
      [60_000, 61_000],
    ]);
  });

  test("overlapping segments give cues that do not overlap", () => {
    const segments = [
      segment(0, 5, "First speaker talks for a while here."),
      segment(3, 6, "Second speaker cuts in."),
      segment(3.5, 4, "Third."),
    ];
    const cues = buildCues(segments, { speakerLabels: false });
    expectValidCues(cues, segments);
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [0, 5000],
      [5000, 6000],
      [6000, 7000],
    ]);
  });

  test("empty segments give no cues", () => {
    expect(buildCues([segment(0, 1, ""), segment(1, 2, "   ")], { speakerLabels: false })).toEqual([]);
  });

  test("the speaker label starts every cue and counts towards the line length", () => {
    const segments = [
      segment(
        0,
        12,
        "We moved the billing service last week and the error rate has been flat since then, which is good news.",
        "Alexandra",
      ),
    ];
    const cues = buildCues(segments, { speakerLabels: true });
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) {
      expect(cue.lines[0]).toMatch(/^Alexandra: \S/);
      expect(cue.speaker).toBe("Alexandra");
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    }
    expect(cues.map((cue) => cue.lines.join(" ").replace("Alexandra: ", "")).join(" ")).toBe(segments[0].text);
  });

  test("a 2-hour transcript keeps every rule", () => {
    const { segments } = longTranscript(1500);
    expectValidCues(
      buildCues(segments, { speakerLabels: true }).map((cue) => ({
        ...cue,
        lines: cue.lines.map((line) => line.replace(/^(Alice|Boris): /, "")),
      })),
      segments,
    );
  });
});
