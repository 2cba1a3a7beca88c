// The aligners: pocketsphinx's grammar decoding on a span of jfk.wav cut by ffmpeg as the re-alignment job cuts it;
// whisper's token times matched to the text, with a stand-in engine (the shared whisper test model has untrained
// weights and hears nothing; whisper.server.test.ts runs the engine itself).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { sharedFile } from "../../../tests/shared-files";
import { decodeToWav } from "../transcription/audio.server";
import type { SpeechEngine } from "../transcription/engine";
import { readSpeechWavInfo } from "../transcription/wav.server";

import { pocketsphinxAligner } from "./pocketsphinx.server";
import { whisperAligner } from "./whisper.server";

const MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";

let span: string;
/** jfk.wav from 1.62 s to 5.59 s: "Americans, [pause] ask [pause] not [pause] what". */
const SPAN = { from: 1.62, to: 5.59 };
/** Where pocketsphinx, on the whole file, hears "ask" and "not" (seconds into the span). */
const ASK = { start: 3.25 - SPAN.from, end: 3.72 - SPAN.from };
const NOT = { start: 3.99 - SPAN.from, end: 4.35 - SPAN.from };

beforeAll(async () => {
  span = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aligners-")), "span.wav");
  await decodeToWav(sharedFile("testdata/audio/jfk.wav"), span, { span: SPAN });
});

const near = (
  time: { start: number; end: number } | null,
  expected: { start: number; end: number },
  within: number,
) => {
  expect(time).not.toBeNull();
  expect(Math.abs(time!.start - expected.start)).toBeLessThan(within);
  expect(Math.abs(time!.end - expected.end)).toBeLessThan(within);
};

test("the cut is the span's audio, as the engines take it, with the plain 44-byte header", async () => {
  const info = await readSpeechWavInfo(span);
  expect(info.dataOffset).toBe(44);
  expect(info.durationSeconds).toBeCloseTo(SPAN.to - SPAN.from, 2);
});

describe("pocketsphinx aligner", () => {
  const aligner = pocketsphinxAligner({ modelDir: MODEL_DIR });

  test("places each word of the text where it is said in the span, in order", async () => {
    const times = await aligner.align(span, ["Americans,", "ask", "not", "what"]);
    expect(times).toHaveLength(4);
    near(times![1], ASK, 0.1);
    near(times![2], NOT, 0.1);
    for (let index = 1; index < 4; index++) expect(times![index]!.start).toBeGreaterThanOrEqual(times![index - 1]!.end);
  });

  test("does not align a text with a word its dictionary lacks", async () => {
    expect(await aligner.align(span, ["Americans,", "Voxlatezz", "not", "what"])).toBeNull();
    expect(await aligner.knows(["Americans,", "Voxlatezz"])).toBe(false);
    expect(await aligner.knows(["Americans,", "don't", "ask"])).toBe(true);
  });
});

describe("whisper aligner", () => {
  /** An engine that hears `words` (whisper's words as its token times give them) and records the prompt it got. */
  const hearing = (words: [string, number, number][]) => {
    const prompts: (string | undefined)[] = [];
    const engine: SpeechEngine = {
      name: "whisper",
      model: "stand-in",
      label: "stand-in",
      languages: ["en"],
      transcribe: async (_wav, options) => {
        prompts.push(options.prompt);
        const heard = words.map(([word, start, end]) => ({ word, start, end, confidence: 0.9 }));
        return {
          language: "en",
          engine: "whisper",
          model: "stand-in",
          segments: [{ start: 0, end: 4, text: "", confidence: 0.9, speaker: null, words: heard }],
        };
      },
    };
    return { engine, prompts };
  };

  test("prompts whisper with the text and takes the times of the words it hears that match, in order", async () => {
    const { engine, prompts } = hearing([
      ["Americans", 0, 0.8],
      ["ask", 1.6, 2.1],
      ["not", 2.4, 2.7],
      ["what", 3.7, 3.9],
    ]);
    const times = await whisperAligner(engine).align(span, ["Americans,", "ask", "not", "what"]);
    expect(prompts).toEqual(["Americans, ask not what"]);
    expect(times).toEqual([
      { start: 0, end: 0.8 },
      { start: 1.6, end: 2.1 },
      { start: 2.4, end: 2.7 },
      { start: 3.7, end: 3.9 },
    ]);
  });

  test("gives no time to a word whisper did not hear, and goes on with the next", async () => {
    const { engine } = hearing([
      ["Americans", 0, 0.8],
      ["asked", 1.6, 2.1],
      ["not", 2.4, 2.7],
      ["what", 3.7, 3.9],
    ]);
    const times = await whisperAligner(engine).align(span, ["Americans,", "ask", "not", "what"]);
    expect(times).toEqual([{ start: 0, end: 0.8 }, null, { start: 2.4, end: 2.7 }, { start: 3.7, end: 3.9 }]);
  });
});
