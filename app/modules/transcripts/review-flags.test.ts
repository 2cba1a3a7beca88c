import { describe, expect, test } from "vitest";
import { type ReviewContext, type ReviewSegment, reviewFlags, storedSpeechRegions } from "./review-flags";

let counter = 0;
function segment(text: string, options: Partial<ReviewSegment> = {}): ReviewSegment {
  const start = options.start ?? counter * 10;
  counter++;
  return {
    id: `s${counter}`,
    start,
    end: start + 5,
    text,
    speaker: "Speaker 1",
    confidence: null,
    words: [],
    ...options,
  };
}
const none: ReviewContext = { glossary: [], speakers: [] };
const reasons = (segments: ReviewSegment[], context = none) =>
  reviewFlags(segments, context).map((flag) => [flag.reason, flag.span]);

describe("review flags", () => {
  test("low-confidence words are flagged as runs; confident ones are not", () => {
    const words = [0.9, 0.3, 0.2, 0.95, 0.4].map((confidence, index) => ({ word: "w", start: index, confidence }));
    const flags = reviewFlags([segment("we paid the invoice today", { words })], none);
    expect(flags.filter((flag) => flag.reason === "low-confidence").map((flag) => flag.span)).toEqual([
      "paid the",
      "today",
    ]);
    // The first flagged word's own time is where the player goes.
    expect(flags[0].start).toBe(1);
  });

  test("a segment without word confidences is flagged by its own", () => {
    expect(reasons([segment("hard to hear this part", { confidence: 0.3 })])).toEqual([
      ["low-confidence", "hard to hear this part"],
    ]);
    expect(reasons([segment("hard to hear this part", { confidence: 0.8 })])).toEqual([]);
  });

  test("numbers, dates and amounts are flagged unless the glossary holds them", () => {
    expect(reasons([segment("we paid $4,500 on March 3rd for twenty units")])).toEqual([
      ["number", "$4,500"],
      ["number", "March 3rd"],
      ["number", "twenty"],
    ]);
    expect(reasons([segment("the code is 4711 today")], { glossary: ["4711"], speakers: [] })).toEqual([]);
    // "may" and "second" alone are words, not dates or numbers.
    expect(reasons([segment("you may take a second look")])).toEqual([]);
  });

  test("names not in the glossary or the speaker list are flagged; sentence starts are not names", () => {
    expect(reasons([segment("Then I called Maria Gonzalez about it. Yes she agreed")])).toEqual([
      ["name", "Maria Gonzalez"],
    ]);
    const context = { glossary: ["Gonzalez"], speakers: ["Maria Lopez"] };
    expect(reasons([segment("then I called Maria Gonzalez about it")], context)).toEqual([]);
  });

  test("a phrase repeated back to back is flagged; a word said twice or thrice is speech", () => {
    expect(reasons([segment("thank you. thank you. thank you. thank you.")])).toEqual([
      ["repetition", "thank you. thank you. thank you. thank you."],
    ]);
    expect(reasons([segment("no, no, no, I did not")])).toEqual([]);
    expect(reasons([segment("so so so so much")])).toEqual([["repetition", "so so so so"]]);
  });

  test("more words than anyone speaks in the time is flagged", () => {
    const text = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima";
    expect(reasons([segment(text, { start: 0, end: 1 })])).toEqual([["too-fast", text]]);
    expect(reasons([segment(text, { start: 0, end: 4 })])).toEqual([]);
  });

  test("two speakers' segments that overlap are both flagged; one speaker's or a brief touch are not", () => {
    const a = segment("I was there", { start: 0, end: 4, speaker: "Speaker 1" });
    const b = segment("no you were not", { start: 3, end: 6, speaker: "Speaker 2" });
    expect(reasons([a, b])).toEqual([
      ["overlap", "I was there"],
      ["overlap", "no you were not"],
    ]);
    expect(reasons([a, { ...b, speaker: "Speaker 1" }])).toEqual([]);
    expect(reasons([a, { ...b, start: 3.9 }])).toEqual([]);
  });

  test("flags come in reading order with the segment they belong to", () => {
    const flags = reviewFlags([segment("call Bob at 5"), segment("okay")], none);
    expect(flags.map((flag) => [flag.segmentIndex, flag.tokenStart, flag.reason])).toEqual([
      [0, 1, "name"],
      [0, 3, "number"],
    ]);
  });

  describe("text where the VAD heard no speech", () => {
    const timed = (times: [number, number][]) =>
      times.map(([start, end], index) => ({ word: `w${index}`, start, end, confidence: 0.9 }));
    const silences = (segments: ReviewSegment[], speechRegions: ReviewContext["speechRegions"]) =>
      reviewFlags(segments, { ...none, speechRegions })
        .filter((flag) => flag.reason === "silence")
        .map((flag) => [flag.span, flag.start]);

    test("words under no speech region are flagged as one run; words within the margin of speech are not", () => {
      const said = segment("thank you for watching please subscribe", {
        start: 10,
        end: 16,
        words: timed([
          [10, 10.4],
          [10.5, 10.9],
          [11.0, 11.3],
          [13.0, 13.5],
          [14.0, 14.6],
          [15.2, 15.9],
        ]),
      });
      // "for" (11.0–11.3) overlaps the first region and "subscribe" (15.2–15.9) the second; a region given out of
      // order, and one far away, change nothing.
      const regions: [number, number][] = [
        [15.7, 20],
        [9.8, 11.1],
        [40, 41],
      ];
      expect(silences([said], regions)).toEqual([["watching please", 13]]);
      // Speech 0.3 s or less from a word counts as hearing it (the VAD's edges and word times both drift).
      expect(
        silences(
          [said],
          [
            [9.8, 12.75],
            [14.85, 20],
          ],
        ),
      ).toEqual([]);
      expect(
        silences(
          [said],
          [
            [9.8, 12.65],
            [14.95, 20],
          ],
        ),
      ).toEqual([["watching please", 13]]);
    });

    test("without word times the segment is flagged only when none of it was heard", () => {
      const said = segment("a whole sentence with no word times", { start: 30, end: 34 });
      expect(silences([said], [[0, 29]])).toEqual([["a whole sentence with no word times", 30]]);
      expect(
        silences(
          [said],
          [
            [0, 29],
            [33.5, 40],
          ],
        ),
      ).toEqual([]);
    });

    test("nothing is flagged when the VAD did not run, and stored regions are read defensively", () => {
      const said = segment("words nobody listened for", { start: 50, end: 52 });
      expect(silences([said], null)).toEqual([]);
      expect(silences([said], undefined)).toEqual([]);
      // Ran, and heard nothing at all: every word is unheard.
      expect(silences([said], [])).toEqual([["words nobody listened for", 50]]);
      expect(storedSpeechRegions(null)).toBeNull();
      expect(storedSpeechRegions({ not: "a list" })).toBeNull();
      expect(storedSpeechRegions([[1, 2], [3], "x", [4, "5"], [6, 7]])).toEqual([
        [1, 2],
        [6, 7],
      ]);
    });
  });
});
