import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, test } from "vitest";
import { EngineUnavailableError, UnsupportedLanguageError } from "./errors";
import {
  loadedWhisperModelCount,
  readWhisperModelInfo,
  unloadWhisperModels,
  whisperEngine,
  whisperResultsToSegments,
} from "./whisper.server";
import { prerequisiteMissing } from "../../../tests/prerequisites";
import { sharedFile } from "../../../tests/shared-files";

const TEST_MODEL = sharedFile("models/for-tests-ggml-tiny.en.bin");
const JFK = sharedFile("testdata/audio/jfk.wav");
const skipWhisper = prerequisiteMissing(fs.existsSync(TEST_MODEL), `The whisper.cpp test model ${TEST_MODEL}`);

afterAll(() => unloadWhisperModels());

describe("whisper engine", () => {
  test.skipIf(skipWhisper)("reads the model header: tiny.en, English only", () => {
    expect(readWhisperModelInfo(TEST_MODEL)).toEqual({ name: "tiny.en", multilingual: false, endOfText: 50256 });
    const engine = whisperEngine({ modelPath: TEST_MODEL, threads: 2 });
    expect(engine).toMatchObject({
      name: "whisper",
      model: "tiny.en",
      languages: ["en"],
      label: "Whisper tiny.en (on this server)",
    });
  });

  // The test model has tiny.en's format and cost but no trained weights: whisper.cpp runs the full encoder and
  // decoder, then decodes end-of-text at once, so it returns no segments (its text would be meaningless anyway).
  // This proves loading, the run and its time; the mapping of real results is tested below with whisper's shapes.
  test.skipIf(skipWhisper)(
    "loads the test model once and transcribes jfk.wav within a sane time",
    async () => {
      const engine = whisperEngine({ modelPath: TEST_MODEL, threads: os.availableParallelism() });
      const rssBefore = process.memoryUsage().rss;
      const progress: number[] = [];
      let started = Date.now();
      const first = await engine.transcribe(JFK, {
        speakerLabels: false,
        onProgress: (fraction) => progress.push(fraction),
      });
      const firstMs = Date.now() - started;
      expect(loadedWhisperModelCount()).toBe(1);
      started = Date.now();
      // The glossary reaches whisper.cpp as its initial prompt (the untrained model cannot show its effect).
      const second = await engine.transcribe(JFK, {
        speakerLabels: false,
        language: "en",
        prompt: "Glossary: Voxlate, Kubernetes.",
      });
      const secondMs = Date.now() - started;
      const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 1e6;
      console.info(
        `whisper tiny.en (test model) on jfk.wav (11 s): first ${firstMs} ms incl. load, then ${secondMs} ms; RSS +${rssGrowthMb.toFixed(0)} MB`,
      );

      expect(loadedWhisperModelCount()).toBe(1);
      for (const result of [first, second]) {
        expect(result).toMatchObject({ engine: "whisper", model: "tiny.en", language: "en" });
        expect(Array.isArray(result.segments)).toBe(true);
        for (const segment of result.segments) {
          expect(segment.start).toBeGreaterThanOrEqual(0);
          expect(segment.end).toBeLessThanOrEqual(11.1);
        }
      }
      expect(progress.at(-1)).toBe(1);
      // tiny.en costs about 1–3 s for 11 s of audio on 2 cores; allow for a busy machine.
      expect(firstMs).toBeLessThan(25_000);
      expect(secondMs).toBeLessThan(25_000);
      expect(rssGrowthMb).toBeLessThan(600);

      await unloadWhisperModels();
      expect(loadedWhisperModelCount()).toBe(0);
    },
    60_000,
  );

  test.skipIf(skipWhisper)(
    "loads the model on the first transcription, not before, and frees it when idle",
    async () => {
      await unloadWhisperModels();
      const engine = whisperEngine({ modelPath: TEST_MODEL, threads: 2, idleUnloadMs: 300 });
      expect(loadedWhisperModelCount()).toBe(0); // creating the engine loads nothing
      await engine.transcribe(JFK, { speakerLabels: false });
      expect(loadedWhisperModelCount()).toBe(1);
      const second = engine.transcribe(JFK, { speakerLabels: false }); // in use again before the idle time ends
      await new Promise((resolve) => setTimeout(resolve, 400));
      await second;
      expect(loadedWhisperModelCount()).toBe(1);
      await expect.poll(() => loadedWhisperModelCount(), { timeout: 3000 }).toBe(0);
    },
    60_000,
  );

  test.skipIf(skipWhisper)("an English-only model refuses other languages; an abort rejects", async () => {
    const engine = whisperEngine({ modelPath: TEST_MODEL, threads: 1 });
    await expect(engine.transcribe(JFK, { speakerLabels: false, language: "de" })).rejects.toThrow(
      UnsupportedLanguageError,
    );
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    await expect(engine.transcribe(JFK, { speakerLabels: false, signal: controller.signal })).rejects.toThrow(
      "cancelled",
    );
  });

  test("a missing model says how to get one", () => {
    expect(() => whisperEngine({ modelPath: "/nonexistent/ggml-base.en.bin" })).toThrow(EngineUnavailableError);
    expect(() => whisperEngine({ modelPath: "/nonexistent/ggml-base.en.bin" })).toThrow(/npm run models:download/);
    expect(() => whisperEngine({ modelPath: JFK })).toThrow(/not a whisper\.cpp model/);
  });
});

describe("whisperResultsToSegments", () => {
  test("segments in seconds, sub-word tokens joined into words, special tokens dropped", () => {
    const token = (text: string, id: number, from: number, to: number, p = 0.9) => ({ text, id, p, from, to });
    const segments = whisperResultsToSegments(
      [
        {
          from: 0,
          to: 2200,
          text: " And so my fellow Americans,",
          lang: "en",
          confidence: 0.87,
          tokens: [
            token("[_BEG_]", 50363, 0, 0),
            token(" And", 843, 300, 500),
            token(" so", 523, 500, 700),
            token(" my", 616, 700, 900),
            token(" fellow", 5891, 900, 1300),
            token(" Americ", 2258, 1300, 1800, 0.8),
            token("ans", 504, 1800, 2100, 0.6),
            token(",", 11, 2100, 2200),
            token("[_TT_110]", 50473, 2200, 2200),
          ],
        },
        { from: 2200, to: 3000, text: " ", lang: "en", confidence: 0.1, tokens: [] },
      ],
      50256,
    );
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({
      start: 0,
      end: 2.2,
      text: "And so my fellow Americans,",
      confidence: 0.87,
      speaker: null,
    });
    expect(segments[0].words.map((word) => word.word)).toEqual(["And", "so", "my", "fellow", "Americans"]);
    expect(segments[0].words[4]).toEqual({ word: "Americans", start: 1.3, end: 2.2, confidence: 0.767 });
  });
});
