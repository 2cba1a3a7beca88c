import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { correlation, decodeSamples, rms, stretch, toneShare } from "../../../tests/audio-signal";
import { JFK } from "./test-audio";
import { MASK_TONE_AMPLITUDE, MASK_TONE_HZ, maskingTransform, writeMaskedAudio } from "./masked-audio.server";

// Two of jfk.wav's words ("fellow Americans", "country") and the speech between them.
const RANGES = [
  { start: 1.31, end: 2.46 },
  { start: 5.93, end: 6.43 },
];
const KEPT = [
  [0, 1.31],
  [2.46, 5.93],
  [6.43, 11],
] as const;

describe("maskingTransform", () => {
  test("writes one continuous tone over exactly the ranges' frames, whatever the pipe's chunks split", async () => {
    const rate = 8000;
    const frames = 8000;
    const input = Buffer.alloc(frames * 4);
    for (let frame = 0; frame < frames; frame++) {
      input.writeInt16LE(1000, frame * 4);
      input.writeInt16LE(-1000, frame * 4 + 2);
    }
    // Chunks of 7 bytes: samples and frames cut in the middle.
    const chunks = Array.from({ length: Math.ceil(input.length / 7) }, (_, index) =>
      input.subarray(index * 7, index * 7 + 7),
    );
    const output = await buffer(
      Readable.from(chunks).pipe(maskingTransform([{ start: 0.25, end: 0.5 }], { rate, channels: 2, sound: "tone" })),
    );
    expect(output.length).toBe(input.length);
    const left = (frame: number) => output.readInt16LE(frame * 4);
    const right = (frame: number) => output.readInt16LE(frame * 4 + 2);
    expect([left(1999), right(1999), left(4000), right(4000)]).toEqual([1000, -1000, 1000, -1000]);
    for (let frame = 2000; frame < 4000; frame++) {
      // `|| 0`: Math.round gives -0 for tiny negatives, and the buffer holds 0.
      const expected =
        Math.round(Math.round(MASK_TONE_AMPLITUDE * 32767) * Math.sin((2 * Math.PI * MASK_TONE_HZ * frame) / rate)) ||
        0;
      expect(left(frame)).toBe(expected);
      expect(right(frame)).toBe(expected);
    }
  });
});

describe("writeMaskedAudio (real ffmpeg, jfk.wav)", () => {
  const original = decodeSamples(JFK);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "masked-audio-"));

  test.each(["tone", "silence"] as const)("hides each range under %s and keeps the rest as it was", async (sound) => {
    const output = path.join(directory, `${sound}.mp3`);
    await writeMaskedAudio(JFK, RANGES, output, { sound });
    expect(fs.existsSync(`${output}.part`)).toBe(false);
    const masked = decodeSamples(output);
    expect(Math.abs(masked.length - original.length)).toBeLessThan(MEASURE_SLACK);
    for (const { start, end } of RANGES) {
      const hidden = stretch(masked, start + 0.01, end - 0.01);
      // Speech is there in the original: it is loud, and not a tone.
      expect(rms(stretch(original, start, end))).toBeGreaterThan(0.05);
      if (sound === "tone") expect(toneShare(hidden, MASK_TONE_HZ)).toBeGreaterThan(0.99);
      else expect(rms(hidden)).toBeLessThan(0.002);
    }
    for (const [from, to] of KEPT)
      expect(
        correlation(stretch(original, from + 0.01, to - 0.01), stretch(masked, from + 0.01, to - 0.01)),
      ).toBeGreaterThan(0.999);
  });
});

/** Samples the MP3 round trip may add or drop at the end (its last frame's padding). */
const MEASURE_SLACK = 1200;
