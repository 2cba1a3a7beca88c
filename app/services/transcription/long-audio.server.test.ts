import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TranscriptSegment } from "./engine";
import { transcribeLong } from "./long-audio.server";
import { pocketsphinxEngine } from "./pocketsphinx.server";
import { fakeEngine, JFK, JFK_SPEECH, PERIOD, repeatedJfk, VAD_MODEL } from "./test-audio";

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
    // No VAD model given: nothing is known about where speech was heard.
    expect(result.speechRegions).toBeNull();
  });

  test("the VAD listens to a short file once too, and says where it heard speech (the review queue's silences)", async () => {
    const { engine, calls } = fakeEngine();
    // jfk.wav, then 6 s of nothing: the speech regions cover its phrases and none lies in the silence after it.
    const padded = path.join(tmp, "jfk-then-silence.wav");
    execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", JFK, "-af", "apad=pad_dur=6", padded]);
    const result = await transcribeLong(engine, padded, 17, { speakerLabels: false }, { vadModelPath: VAD_MODEL });
    expect(calls.map((call) => call.path)).toEqual([padded]);
    const regions = result.speechRegions!;
    expect(regions.length).toBeGreaterThan(0);
    for (const [start, end] of JFK_SPEECH)
      expect(
        regions.some(([from, to]) => from < end && to > start),
        `speech at ${start}–${end} s heard`,
      ).toBe(true);
    expect(regions.every(([from, to]) => from < to && to <= 11.5)).toBe(true);
    expect(regions).toEqual([...regions].sort((a, b) => a[0] - b[0]));
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
    // A chunk cut inside speech overlaps the one before by 1 s: the fake's one word ("call", 0.1 s into the chunk)
    // lies in that overlap, so such a chunk's segment is heard as a repeat and dropped. The others stay, in order.
    expect(result.segments.length).toBeGreaterThanOrEqual(calls.length - 5);
    expect(calls[0].duration).toBeLessThanOrEqual(20); // the short first chunk
    expect(calls[0].options.language).toBeUndefined();
    expect(calls[1].options.language).toBe("en");
    let previousEnd = 0;
    let previousCall = 0;
    for (const segment of result.segments) {
      const call = Number(/^call (\d+)$/.exec(segment.text)?.[1]);
      expect(call).toBeGreaterThan(previousCall);
      previousCall = call;
      expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
      expect(segment.end - segment.start).toBeCloseTo(calls[call - 1].duration - 0.2, 2);
      expect(segment.words[0].start).toBe(segment.start);
      previousEnd = segment.end;
    }
    // The segments lie over the speech: each starts just before one of jfk.wav's phrases (0.5 s of room, or half
    // a shorter pause, +0.1 s), mostly at the start of a repeat.
    for (const segment of result.segments) {
      const fromRepeat = ((segment.start + 1) % PERIOD) - 1;
      expect(JFK_SPEECH.some(([speech]) => fromRepeat > speech - 1 && fromRepeat < speech + 0.1)).toBe(true);
    }
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(calls.length);
    // Chunked, the VAD's regions are kept too: every repeat's speech, in order, none in a 4 s pause's middle.
    const regions = result.speechRegions!;
    expect(regions.length).toBeGreaterThanOrEqual(longRepeats);
    expect(regions.every(([start], index) => index === 0 || start >= regions[index - 1][0])).toBe(true);
    expect(regions.some(([start, end]) => start > 12.5 && end < 14.5)).toBe(false);
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

  test("with pocketsphinx and chunks cut inside speech: settled segments arrive in order, no word twice", async () => {
    const settled: TranscriptSegment[][] = [];
    const result = await transcribeLong(
      pocketsphinxEngine({ modelDir: "/usr/share/pocketsphinx/model/en-us" }),
      JFK,
      11,
      { speakerLabels: false },
      // 4 s chunks cannot end in jfk.wav's short pauses: most are cut inside speech and overlap.
      {
        maxChunkSeconds: 4,
        firstChunkSeconds: 2,
        vadModelPath: VAD_MODEL,
        onSegments: (segments) => void settled.push(segments),
      },
    );
    expect(settled.length).toBeGreaterThan(1);
    expect(settled.flat()).toEqual(result.segments);
    const words = result.segments.flatMap((segment) => segment.words);
    expect(words.length).toBeGreaterThan(10);
    for (let index = 1; index < words.length; index++) {
      const [before, word] = [words[index - 1], words[index]];
      expect(word.start, `${before.word} then ${word.word}`).toBeGreaterThanOrEqual(before.end - 0.05);
    }
    for (const segment of result.segments) expect(segment.text).toBe(segment.words.map((word) => word.word).join(" "));
  }, 60_000);

  test("with pocketsphinx: the words of each repeat land at their times in the original (slow: 33 s through pocketsphinx)", async () => {
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
