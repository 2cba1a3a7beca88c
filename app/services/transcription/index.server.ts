import fs from "node:fs";
import { dataDir, getEnv } from "~/modules/platform/env.server";
import type { SpeechEngine } from "./engine";
import { EngineUnavailableError } from "./errors";
import { openAiEngine } from "./openai.server";
import { pocketsphinxEngine } from "./pocketsphinx.server";
import { whisperEngine } from "./whisper.server";

export type { SpeechEngine, TranscribeOptions, TranscriptionResult, TranscriptSegment, TranscriptWord } from "./engine";
export { EngineUnavailableError, TranscriptionError, UnsupportedLanguageError } from "./errors";

/** The configured transcription: the engine, and the VAD model that cuts long audio at its pauses. */
export interface Transcriber {
  engine: SpeechEngine;
  /** VAD_MODEL_PATH, or DATA_DIR/models/silero_vad.onnx (`transcribeLong` splits at quiet moments without it). */
  vadModelPath: string;
}

let cached: Transcriber | undefined;

function createEngine(env: ReturnType<typeof getEnv>): SpeechEngine {
  switch (env.TRANSCRIBE_ENGINE) {
    case "whisper": {
      const modelPath = env.WHISPER_MODEL_PATH ?? dataDir("models", "ggml-base.en.bin");
      if (!fs.existsSync(modelPath)) {
        throw new EngineUnavailableError(
          `TRANSCRIBE_ENGINE is whisper, but the model ${modelPath} does not exist. Run \`npm run models:download\` to fetch it${env.WHISPER_MODEL_PATH ? "" : ", or set WHISPER_MODEL_PATH to a ggml model you have"}.`,
        );
      }
      return whisperEngine({ modelPath, threads: env.WHISPER_THREADS });
    }
    case "openai": {
      if (!env.OPENAI_API_KEY && new URL(env.OPENAI_BASE_URL).hostname === "api.openai.com") {
        throw new EngineUnavailableError("TRANSCRIBE_ENGINE is openai, but OPENAI_API_KEY is not set.");
      }
      return openAiEngine({
        baseUrl: env.OPENAI_BASE_URL,
        apiKey: env.OPENAI_API_KEY,
        model: env.OPENAI_TRANSCRIBE_MODEL,
      });
    }
    case "pocketsphinx":
      return pocketsphinxEngine({ modelDir: env.POCKETSPHINX_MODEL_DIR });
  }
}

/**
 * The speech engine TRANSCRIBE_ENGINE selects and the VAD model, from the environment, made once per process.
 * Throws EngineUnavailableError, with what to do, when the engine's model or key is missing (and tries again on
 * the next call, so fixing it needs no restart).
 */
export function configuredTranscriber(): Transcriber {
  if (cached) return cached;
  const env = getEnv();
  cached = { engine: createEngine(env), vadModelPath: env.VAD_MODEL_PATH ?? dataDir("models", "silero_vad.onnx") };
  return cached;
}
