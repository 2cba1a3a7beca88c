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

/** A finished transcript as far as aligning it goes: the engine that made it and its language. */
export interface AlignableTranscript {
  engine: string | null;
  language: string | null;
}

/**
 * Which aligner a transcript's typed words get: whisper's token times where whisper made it and a whisper model for
 * its language is on this server; pocketsphinx's forced alignment for English; none otherwise (typed words then keep
 * the times spread between their neighbours).
 */
export function alignerNameFor(transcript: AlignableTranscript): WordAligner["name"] | null {
  const env = getEnv();
  if (transcript.engine === "whisper") {
    const model = whisperModelStatus(env);
    if (
      (model.check === "verified" || model.check === "unlisted") &&
      (isEnglish(transcript.language) || readWhisperModelInfo(model.path).multilingual)
    )
      return "whisper";
  }
  if (!isEnglish(transcript.language)) return null;
  const files = pocketsphinxModelFiles(env.POCKETSPHINX_MODEL_DIR);
  return Object.values(files).every((file) => fs.existsSync(file)) ? "pocketsphinx" : null;
}

/** The aligner alignerNameFor names, ready to align; null when there is none for this transcript. */
export function alignerFor(transcript: AlignableTranscript): WordAligner | null {
  const env = getEnv();
  switch (alignerNameFor(transcript)) {
    case "whisper":
      return whisperAligner(whisperEngine({ modelPath: whisperModelStatus(env).path, threads: env.WHISPER_THREADS }), {
        language: transcript.language ?? undefined,
      });
    case "pocketsphinx":
      return pocketsphinxAligner({ modelDir: env.POCKETSPHINX_MODEL_DIR });
    case null:
      return null;
  }
}
