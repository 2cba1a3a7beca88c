import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { decodeSpeechPcm } from "./audio.server";
import { labelSpeakers } from "./diarization.server";
import { pocketsphinxEngine } from "./pocketsphinx.server";
import { transcribeLong } from "./long-audio.server";
import { fakeEngine, JFK, JFK_SPEECH, PERIOD, repeatedJfk, VAD_MODEL } from "./test-audio";
import { speechChunks, type SpeechAudio, type SpeechChunk } from "./vad.server";
import { readPcmRange, readSpeechWavInfo } from "./wav.server";
import { folderBytes, runningChildren } from "../../../tests/process-probes";
import { eventually } from "../../../tests/poll";
import { sharedFile } from "../../../tests/shared-files";

let tmp: string;
let long: string;
let longRepeats: number;

/** Every speech stretch of the repeated file lies inside the chunks (checked every 50 ms). */
function expectSpeechCovered(chunks: Pick<SpeechChunk, "start" | "end">[], repeats: number) {
  const missed: string[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const [from, to] of JFK_SPEECH) {
      for (let t = repeat * PERIOD + from; t <= repeat * PERIOD + to; t += 0.05) {
        if (!chunks.some((chunk) => chunk.start <= t && t <= chunk.end)) missed.push(t.toFixed(2));
      }
    }
  }
  expect(missed, "speech outside every chunk (s)").toEqual([]);
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-vad-test-"));
  // 10 minutes: its 16 kHz WAV (19.2 MB) is still many times a chunk, which is what the streaming claims need; a
  // 2-hour file is measured by `bench/transcription.ts --no-engine` (issue 31: the suite's time).
  longRepeats = 40;
  long = repeatedJfk(path.join(tmp, "ten-minutes.wav"), longRepeats);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("speechChunks", () => {
  test("splits 10 minutes of audio at pauses with the Silero VAD; memory stays flat", async () => {
    // Load the VAD's runtime first so its one-off cost is not counted as growth.
    for await (const chunk of speechChunks(JFK, { modelPath: VAD_MODEL })) expect(chunk.start).toBeLessThan(0.5);

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const started = Date.now();
    const chunks: SpeechChunk[] = [];
    let tempDir = "";
    for await (const chunk of speechChunks(long, { modelPath: VAD_MODEL, maxChunkSeconds: 30 })) {
      // The previous chunk's file is gone once we move on; this one is a 16 kHz WAV of exactly its span.
      if (chunks.length > 0) expect(fs.existsSync(chunks.at(-1)!.path)).toBe(false);
      tempDir = path.dirname(chunk.path);
      const info = await readSpeechWavInfo(chunk.path);
      expect(info.durationSeconds).toBeCloseTo(chunk.end - chunk.start, 2);
      chunks.push(chunk);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
    const elapsed = Date.now() - started;
    const growthMb = (rssPeak - rssBefore) / 1e6;
    console.info(`VAD over 10 min: ${chunks.length} chunks in ${elapsed} ms, RSS growth ${growthMb.toFixed(1)} MB`);

    expect(fs.existsSync(tempDir)).toBe(false);
    expect(chunks.length).toBeGreaterThanOrEqual(longRepeats / 2);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(30);
      expect(chunk.end).toBeLessThanOrEqual(longRepeats * PERIOD);
      if (index > 0) expect(chunk.start).toBeGreaterThanOrEqual(chunks[index - 1].end);
    }
    expectSpeechCovered(chunks, longRepeats);
    // Chunks hold speech, not the pauses: well under the whole 10 minutes.
    const total = chunks.reduce((sum, chunk) => sum + chunk.end - chunk.start, 0);
    expect(total).toBeLessThan(longRepeats * PERIOD * 0.9);
    expect(growthMb).toBeLessThan(100);
  }, 60_000);

  test("without the model file: fixed windows cut at the quietest moment, silence skipped", async () => {
    const chunks: SpeechChunk[] = [];
    for await (const chunk of speechChunks(long, { modelPath: path.join(tmp, "missing.onnx"), maxChunkSeconds: 30 }))
      chunks.push(chunk);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(30);
      expect(chunk.end - chunk.start).toBeGreaterThanOrEqual(index === chunks.length - 1 ? 0 : 18);
      if (index > 0) expect(chunk.start).toBeCloseTo(chunks[index - 1].end, 5);
    }
    expectSpeechCovered(chunks, longRepeats);
    // Cuts land in the pauses between the repeats of the speech.
    for (const chunk of chunks.slice(0, -1)) {
      const inPeriod = chunk.end % PERIOD;
      expect(inPeriod < JFK_SPEECH[0][0] || inPeriod > JFK_SPEECH[3][1], `cut at ${chunk.end.toFixed(2)} s`).toBe(true);
    }

    const silent = path.join(tmp, "silence.wav");
    execFileSync("ffmpeg", [
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "anullsrc=r=16000:cl=mono",
      "-t",
      "70",
      "-c:a",
      "pcm_s16le",
      silent,
    ]);
    const none: SpeechChunk[] = [];
    for await (const chunk of speechChunks(silent, { modelPath: path.join(tmp, "missing.onnx") })) none.push(chunk);
    expect(none).toEqual([]);
  });

  test("cuts speech longer than a chunk at its quietest moments", async () => {
    const chunks: SpeechChunk[] = [];
    for await (const chunk of speechChunks(JFK, { modelPath: VAD_MODEL, maxChunkSeconds: 3 })) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunks) expect(chunk.end - chunk.start).toBeLessThanOrEqual(3);
    expectSpeechCovered(chunks, 1);
  });

  test("breaking out of the loop removes the temporary files", async () => {
    let first: SpeechChunk | undefined;
    for await (const chunk of speechChunks(long, { modelPath: VAD_MODEL })) {
      first = chunk;
      break;
    }
    expect(first).toBeDefined();
    expect(fs.existsSync(path.dirname(first!.path))).toBe(false);
  });
});

