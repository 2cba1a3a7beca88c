// The neural speaker labelling, for machines that could download its models (`npm run models:download`):
// sherpa-onnx's offline speaker diarization, a pyannote segmentation model (who speaks in each 10 s window, with
// overlaps) and a speaker-embedding model (a voice print per stretch), clustered into speakers. Used when both
// models are in DATA_DIR/models and match their published checksums; otherwise the acoustic method of
// diarization.server.ts runs (ADR 023). A file that is missing, cut or replaced is never handed to the native
// loader, which would fail hard on it.
import fs from "node:fs";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { dataDir, madeFromEnv } from "~/config/env.server";
import type { SpeakerCount } from "./diarization.server";
import { readPcmRange, readSpeechWavInfo, SPEECH_SAMPLE_RATE, toFloat32 } from "./wav.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("speakers");

/** A model file in the download catalogue (scripts/models.ts), with its published checksum. */
export interface DiarizationModelFile {
  fileName: string;
  url: string;
  algorithm: "sha256";
  checksum: string;
}

// Pinned revisions, so the checksums stay true.
const SEGMENTATION_REPO =
  "https://huggingface.co/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/9403a6902bb58e3d5ae8c7e77c3422de279db2e0";
const EMBEDDING_REPO =
  "https://huggingface.co/csukuangfj/speaker-embedding-models/resolve/0743f301363dec56491a490f6d6cbc9d67f9a3bf";

/** pyannote segmentation-3.0 (MIT), int8, as sherpa-onnx converted it: 1.5 MB. */
export const SEGMENTATION_MODEL: DiarizationModelFile = {
  fileName: "sherpa-onnx-pyannote-segmentation-3-0.int8.onnx",
  url: `${SEGMENTATION_REPO}/model.int8.onnx`,
  algorithm: "sha256",
  checksum: "d582f4b4c6b48205de7e0643c57df0df5615a3c176189be3fc461e9d18827b5d",
};

/** 3D-Speaker CAM++ speaker embeddings (Apache-2.0), trained on Chinese and English: 28 MB. */
export const EMBEDDING_MODEL: DiarizationModelFile = {
  fileName: "3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx",
  url: `${EMBEDDING_REPO}/3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx`,
  algorithm: "sha256",
  checksum: "aa3cfc16963a10586a9393f5035d6d6b57e98d358b347f80c2a30bf4f00ceba2",
};

/** Speakers' voice prints closer than this (cosine distance) are one speaker, when the count is not given. */
const CLUSTER_THRESHOLD = 0.5;

export interface SherpaDiarizationConfig {
  segmentation: { pyannote: { model: string }; numThreads: number; debug: boolean };
  embedding: { model: string; numThreads: number; debug: boolean };
  clustering: { numClusters: number; threshold: number };
  minDurationOn: number;
  minDurationOff: number;
}

export interface SherpaDiarization {
  readonly sampleRate: number;
  process(samples: Float32Array): { start: number; end: number; speaker: number }[];
  setConfig(config: Pick<SherpaDiarizationConfig, "clustering">): void;
}

/** Who speaks when, by the neural models: `samples` are 16 kHz mono; turns in seconds from their start. */
export interface NeuralDiarizer {
  readonly name: string;
  diarize(samples: Float32Array, speakers: SpeakerCount): { speaker: string; start: number; end: number }[];
}

export interface DiarizationModelPaths {
  segmentation: string;
  embedding: string;
}

/** Where models:download puts the two models. */
export function defaultDiarizationModelPaths(): DiarizationModelPaths {
  return {
    segmentation: dataDir("models", SEGMENTATION_MODEL.fileName),
    embedding: dataDir("models", EMBEDDING_MODEL.fileName),
  };
}

async function matchesChecksum(file: string, model: DiarizationModelFile): Promise<boolean> {
  const hash = createHash(model.algorithm);
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex") === model.checksum;
}

export type DiarizerChoice =
  | { kind: "neural"; diarizer: NeuralDiarizer }
  | { kind: "acoustic"; reason: "models missing" | "models invalid" | "models failed to load"; detail?: string };

export type Loader = (config: SherpaDiarizationConfig) => SherpaDiarization;

const loadSherpa: Loader = (config) => {
  const { OfflineSpeakerDiarization } = createRequire(import.meta.url)("sherpa-onnx-node") as {
    OfflineSpeakerDiarization: new (config: SherpaDiarizationConfig) => SherpaDiarization;
  };
  return new OfflineSpeakerDiarization(config);
};

/**
 * The neural diarizer when both models are present and match the catalogue's checksums, else why the acoustic
 * method runs instead. Tests give their own files, catalogue entries and loader (sherpa-onnx's constructor).
 */
