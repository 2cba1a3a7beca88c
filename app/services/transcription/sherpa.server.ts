import { createRequire } from "node:module";

// sherpa-onnx-node is CommonJS with a native addon and ships no TypeScript types: this declares the part we use
// (see its vad.js and types.js).

export interface SileroVadConfig {
  sileroVad: {
    model: string;
    /** Speech probability above which a window counts as speech (0–1). */
    threshold: number;
    minSilenceDuration: number;
    minSpeechDuration: number;
    /** Samples per model window: 512 at 16 kHz. */
    windowSize: number;
    maxSpeechDuration: number;
  };
  sampleRate: number;
  numThreads: number;
  provider?: "cpu";
  debug: boolean | number;
}

/** A detected stretch of speech: `start` is a sample index from the start of the stream. */
export interface SherpaSpeechSegment {
  start: number;
  samples: Float32Array;
}

export interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  isDetected(): boolean;
  front(enableExternalBuffer?: boolean): SherpaSpeechSegment;
  pop(): void;
  flush(): void;
  reset(): void;
}

interface SherpaOnnx {
  Vad: new (config: SileroVadConfig, bufferSizeInSeconds: number) => SherpaVad;
}

let sherpa: SherpaOnnx | undefined;

/** Loads sherpa-onnx-node (prebuilt binaries from npm) on first use. */
export function sherpaOnnx(): SherpaOnnx {
  sherpa ??= createRequire(import.meta.url)("sherpa-onnx-node") as SherpaOnnx;
  return sherpa;
}
