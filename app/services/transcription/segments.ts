import type { TranscriptSegment, TranscriptWord } from "./engine";

/** Rounds a time to milliseconds, which is all any caller shows or needs. */
export function roundTime(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * Gives each word to the segment its middle falls in (or the nearest one), keeping the words in time order.
 * For APIs that return words and segments as two separate lists.
 */
export function assignWords(
  segments: Omit<TranscriptSegment, "words">[],
  words: TranscriptWord[],
): TranscriptSegment[] {
  const result: TranscriptSegment[] = segments.map((segment) => ({ ...segment, words: [] }));
  if (result.length === 0) return result;
  for (const word of [...words].sort((a, b) => a.start - b.start)) {
    const middle = (word.start + word.end) / 2;
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [index, segment] of result.entries()) {
      const distance =
        middle < segment.start ? segment.start - middle : middle > segment.end ? middle - segment.end : 0;
      if (distance < bestDistance) {
        best = index;
        bestDistance = distance;
      }
      if (distance === 0) break;
    }
    result[best].words.push(word);
  }
  return result;
}

/** Renames whatever speaker ids an engine gives ("A", "SPEAKER_00"…) to "Speaker 1", "Speaker 2"… in order of appearance. */
export function numberSpeakers(segments: TranscriptSegment[]): TranscriptSegment[] {
  const names = new Map<string, string>();
  return segments.map((segment) => {
    if (segment.speaker === null) return segment;
    let name = names.get(segment.speaker);
    if (!name) {
      name = `Speaker ${names.size + 1}`;
      names.set(segment.speaker, name);
    }
    return { ...segment, speaker: name };
  });
}

/** Moves segments (and their words) `offset` seconds later: for a chunk cut from a longer recording. */
export function offsetSegments(segments: TranscriptSegment[], offset: number): TranscriptSegment[] {
  return segments.map((segment) => ({
    ...segment,
    start: roundTime(segment.start + offset),
    end: roundTime(segment.end + offset),
    words: segment.words.map((word) => ({
      ...word,
      start: roundTime(word.start + offset),
      end: roundTime(word.end + offset),
    })),
  }));
}