export async function chooseDiarizer({
  paths = defaultDiarizationModelPaths(),
  catalogue = { segmentation: SEGMENTATION_MODEL, embedding: EMBEDDING_MODEL },
  load = loadSherpa,
}: {
  paths?: DiarizationModelPaths;
  catalogue?: { segmentation: DiarizationModelFile; embedding: DiarizationModelFile };
  load?: Loader;
} = {}): Promise<DiarizerChoice> {
  const models: [string, DiarizationModelFile][] = [
    [paths.segmentation, catalogue.segmentation],
    [paths.embedding, catalogue.embedding],
  ];
  if (!models.every(([file]) => fs.existsSync(file))) return { kind: "acoustic", reason: "models missing" };
  for (const [file, model] of models) {
    if (!(await matchesChecksum(file, model))) {
      return {
        kind: "acoustic",
        reason: "models invalid",
        detail: `${path.basename(file)} does not match its checksum`,
      };
    }
  }
  const threads = 1;
  let sherpa: SherpaDiarization;
  try {
    sherpa = load({
      segmentation: { pyannote: { model: paths.segmentation }, numThreads: threads, debug: false },
      embedding: { model: paths.embedding, numThreads: threads, debug: false },
      clustering: { numClusters: -1, threshold: CLUSTER_THRESHOLD },
      minDurationOn: 0.3,
      minDurationOff: 0.5,
    });
  } catch (error) {
    return { kind: "acoustic", reason: "models failed to load", detail: (error as Error).message };
  }
  return {
    kind: "neural",
    diarizer: {
      name: "sherpa-onnx pyannote-segmentation-3.0 + 3D-Speaker CAM++",
      diarize(samples, speakers) {
        sherpa.setConfig({
          clustering: { numClusters: speakers === "auto" ? -1 : speakers, threshold: CLUSTER_THRESHOLD },
        });
        const names = new Map<number, string>();
        return sherpa.process(samples).map(({ start, end, speaker }) => {
          if (!names.has(speaker)) names.set(speaker, `Speaker ${names.size + 1}`);
          return { speaker: names.get(speaker)!, start, end };
        });
      },
    },
  };
}

const neuralDiarizer = madeFromEnv(() =>
  chooseDiarizer().then((choice) => {
    if (choice.kind === "neural") return choice.diarizer;
    if (choice.reason !== "models missing") {
      log.warn(`neural speaker labels off (${choice.reason}: ${choice.detail}); using the acoustic method.`);
    }
    return null;
  }),
);

/** The neural diarizer of this machine, checked once per process; null (with one log line why) when it cannot run. */
export function configuredNeuralDiarizer(): Promise<NeuralDiarizer | null> {
  return neuralDiarizer();
}

/** Speech given to the neural diarizer at most (its samples are held in memory: 115 MB an hour, twice that as floats). */
export const NEURAL_MAX_SECONDS = 3600;

/**
 * The speech of a recording, piece by piece (the whole file, or the VAD's chunks while they are at hand), for the
 * neural diarizer: the pieces are joined, diarized once (so speakers are the same across chunks), and the turns
 * moved back to the recording's times. Stops collecting past NEURAL_MAX_SECONDS (`turns` is then null).
 */
export class SpeechForDiarization {
  private readonly pieces: { start: number; samples: Int16Array }[] = [];
  private samples = 0;
  private tooLong = false;

  /** Adds a 16 kHz mono WAV file whose first sample is at `start` seconds in the recording. */
  async add(wavPath: string, start: number): Promise<void> {
    if (this.tooLong) return;
    const info = await readSpeechWavInfo(wavPath);
    if (this.samples + info.totalSamples > NEURAL_MAX_SECONDS * SPEECH_SAMPLE_RATE) {
      this.tooLong = true;
      this.pieces.length = 0;
      return;
    }
    const handle = await fs.promises.open(wavPath, "r");
    try {
      this.pieces.push({ start, samples: await readPcmRange(handle, info, 0, info.totalSamples) });
      this.samples += info.totalSamples;
    } finally {
      await handle.close();
    }
  }

  turns(diarizer: NeuralDiarizer, speakers: SpeakerCount): { speaker: string; start: number; end: number }[] | null {
    if (this.tooLong || this.pieces.length === 0) return null;
    const joined = new Int16Array(this.samples);
    const offsets: number[] = [];
    let offset = 0;
    for (const piece of this.pieces) {
      offsets.push(offset);
      joined.set(piece.samples, offset);
      offset += piece.samples.length;
    }
    // A turn is cut where pieces join, and each part moved back to its piece's place in the recording.
    return diarizer.diarize(toFloat32(joined), speakers).flatMap((turn) =>
      this.pieces.flatMap((piece, index) => {
        const from = offsets[index] / SPEECH_SAMPLE_RATE;
        const to = from + piece.samples.length / SPEECH_SAMPLE_RATE;
        const start = Math.max(turn.start, from);
        const end = Math.min(turn.end, to);
        return end > start
          ? [{ speaker: turn.speaker, start: piece.start + start - from, end: piece.start + end - from }]
          : [];
      }),
    );
  }
}
