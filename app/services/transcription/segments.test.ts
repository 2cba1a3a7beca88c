import { describe, expect, test } from "vitest";
import { languageCode } from "./languages";
import type { TranscriptSegment } from "./engine";
import { assignWords, joinOverlap, keepWords, numberSpeakers, offsetSegments } from "./segments";

/** A segment whose words are the text's words, each `step` seconds long, from `start`. */
function spoken(text: string, start: number, step = 0.5, confidence = 0.9): TranscriptSegment {
  const words = text.split(/\s+/).map((word, index) => ({
    word: word.replace(/[^\p{L}\p{N}']/gu, ""),
    start: start + index * step,
    end: start + (index + 1) * step,
    confidence,
  }));
  return { start, end: start + words.length * step, text, confidence, speaker: null, words };
}

const texts = (segments: (TranscriptSegment | null)[]) => segments.map((segment) => segment?.text ?? null);

describe("joining overlapping chunks", () => {
  // Chunk 1 covers 0–10 s and was cut in the middle of "country"; chunk 2 starts 1 s earlier, at 9 s.
  test("the words both chunks heard are kept once, and a word cut at a boundary is dropped for its whole twin", () => {
    const earlier = [spoken("Ask not what your", 6), spoken("country coun-", 9)];
    const later = [spoken("try can do for you.", 9.02), spoken("Ask what you can do.", 12)];
    // Chunk 1 heard "country" whole at 9.0; chunk 2 starts inside it and heard "try" at 9.02.
    later[0].words[0].word = "try";
    const joined = joinOverlap(earlier, later, 9, 10);
    // No shared word: cut in the middle of the overlap (9.5 s). "coun" (9.5–10) goes, "try" (9.02–9.52) too.
    expect(texts(joined.earlier)).toEqual(["Ask not what your", "country"]);
    expect(texts(joined.later)).toEqual(["can do for you.", "Ask what you can do."]);
    expect(joined.later[0]).toMatchObject({
      start: 9.52,
      words: [{ word: "can" }, { word: "do" }, { word: "for" }, { word: "you" }],
    });
    expect(joined.earlier[1]).toMatchObject({ start: 9, end: 9.5 });
  });

  test("shared words at the same time are found and kept from the earlier chunk only", () => {
    const earlier = [spoken("so my fellow Americans, ask", 20)];
    // The later chunk starts at 21 s: it repeats "fellow Americans, ask" at the same times, then goes on.
    const later = [spoken("low Americans, ask not what", 21.02)];
    later[0].words[0].word = "low";
    const joined = joinOverlap(earlier, later, 21, 22.5);
    expect(texts(joined.earlier)).toEqual(["so my fellow Americans, ask"]);
    expect(texts(joined.later)).toEqual(["not what"]);
    const all = [...joined.earlier, ...joined.later].flatMap((segment) => segment?.words ?? []);
    expect(all.map((word) => word.word)).toEqual(["so", "my", "fellow", "Americans", "ask", "not", "what"]);
    // Times go forward: nothing is said twice.
    for (let index = 1; index < all.length; index++)
      expect(all[index].start).toBeGreaterThanOrEqual(all[index - 1].start);
  });

  test("the same word at another time is not a twin", () => {
    const earlier = [spoken("the plan and the", 29.5)];
    // "the" again, 0.9 s after chunk 1's last "the" began: a new word, not a repeat.
    const later = [spoken("the budget", 31.9)];
    const joined = joinOverlap(earlier, later, 31, 32);
    expect(texts(joined.earlier)).toEqual(["the plan and the"]);
    expect(texts(joined.later)).toEqual(["the budget"]);
  });

  test("a segment the other chunk heard whole is dropped; segments without words go to the chunk they start in", () => {
    const earlier = [spoken("first part", 0), spoken("twice", 9.1)];
    const later = [spoken("twice", 9.12), spoken("after", 10.5)];
    const joined = joinOverlap(earlier, later, 9, 10);
    expect(texts(joined.earlier)).toEqual(["first part", "twice"]);
    expect(texts(joined.later)).toEqual([null, "after"]);

    const bare = (text: string, start: number, end: number): TranscriptSegment => ({
      start,
      end,
      text,
      confidence: null,
      speaker: null,
      words: [],
    });
    const wordless = joinOverlap(
      [bare("a", 0, 5), bare("b", 9.2, 9.8)],
      [bare("b again", 9, 9.8), bare("c", 10, 12)],
      9,
      10,
    );
    expect(texts(wordless.earlier)).toEqual(["a", "b"]);
    expect(texts(wordless.later)).toEqual([null, "c"]);
  });

  test("keepWords cuts the text at its own words, keeping punctuation", () => {
    const segment = spoken("Well, ask not: what your country can do.", 0);
    expect(keepWords(segment, 2, 5)?.text).toBe("not: what your");
    expect(keepWords(segment, 0, 8)).toBe(segment);
    expect(keepWords(segment, 3, 3)).toBeNull();
  });
});

describe("segment helpers", () => {
  test("languageCode reads whisper's names and language tags", () => {
    expect(languageCode("english")).toBe("en");
    expect(languageCode("English")).toBe("en");
    expect(languageCode("en-US")).toBe("en");
    expect(languageCode("german")).toBe("de");
    expect(languageCode("cantonese")).toBe("yue");
    // Whisper's own spellings, where they differ from CLDR's English names.
    expect(languageCode("myanmar")).toBe("my");
    expect(languageCode("nynorsk")).toBe("nn");
    expect(languageCode("maori")).toBe("mi");
    expect(languageCode("bengali")).toBe("bn");
    expect(languageCode("tagalog")).toBe("tl");
    expect(languageCode("javanese")).toBe("jw");
    expect(languageCode("hawaiian")).toBe("haw");
    expect(languageCode("haitian creole")).toBe("ht");
    expect(languageCode("Klingon")).toBeNull();
    expect(languageCode(null)).toBeNull();
  });

  test("offsetSegments moves segments and words; numberSpeakers renames in order of appearance", () => {
    const segments = [
      {
        start: 0.5,
        end: 1,
        text: "a",
        confidence: null,
        speaker: "SPEAKER_01",
        words: [{ word: "a", start: 0.5, end: 1, confidence: null }],
      },
      { start: 1.2, end: 2, text: "b", confidence: null, speaker: "SPEAKER_00", words: [] },
      { start: 2.2, end: 3, text: "c", confidence: null, speaker: "SPEAKER_01", words: [] },
    ];
    expect(offsetSegments(segments, 30.0004)[0]).toMatchObject({
      start: 30.5,
      end: 31,
      words: [{ start: 30.5, end: 31 }],
    });
    expect(numberSpeakers(segments).map((s) => s.speaker)).toEqual(["Speaker 1", "Speaker 2", "Speaker 1"]);
  });

  test("assignWords gives each word to the segment it falls in", () => {
    const result = assignWords(
      [
        { start: 0, end: 1, text: "x", confidence: null, speaker: null },
        { start: 2, end: 3, text: "y", confidence: null, speaker: null },
      ],
      [
        { word: "late", start: 3.1, end: 3.3, confidence: null },
        { word: "early", start: 0.1, end: 0.3, confidence: null },
        { word: "between", start: 1.2, end: 1.4, confidence: null },
      ],
    );
    expect(result.map((s) => s.words.map((w) => w.word))).toEqual([["early", "between"], ["late"]]);
  });
});