/** A stand-in engine: one segment per call, 0.1 s in from each end of the chunk, and a record of its calls. */
describe("a decode stream instead of a WAV (an upload is never decoded whole)", () => {
  /** The chunks of some audio: their places, and a hash of each chunk file's samples. */
  async function chunkPrints(audio: SpeechAudio, maxChunkSeconds: number) {
    const prints: { start: number; end: number; samples: string }[] = [];
    for await (const chunk of speechChunks(audio, { modelPath: VAD_MODEL, maxChunkSeconds })) {
      const samples = createHash("sha256").update(fs.readFileSync(chunk.path).subarray(44)).digest("hex");
      prints.push({ start: chunk.start, end: chunk.end, samples });
    }
    return prints;
  }

  test("gives the WAV's chunks, sample for sample, and each holds its span of the original", async () => {
    const fromStream = await chunkPrints(decodeSpeechPcm(long), 30);
    expect(fromStream).toEqual(await chunkPrints(long, 30));
    const info = await readSpeechWavInfo(long);
    const handle = await fs.promises.open(long, "r");
    try {
      for (const chunk of fromStream.filter((_, index) => index % 7 === 0)) {
        const original = await readPcmRange(handle, info, chunk.start * 16_000, chunk.end * 16_000);
        expect(createHash("sha256").update(original).digest("hex")).toBe(chunk.samples);
      }
    } finally {
      await handle.close();
    }
  }, 60_000);

  // The finding: 21 MB of Opus became 1.3 GB of temporary WAV. 10 minutes of 12 kbps Opus (0.9 MB) decode to 19.2 MB.
  test.each([
    [30, 4],
    [120, 12],
  ])(
    "10 min of 12 kbps Opus, %i s chunks: the job folder peaks under %i MB (WAV: 19) (slow: 10 min decoded and labelled)",
    async (seconds, bound) => {
      const opus = path.join(tmp, "ten-minutes.ogg");
      if (!fs.existsSync(opus)) {
        execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-i", long, "-c:a", "libopus", "-b:a", "12k", opus]);
      }
      const jobDir = fs.mkdtempSync(path.join(tmp, "job-"));
      let peak = 0;
      const measure = () => (peak = Math.max(peak, folderBytes(jobDir)));
      const sampler = setInterval(measure, 5);
      const { engine, calls } = fakeEngine();
      const transcribe = engine.transcribe.bind(engine);
      // The folder is fullest while the engine has a chunk: its file and the audio gathered for the next.
      engine.transcribe = async (wavPath, options) => {
        measure();
        return transcribe(wavPath, options);
      };
      let result;
      try {
        const settings = { vadModelPath: VAD_MODEL, maxChunkSeconds: seconds, tempDir: jobDir };
        const audio = decodeSpeechPcm(opus);
        result = await transcribeLong(engine, audio, longRepeats * PERIOD, { speakerLabels: true }, settings);
      } finally {
        clearInterval(sampler);
      }
      const peakMb = (peak / 2 ** 20).toFixed(2);
      console.info(`${seconds} s chunks: ${calls.length} chunks, job folder peak ${peakMb} MB`);
      expect(calls.length).toBeGreaterThanOrEqual(seconds === 30 ? longRepeats / 2 : longRepeats / 8);
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThan(bound * 2 ** 20);
      expect(fs.readdirSync(jobDir)).toEqual([]);
      // Voices measured chunk by chunk label the segments as measuring them in the whole file does.
      const unlabelled = result.segments.map((segment) => ({ ...segment, speaker: null }));
      const fromWholeFile = await labelSpeakers(long, unlabelled);
      expect(result.segments.map((segment) => segment.speaker)).toEqual(
        fromWholeFile.map((segment) => segment.speaker),
      );
    },
    120_000,
  );

  test("speech that never pauses (8 voices at once) is ended after 3 chunk lengths: little is kept", async () => {
    const crowd = path.join(tmp, "crowd.wav");
    const dialogue = sharedFile("testdata/audio/dialogue-two-speakers.wav");
    const delays = [0, 700, 1900, 3100, 4300, 5900, 7700, 9100];
    const voices = delays.map((delay, i) => `[v${i}]adelay=${delay}[d${i}]`).join(";");
    const graph =
      `[0:a][1:a]concat=n=2:v=0:a=1,aloop=loop=-1:size=${40 * 16000},atrim=duration=120,` +
      `asplit=8${delays.map((_, i) => `[v${i}]`).join("")};${voices};` +
      `${delays.map((_, i) => `[d${i}]`).join("")}amix=inputs=8:duration=first:normalize=1`;
    execFileSync("ffmpeg", [
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-i",
      JFK,
      "-i",
      dialogue,
      "-filter_complex",
      graph,
      "-t",
      "120",
      "-ar",
      "16000",
      "-ac",
      "1",
      "-c:a",
      "pcm_s16le",
      crowd,
    ]);
    const jobDir = fs.mkdtempSync(path.join(tmp, "job-"));
    let peak = 0;
    let chunks = 0;
    for await (const chunk of speechChunks(crowd, { modelPath: VAD_MODEL, maxChunkSeconds: 2, tempDir: jobDir })) {
      peak = Math.max(peak, folderBytes(jobDir));
      chunks++;
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(2);
    }
    expect(chunks).toBeGreaterThan(40);
    // Measured: 0.6 MB; holding the one 70-second stretch of "speech" whole took 2.5 MB (the WAV is 3.7 MB).
    expect(peak).toBeLessThan(2 ** 20);
  });

  test("an abort while the engine works kills ffmpeg at once and leaves nothing in the job folder", async () => {
    const jobDir = fs.mkdtempSync(path.join(tmp, "job-"));
    const { engine, calls } = fakeEngine();
    const controller = new AbortController();
    const transcribe = engine.transcribe.bind(engine);
    let killedWhileBusy = false;
    engine.transcribe = async (wavPath, options) => {
      const result = await transcribe(wavPath, options);
      if (calls.length === 2) {
        expect(runningChildren("ffmpeg")).toHaveLength(1); // waiting on its pipe
        controller.abort(new Error("cancelled by the user"));
        killedWhileBusy = await eventually(() => runningChildren("ffmpeg").length === 0);
      }
      return result;
    };
    const settings = { vadModelPath: VAD_MODEL, tempDir: jobDir };
    const audio = decodeSpeechPcm(long, { signal: controller.signal });
    const options = { speakerLabels: false, signal: controller.signal };
    const transcribing = transcribeLong(engine, audio, longRepeats * PERIOD, options, settings);
    await expect(transcribing).rejects.toThrow("cancelled by the user");
    expect(killedWhileBusy, "ffmpeg killed within a second").toBe(true);
    expect(calls).toHaveLength(2);
    expect(fs.readdirSync(jobDir)).toEqual([]);
  });

  test("with pocketsphinx and speaker labels: a stream gives the transcript the WAV gives", async () => {
    const pocketsphinx = pocketsphinxEngine({ modelDir: "/usr/share/pocketsphinx/model/en-us" });
    // 5 s chunks, so jfk.wav's 11 s go through the VAD and chunking as a long recording does.
    const settings = { maxChunkSeconds: 5, vadModelPath: VAD_MODEL };
    const fromWav = await transcribeLong(pocketsphinx, JFK, 11, { speakerLabels: true }, settings);
    const fromStream = await transcribeLong(pocketsphinx, decodeSpeechPcm(JFK), 11, { speakerLabels: true }, settings);
    expect(fromStream.segments.length).toBeGreaterThanOrEqual(3);
    expect(fromStream).toEqual(fromWav);
    expect(new Set(fromStream.segments.map((segment) => segment.speaker))).toEqual(new Set(["Speaker 1"]));
  }, 60_000);

  test("a short stream is written to one WAV for a single engine call, inside the temporary folder", async () => {
    const jobDir = fs.mkdtempSync(path.join(tmp, "job-"));
    const { engine, calls } = fakeEngine();
    const transcribe = engine.transcribe.bind(engine);
    engine.transcribe = async (wavPath, options) => {
      expect(wavPath.startsWith(jobDir)).toBe(true);
      return transcribe(wavPath, options);
    };
    const result = await transcribeLong(engine, decodeSpeechPcm(JFK), 11, { speakerLabels: true }, { tempDir: jobDir });
    expect(calls).toHaveLength(1);
    expect(calls[0].duration).toBe(11);
    expect(result.segments).toMatchObject([{ start: 0.1, end: 10.9, speaker: "Speaker 1" }]);
    expect(fs.readdirSync(jobDir)).toEqual([]);
  });
});
