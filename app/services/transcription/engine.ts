/** One recognised word. Times are seconds from the start of the audio. */
export interface TranscriptWord {
  start: number;
  end: number;
  word: string;
  /** 0–1 where the engine reports it, else null. */
  confidence: number | null;
}

/** One stretch of speech (an utterance or a sentence) with its words. Times are seconds. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** 0–1 where the engine reports it, else null. */
  confidence: number | null;
  /** "Speaker 1", "Speaker 2"… when speakers were labelled, else null. */
  speaker: string | null;
  words: TranscriptWord[];
}

export interface TranscriptionResult {
  /** ISO 639-1 code of the spoken language, when known. */
  language: string | null;
  /** The engine's name ("pocketsphinx", "whisper", "openai"). */
  engine: string;
  /** The model used, e.g. "base.en" or "whisper-1"; null when the engine has no model choice. */
  model: string | null;
  segments: TranscriptSegment[];
}

export interface TranscribeOptions {
  /** ISO 639-1 code; undefined means detect it. */
  language?: string;
  /** Words to expect (the user's glossary as `glossaryPrompt` writes it): whisper's initial prompt, the API's
   *  `prompt`. Engines without one ignore it; the glossary post-pass spells the terms for every engine. */
  prompt?: string;
  /** Label speakers ("Speaker 1", …). */
  speakerLabels: boolean;
  /** How many speakers there are, when the user said (2–10); "auto" or absent: estimated. */
  speakers?: "auto" | number;
  signal?: AbortSignal;
  /** Called with the share of the audio done so far, 0–1. */
  onProgress?: (fraction: number) => void;
}

export interface SpeechEngine {
  name: "pocketsphinx" | "whisper" | "openai";
  model: string | null;
  /** Human label for the UI, e.g. "Pocketsphinx (offline, English)". Never call pocketsphinx "AI". */
  label: string;
  /** The languages it can transcribe: ISO 639-1 codes, or "all". */
  languages: "all" | string[];
  /** `wavPath` is always 16 kHz mono 16-bit PCM WAV, as `decodeToWav`, `speechChunks` and `transcribeLong` write it. */
  transcribe(wavPath: string, options: TranscribeOptions): Promise<TranscriptionResult>;
}
