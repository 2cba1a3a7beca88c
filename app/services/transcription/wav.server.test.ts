import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readPcmBlocks, readPcmRange, readSpeechWavInfo, readWavInfo, writeWav } from "./wav.server";
import { sharedFile } from "../../../tests/shared-files";

const JFK = sharedFile("testdata/audio/jfk.wav");
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-wav-test-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("WAV reading and writing", () => {
  test("finds the samples after any header (jfk.wav has ffmpeg's LIST chunk: 78 bytes)", async () => {
    const info = await readWavInfo(JFK);
    expect(info).toEqual({
      sampleRate: 16_000,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 78,
      dataBytes: 352_000,
      totalSamples: 176_000,
      durationSeconds: 11,
    });
  });

  test("a WAV streamed to a pipe (no sizes in its header) is measured by the file's size", async () => {
    const piped = path.join(tmp, "piped.wav");
    fs.writeFileSync(piped, execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-i", JFK, "-f", "wav", "pipe:1"]));
    expect((await readWavInfo(piped)).totalSamples).toBe(176_000);
  });

  test("other formats are refused as engine input", async () => {
    await expect(readSpeechWavInfo(sharedFile("testdata/audio/hello-world.wav"))).rejects.toThrow(
      /must be 16 kHz mono 16-bit PCM.*22050 Hz/,
    );
    await expect(readWavInfo(sharedFile("testdata/bad/not-audio.mp3"))).rejects.toThrow(/is not a WAV file/);
  });

  test("streams blocks, reads ranges, and writes a 44-byte-header WAV that reads back the same", async () => {
    const info = await readWavInfo(JFK);
    const whole = fs.readFileSync(JFK).subarray(78);
    let count = 0;
    let firstBlock: Int16Array | undefined;
    // An odd block size in bytes would split samples: blocks are in samples, carried over correctly.
    for await (const block of readPcmBlocks(JFK, info, 1001)) {
      firstBlock ??= block;
      expect(block.length).toBeLessThanOrEqual(1001);
      count += block.length;
    }
    expect(count).toBe(176_000);
    expect(firstBlock![5]).toBe(whole.readInt16LE(10));

    const handle = await fs.promises.open(JFK, "r");
    const range = await readPcmRange(handle, info, 16_000, 16_010);
    await handle.close();
    expect(Array.from(range)).toEqual(Array.from({ length: 10 }, (_, i) => whole.readInt16LE((16_000 + i) * 2)));

    const copy = path.join(tmp, "copy.wav");
    await writeWav(copy, range);
    expect(await readSpeechWavInfo(copy)).toMatchObject({ dataOffset: 44, totalSamples: 10 });
    expect(fs.readFileSync(copy).subarray(44)).toEqual(whole.subarray(32_000, 32_020));
  });
});
