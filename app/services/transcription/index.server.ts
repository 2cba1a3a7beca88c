import fs from "node:fs";
import { dataDir, getEnv } from "~/modules/platform/env.server";
import type { SpeechEngine } from "./engine";
import { EngineUnavailableError } from "./errors";
import { openAiEngine } from "./openai.server";
import { pocketsphinxEngine } from "./pocketsphinx.server";
import { whisperEngine } from "./whisper.server";

export type { SpeechEngine, TranscribeOptions, TranscriptionResult, TranscriptSegment, TranscriptWord } from "./engine";
export { EngineUnavailableError, UnsupportedLanguageError } from "./errors";

let cached: SpeechEngine | undefined;

function createEngine(): SpeechEngine {
  const env = getEnv();
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
      return openAiEngine({ baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_TRANSCRIBE_MODEL });
    }
    case "pocketsphinx":
      return pocketsphinxEngine({ modelDir: env.POCKETSPHINX_MODEL_DIR });
  }
}

/**
 * The speech engine TRANSCRIBE_ENGINE selects, made once per process. Throws EngineUnavailableError, with what
 * to do, when its model or key is missing (and tries again on the next call, so fixing it needs no restart).
 */
export function speechEngine(): SpeechEngine {
  cached ??= createEngine();
  return cached;
}
