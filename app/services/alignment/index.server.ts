import fs from "node:fs";
import { getEnv } from "~/config/env.server";
import { whisperModelStatus } from "../transcription/index.server";
import { pocketsphinxModelFiles } from "../transcription/pocketsphinx.server";
import { readWhisperModelInfo, whisperEngine } from "../transcription/whisper.server";
import type { WordAligner } from "./aligner";
import { pocketsphinxAligner } from "./pocketsphinx.server";
import { whisperAligner } from "./whisper.server";

export type { WordAligner, WordTime } from "./aligner";

const isEnglish = (language: string | null) => language === null || /^en(-|_|$)/i.test(language);

/**
 * The aligner for a transcript that `engine` made in `language`: whisper's token times where whisper made it and a
 * whisper model for that language is on this server; pocketsphinx's forced alignment for English; none otherwise
 * (typed words then keep the times spread between their neighbours).
 */
export function alignerFor(transcript: { engine: string | null; language: string | null }): WordAligner | null {
  const env = getEnv();
  if (transcript.engine === "whisper") {
    const model = whisperModelStatus(env);
    if (
      (model.check === "verified" || model.check === "unlisted") &&
      (isEnglish(transcript.language) || readWhisperModelInfo(model.path).multilingual)
    )
      return whisperAligner(whisperEngine({ modelPath: model.path, threads: env.WHISPER_THREADS }), {
        language: transcript.language ?? undefined,
      });
  }
  if (!isEnglish(transcript.language)) return null;
  const files = pocketsphinxModelFiles(env.POCKETSPHINX_MODEL_DIR);
  if (!Object.values(files).every((file) => fs.existsSync(file))) return null;
  return pocketsphinxAligner({ modelDir: env.POCKETSPHINX_MODEL_DIR });
}
