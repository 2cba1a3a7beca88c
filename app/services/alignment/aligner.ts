// Word alignment: where each word of a known text is said in a stretch of audio. After an edit, the words a person
// typed are aligned to the audio of their span (app/modules/transcripts/realign-job.server.ts). One interface, one
// file per aligner; index.server.ts picks the one for a transcript, or none.

export interface WordTime {
  /** Seconds from the start of the WAV that was aligned. */
  start: number;
  end: number;
}

export interface WordAligner {
  name: "pocketsphinx" | "whisper";
  /**
   * Where each of `words` (the text's tokens, in order) is said in `wavPath` (16 kHz mono 16-bit PCM WAV with the
   * plain 44-byte header, as decodeToWav writes it): one time per word, null for a word it could not place. Null
   * when it cannot align this text at all (a word its dictionary lacks).
   */
  align(wavPath: string, words: string[], options?: { signal?: AbortSignal }): Promise<(WordTime | null)[] | null>;
  /** Whether it can align these words at all (asked before the audio is cut: a dictionary look-up, no audio). */
  knows(words: string[]): Promise<boolean>;
}

/** A token as the aligners compare it: lower case, without the punctuation around it (an apostrophe inside stays). */
export const alignmentKey = (token: string) => token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
