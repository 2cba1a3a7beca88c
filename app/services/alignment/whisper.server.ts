import type { SpeechEngine } from "../transcription/engine";
import { alignmentKey, type WordAligner, type WordTime } from "./aligner";

/** How many of whisper's words a typed word may be looked for past the last one matched (it drops or adds some). */
const LOOK_AHEAD = 3;

/**
 * whisper's token times as an aligner: whisper has no forced alignment, so it transcribes the span again with the
 * edited text as its prompt (which steers it to those words), and each typed word takes the times of the word
 * whisper heard that matches it, in order. A word whisper did not hear gets no time.
 */
export function whisperAligner(engine: SpeechEngine, options: { language?: string } = {}): WordAligner {
  return {
    name: "whisper",
    // whisper has no dictionary: any word may be heard.
    knows: async (words) => words.some((word) => alignmentKey(word) !== ""),
    async align(wavPath, words, alignOptions = {}) {
      const keys = words.map(alignmentKey);
      if (keys.length === 0) return null;
      const result = await engine.transcribe(wavPath, {
        language: options.language,
        prompt: words.join(" "),
        speakerLabels: false,
        signal: alignOptions.signal,
      });
      const heard = result.segments.flatMap((segment) => segment.words);
      let next = 0;
      return keys.map((key): WordTime | null => {
        if (!key) return null;
        for (let index = next; index < Math.min(heard.length, next + LOOK_AHEAD); index++) {
          if (alignmentKey(heard[index].word) !== key) continue;
          next = index + 1;
          return { start: heard[index].start, end: heard[index].end };
        }
        return null;
      });
    },
  };
}
