import { describe, expect, test } from "vitest";
import { UnsupportedLanguageError } from "./errors";
import { parsePocketsphinxOutput, pocketsphinxEngine } from "./pocketsphinx.server";
import { sharedFile } from "../../../tests/shared-files";

const JFK = sharedFile("testdata/audio/jfk.wav");
const engine = pocketsphinxEngine({ modelDir: "/usr/share/pocketsphinx/model/en-us" });

describe("pocketsphinx engine", () => {
  test("transcribes jfk.wav with word times inside the audio", async () => {
    const progress: number[] = [];
    const result = await engine.transcribe(JFK, {
      speakerLabels: false,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result).toMatchObject({ language: "en", engine: "pocketsphinx", model: "en-us" });
    const text = result.segments.map((segment) => segment.text).join(" ");
    expect(text).toContain("country");
    expect(text).toContain("your country can do for you"); // it hears "why your country can do for you"

    const words = result.segments.flatMap((segment) => segment.words);
    expect(words.length).toBeGreaterThan(10);
    for (const [index, word] of words.entries()) {
      expect(word.word).toMatch(/^[a-z']+$/); // no <s>, <sil>, [NOISE] or (2)
      expect(word.start).toBeGreaterThanOrEqual(0);
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(11);
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1].end);
    }
    const country = words.find((word) => word.word === "country")!;
    expect(country.start).toBeGreaterThan(5);
    expect(country.end).toBeLessThan(7);
    for (const segment of result.segments) {
      expect(segment.speaker).toBeNull();
      expect(segment.start).toBe(segment.words[0].start);
      expect(segment.end).toBe(segment.words.at(-1)!.end);
    }
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  test("English only: another language is refused with a clear message", async () => {
    expect(engine.languages).toEqual(["en"]);
    expect(engine.label).not.toMatch(/\bAI\b/);
    await expect(engine.transcribe(JFK, { speakerLabels: false, language: "de" })).rejects.toThrow(
      UnsupportedLanguageError,
    );
    await expect(engine.transcribe(JFK, { speakerLabels: false, language: "fr" })).rejects.toThrow(/English only/);
  });

  test("a missing model says what to install", async () => {
    const broken = pocketsphinxEngine({ modelDir: "/nonexistent/model" });
    await expect(broken.transcribe(JFK, { speakerLabels: false })).rejects.toThrow(
      /pocketsphinx-en-us or set POCKETSPHINX_MODEL_DIR/,
    );
  });

  test("abort kills the recogniser", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("cancelled")), 100);
    await expect(engine.transcribe(JFK, { speakerLabels: false, signal: controller.signal })).rejects.toThrow(
      "cancelled",
    );
  });
});

describe("parsePocketsphinxOutput", () => {
  test("one segment per utterance; fillers and pronunciation variants dropped", () => {
    const output = [
      "and not",
      "<s> 3.170 3.280 1.000300",
      "and(2) 3.290 3.730 0.985603",
      "<sil> 3.740 3.980 0.828680",
      "[NOISE] 3.980 3.990 0.5",
      "not 3.990 4.300 0.817730",
      "</s> 4.310 4.760 1.000000",
      "",
      "<s> 5.000 5.100 1.0",
      "<sil> 5.100 5.500 1.0",
      "</s> 5.500 5.600 1.0",
      "what your",
      "<s> 5.300 5.340 0.999200",
      "what 5.350 5.600 0.285662",
      "your 5.610 5.850 0.709042",
      "</s> 7.680 7.950 1.000000",
    ].join("\n");
    expect(parsePocketsphinxOutput(output)).toEqual([
      {
        start: 3.29,
        end: 4.3,
        text: "and not",
        confidence: 0.902,
        speaker: null,
        words: [
          { word: "and", start: 3.29, end: 3.73, confidence: 0.986 },
          { word: "not", start: 3.99, end: 4.3, confidence: 0.818 },
        ],
      },
      {
        start: 5.35,
        end: 5.85,
        text: "what your",
        confidence: 0.497,
        speaker: null,
        words: [
          { word: "what", start: 5.35, end: 5.6, confidence: 0.286 },
          { word: "your", start: 5.61, end: 5.85, confidence: 0.709 },
        ],
      },
    ]);
  });
});
