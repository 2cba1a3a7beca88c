import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  chooseDiarizer,
  type DiarizationModelFile,
  type Loader,
  type NeuralDiarizer,
  type SherpaDiarizationConfig,
} from "./diarization-neural.server";
import type { TranscriptSegment } from "./engine";
import { transcribeLong } from "./long-audio.server";
import { fakeEngine, JFK } from "./test-audio";
import { sharedFile } from "../../../tests/shared-files";

const DIALOGUE = sharedFile("testdata/audio/dialogue-two-speakers.wav");

let tmp: string;
const file = (name: string, content: string) => {
  const at = path.join(tmp, name);
  fs.writeFileSync(at, content);
  return at;
};
const entry = (content: string): DiarizationModelFile => ({
  fileName: "x.onnx",
  url: "https://example.invalid/x.onnx",
  algorithm: "sha256",
  checksum: crypto.createHash("sha256").update(content).digest("hex"),
});

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-neural-diarization-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("chooseDiarizer", () => {
  const catalogue = { segmentation: entry("segmentation"), embedding: entry("embedding") };
  const never: Loader = () => {
    throw new Error("the loader must not be called");
  };

  test("without the models (this machine), the acoustic method runs", async () => {
    const paths = { segmentation: path.join(tmp, "none-1.onnx"), embedding: path.join(tmp, "none-2.onnx") };
    expect(await chooseDiarizer({ paths, catalogue, load: never })).toEqual({
      kind: "acoustic",
      reason: "models missing",
    });
    // The default paths (DATA_DIR/models) hold no models here either.
    expect((await chooseDiarizer({ load: never })).kind).toBe("acoustic");
  });

  test("a cut or replaced model is never handed to the native loader", async () => {
    const paths = { segmentation: file("seg.onnx", "segmentation"), embedding: file("emb.onnx", "embedd") };
    expect(await chooseDiarizer({ paths, catalogue, load: never })).toEqual({
      kind: "acoustic",
      reason: "models invalid",
      detail: "emb.onnx does not match its checksum",
    });
  });

  test("a loader that fails falls back to the acoustic method", async () => {
    const paths = { segmentation: file("seg.onnx", "segmentation"), embedding: file("emb.onnx", "embedding") };
    const failing: Loader = () => {
      throw new Error("Load model from seg.onnx failed");
    };
    expect(await chooseDiarizer({ paths, catalogue, load: failing })).toEqual({
      kind: "acoustic",
      reason: "models failed to load",
      detail: "Load model from seg.onnx failed",
    });
  });

  test("verified models are used: the config names them, the speaker count goes to the clustering", async () => {
    const paths = { segmentation: file("seg.onnx", "segmentation"), embedding: file("emb.onnx", "embedding") };
    const configs: Partial<SherpaDiarizationConfig>[] = [];
    const load: Loader = (config) => {
      configs.push(config);
      return {
        sampleRate: 16000,
        setConfig: (next) => configs.push(next),
        process: () => [
          { start: 0, end: 1, speaker: 3 },
          { start: 1, end: 2, speaker: 0 },
          { start: 2, end: 3, speaker: 3 },
        ],
      };
    };
    const choice = await chooseDiarizer({ paths, catalogue, load });
    expect(choice.kind).toBe("neural");
    if (choice.kind !== "neural") return;
    expect(configs[0].segmentation?.pyannote.model).toBe(paths.segmentation);
    expect(configs[0].embedding?.model).toBe(paths.embedding);
    expect(choice.diarizer.diarize(new Float32Array(48000), 2)).toEqual([
      { speaker: "Speaker 1", start: 0, end: 1 },
      { speaker: "Speaker 2", start: 1, end: 2 },
      { speaker: "Speaker 1", start: 2, end: 3 },
    ]);
    expect(configs[1].clustering?.numClusters).toBe(2);
    choice.diarizer.diarize(new Float32Array(16000), "auto");
    expect(configs[2].clustering?.numClusters).toBe(-1);
  });
});

describe("transcribeLong with a neural diarizer", () => {
  /** A diarizer that says speaker A until `change` of what it is given (a share), B after. */
  const splitAt = (share: number, heard: number[]): NeuralDiarizer => ({
    name: "test",
    diarize(samples) {
      heard.push(samples.length / 16000);
      const end = samples.length / 16000;
      const change = share * end;
      return [
        { speaker: "Speaker 1", start: 0, end: change },
        { speaker: "Speaker 2", start: change, end },
      ];
    },
  });
  const segment = (start: number, end: number): TranscriptSegment => ({
    start,
    end,
    text: "",
    confidence: null,
    speaker: null,
    words: [],
  });

  test("short audio: its segments take the turns' speakers", async () => {
    const heard: number[] = [];
    const engine = {
      ...fakeEngine().engine,
      transcribe: async () => ({
        language: "en",
        engine: "fake",
        model: null,
        segments: [segment(0, 4.6), segment(5.3, 9.9)],
      }),
    };
    const result = await transcribeLong(
      engine,
      DIALOGUE,
      25.4,
      { speakerLabels: true },
      { diarizer: splitAt(0.2, heard) },
    );
    expect(heard).toHaveLength(1);
    expect(result.segments.map((s) => s.speaker)).toEqual(["Speaker 1", "Speaker 2"]);
  });

  test("long audio: the chunks are diarized once, together, and the turns moved back to the recording's times", async () => {
    const heard: number[] = [];
    const { engine, calls } = fakeEngine();
    const result = await transcribeLong(
      engine,
      DIALOGUE,
      25.4,
      { speakerLabels: true },
      { diarizer: splitAt(0.5, heard), maxChunkSeconds: 8, vadModelPath: sharedFile("models/silero_vad.onnx") },
    );
    expect(calls.length).toBeGreaterThan(1);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBeCloseTo(
      calls.reduce((sum, call) => sum + call.duration, 0),
      1,
    );
    // The first half of the speech is speaker 1's, the second speaker 2's: once 2 speaks, 1 does not come back.
    const speakers = result.segments.map((s) => s.speaker);
    expect(speakers[0]).toBe("Speaker 1");
    expect(speakers.at(-1)).toBe("Speaker 2");
    expect(speakers.slice(speakers.indexOf("Speaker 2"))).not.toContain("Speaker 1");
  });

  test("without speakerLabels the diarizer is not run", async () => {
    const heard: number[] = [];
    await transcribeLong(fakeEngine().engine, JFK, 11, { speakerLabels: false }, { diarizer: splitAt(0.5, heard) });
    expect(heard).toEqual([]);
  });
});
