import fs from "node:fs";
import path from "node:path";
import { catalogueEntry, isVerifiedModel, WHISPER_MODELS } from "../../../scripts/models";
import { dataDir, getEnv, madeFromEnv } from "~/config/env.server";
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

/** Where whisper's model is looked for, and whether it is there and matches its published checksum. */
export interface WhisperModelStatus {
  path: string;
  /** The file exists. */
  present: boolean;
  /**
   * "verified": its checksum matched the catalogue's; "mismatch": it did not (a cut or changed file); "unlisted": a
   * file the catalogue does not know (a custom model at WHISPER_MODEL_PATH), trusted because the operator named it.
   */
  check: "verified" | "mismatch" | "unlisted" | "absent";
}

/**
 * The whisper model this server would use: WHISPER_MODEL_PATH, else DATA_DIR/models/ggml-<WHISPER_MODEL>.bin, else
 * any other catalogued whisper model already verified in DATA_DIR/models (e.g. one downloaded before WHISPER_MODEL
 * changed).
 */
export function whisperModelStatus(env = getEnv()): WhisperModelStatus {
  const check = (file: string): WhisperModelStatus => {
    if (!fs.existsSync(file)) return { path: file, present: false, check: "absent" };
    const entry = catalogueEntry(path.basename(file));
    if (!entry) return { path: file, present: true, check: "unlisted" };
    return { path: file, present: true, check: isVerifiedModel(file, entry) ? "verified" : "mismatch" };
  };
  if (env.WHISPER_MODEL_PATH) return check(env.WHISPER_MODEL_PATH);
  const preferred = check(
    dataDir("models", WHISPER_MODELS[env.WHISPER_MODEL]?.fileName ?? `ggml-${env.WHISPER_MODEL}.bin`),
  );
  if (preferred.present) return preferred;
  for (const model of Object.values(WHISPER_MODELS)) {
    const file = dataDir("models", model.fileName);
    if (fs.existsSync(file) && isVerifiedModel(file, model)) return { path: file, present: true, check: "verified" };
  }
  return preferred;
}

const usable = (status: WhisperModelStatus) => status.check === "verified" || status.check === "unlisted";

/** The engine TRANSCRIBE_ENGINE names; "auto" resolved to whisper when its model is usable, else pocketsphinx. */
export function selectedEngineName(env = getEnv()): SpeechEngine["name"] {
  if (env.TRANSCRIBE_ENGINE !== "auto") return env.TRANSCRIBE_ENGINE;
  return usable(whisperModelStatus(env)) ? "whisper" : "pocketsphinx";
}

function createEngine(env: ReturnType<typeof getEnv>): SpeechEngine {
  switch (selectedEngineName(env)) {
    case "whisper": {
      const model = whisperModelStatus(env);
      if (!model.present) {
        throw new EngineUnavailableError(
          `TRANSCRIBE_ENGINE is whisper, but the model ${model.path} does not exist. Run \`npm run models:download\` to fetch it${env.WHISPER_MODEL_PATH ? "" : ", or set WHISPER_MODEL_PATH to a ggml model you have"}.`,
        );
      }
      return whisperEngine({ modelPath: model.path, threads: env.WHISPER_THREADS });
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

/** VAD_MODEL_PATH, or DATA_DIR/models/silero_vad.onnx. */
export function configuredVadModelPath(env = getEnv()): string {
  return env.VAD_MODEL_PATH ?? dataDir("models", "silero_vad.onnx");
}

/**
 * The speech engine TRANSCRIBE_ENGINE selects and the VAD model, from the environment, made once per process. The
 * default, "auto", is whisper when a verified model is installed and the offline fallback (pocketsphinx) otherwise.
 * Throws EngineUnavailableError, with what to do, when a named engine's model or key is missing (and tries again on
 * the next call, so fixing it needs no restart).
 */
export const configuredTranscriber: () => Transcriber = madeFromEnv((env) => ({
  engine: createEngine(env),
  vadModelPath: configuredVadModelPath(env),
}));
