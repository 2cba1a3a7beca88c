import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { transcribeLong } from "./long-audio.server";
import { pocketsphinxEngine } from "./pocketsphinx.server";
import { fakeEngine, JFK, PERIOD, repeatedJfk, VAD_MODEL } from "./test-audio";

let tmp: string;
let long: string;
let longRepeats: number;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-long-audio-test-"));
  longRepeats = 80; // 20 minutes
  long = repeatedJfk(path.join(tmp, "twenty-minutes.wav"), longRepeats);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("transcribeLong", () => {
  test("a short file goes to the engine in one call", async () => {
    const { engine, calls } = fakeEngine();
    const progress: number[] = [];
    const result = await transcribeLong(engine, JFK, 11, {
      speakerLabels: false,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(calls.map((call) => call.path)).toEqual([JFK]);
    expect(result.segments[0]).toMatchObject({ start: 0.1, end: 10.9 });
    expect(progress).toEqual([0.5, 1]);
  });

  test("a long file is transcribed chunk by chunk with times in the original, progress, and the first language kept", async () => {
    const { engine, calls } = fakeEngine();
    const progress: number[] = [];
    const result = await transcribeLong(
      engine,
      long,
      longRepeats * PERIOD,
      { speakerLabels: false, onProgress: (fraction) => progress.push(fraction) },
      { vadModelPath: VAD_MODEL },
    );
    expect(calls.length).toBeGreaterThanOrEqual(40);
    expect(result).toMatchObject({ engine: "whisper", model: "fake", language: "en" });
    expect(result.segments).toHaveLength(calls.length);
    expect(calls[0].options.language).toBeUndefined();
    expect(calls[1].options.language).toBe("en");
    let previousEnd = 0;
    for (const [index, segment] of result.segments.entries()) {
      expect(segment.text).toBe(`call ${index + 1}`);
      expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
      expect(segment.end - segment.start).toBeCloseTo(calls[index].duration - 0.2, 2);
      expect(segment.words[0].start).toBe(segment.start);
      previousEnd = segment.end;
    }
    // The segments lie over the speech: each starts just before a repeat of jfk.wav (0.5 s of room, +0.1 s).
    for (const segment of result.segments) {
      const fromRepeat = ((segment.start + 1) % PERIOD) - 1;
      expect(fromRepeat).toBeGreaterThan(-0.6);
      expect(fromRepeat).toBeLessThan(0.5);
    }
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(calls.length);
  }, 60_000);

  test("an abort stops between chunks and cleans up", async () => {
    const { engine, calls } = fakeEngine();
    const controller = new AbortController();
    const transcribe = engine.transcribe.bind(engine);
    engine.transcribe = async (wavPath, options) => {
      const result = await transcribe(wavPath, options);
      if (calls.length === 2) controller.abort(new Error("cancelled by the user"));
      return result;
    };
    await expect(
      transcribeLong(
        engine,
        long,
        longRepeats * PERIOD,
        { speakerLabels: false, signal: controller.signal },
        { vadModelPath: VAD_MODEL },
      ),
    ).rejects.toThrow("cancelled by the user");
    expect(calls).toHaveLength(2);
    expect(fs.existsSync(path.dirname(calls[0].path))).toBe(false);
  });

  test("with pocketsphinx: the words of each repeat land at their times in the original", async () => {
    // Pocketsphinx hears different words once noise is mixed in, so this file has clean pauses.
    const file = repeatedJfk(path.join(tmp, "three.wav"), 3, { noise: false });
    const result = await transcribeLong(
      pocketsphinxEngine({ modelDir: "/usr/share/pocketsphinx/model/en-us" }),
      file,
      3 * PERIOD,
      { speakerLabels: false },
      { maxChunkSeconds: 15, vadModelPath: VAD_MODEL },
    );
    // Pocketsphinx's other words change with the exact cut (it is that fragile), but "and not" is heard in each
    // repeat, at 3.29–4.30 s in jfk.wav alone.
    for (let repeat = 0; repeat < 3; repeat++) {
      const andNot = result.segments.find(
        (segment) => segment.text === "and not" && Math.abs(segment.start - (repeat * PERIOD + 3.29)) < 0.2,
      );
      expect(andNot, `"and not" in repeat ${repeat}`).toBeDefined();
      expect(andNot!.end).toBeCloseTo(repeat * PERIOD + 4.3, 0);
    }
    const countries = result.segments.flatMap((segment) => segment.words).filter((word) => word.word === "country");
    expect(countries.length).toBeGreaterThanOrEqual(3);
    for (const word of countries) expect(word.start % PERIOD).toBeGreaterThan(5);
  }, 60_000);
});
