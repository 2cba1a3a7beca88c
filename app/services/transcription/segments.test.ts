import { describe, expect, test } from "vitest";
import { languageCode } from "./languages";
import { assignWords, numberSpeakers, offsetSegments } from "./segments";

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
