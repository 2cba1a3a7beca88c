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

/** How words are compared across two chunks: lower case, letters and digits only. */
const wordKey = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
/** The same word heard in two overlapping chunks starts at nearly the same time in the original. */
const SAME_WORD_SECONDS = 0.6;

/**
 * The segment with only its words [from, to), its text cut to match, or null when none are left. The text is cut
 * at its own words (keeping punctuation and case) when they line up one to one with the word list, else it is
 * rebuilt from the words.
 */
export function keepWords(segment: TranscriptSegment, from: number, to: number): TranscriptSegment | null {
  const count = segment.words.length;
  if (from <= 0 && to >= count) return segment;
  if (to <= from) return null;
  const kept = segment.words.slice(from, to);
  const tokens = [...segment.text.matchAll(/\S+/g)].filter((match) => /[\p{L}\p{N}]/u.test(match[0]));
  const text =
    tokens.length === count
      ? segment.text.slice(
          from === 0 ? 0 : tokens[from].index,
          to === count ? undefined : tokens[to - 1].index + tokens[to - 1][0].length,
        )
      : kept.map((word) => word.word).join(" ");
  return {
    ...segment,
    start: from === 0 ? segment.start : kept[0].start,
    end: to === count ? segment.end : kept[kept.length - 1].end,
    text: text.trim(),
    words: kept,
  };
}

/** The longest run of words said in both lists at about the same time: [start in a, start in b, length]. */
function longestSharedRun(a: TranscriptWord[], b: TranscriptWord[]): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      if (wordKey(x.word) === wordKey(y.word) && Math.abs(x.start - y.start) < SAME_WORD_SECONDS) {
        current[j] = previous[j - 1] + 1;
        if (current[j] > best[2]) best = [i - current[j], j - current[j], current[j]];
      }
    }
    previous = current;
  }
  return best;
}

/**
 * Joins the segments of two chunks that overlap from `overlapStart` to `overlapEnd` (seconds in the original),
 * removing what both heard. `earlier` are the first chunk's last segments, `later` the next chunk's (times in the
 * original). Where the same words (at about the same time) are found in both, the earlier chunk keeps them and
 * what it heard before; the later chunk keeps only what comes after them, so a word cut at either chunk's edge is
 * dropped for its whole twin. Without a shared word, both are cut in the middle of the overlap. Returns the two
 * lists with each segment trimmed, or null where nothing of it is left (so callers can keep per-segment data).
 */
export function joinOverlap(
  earlier: TranscriptSegment[],
  later: TranscriptSegment[],
  overlapStart: number,
  overlapEnd: number,
): { earlier: (TranscriptSegment | null)[]; later: (TranscriptSegment | null)[] } {
  const middle = (overlapStart + overlapEnd) / 2;
  const centre = (span: { start: number; end: number }) => (span.start + span.end) / 2;
  // Segments without word times (some API servers) can only be told apart as wholes.
  if ([...earlier, ...later].some((segment) => segment.words.length === 0)) {
    return {
      // Each is kept by the chunk it starts in, the overlap counting half to each.
      earlier: earlier.map((segment) => (segment.start < middle ? segment : null)),
      later: later.map((segment) => (segment.start >= middle ? segment : null)),
    };
  }
  const earlierWords = earlier.flatMap((segment) => segment.words);
  const laterWords = later.flatMap((segment) => segment.words);
  // Only the words inside the overlap can be twins.
  const tailFrom = earlierWords.findIndex((word) => word.end > overlapStart);
  const tail = tailFrom === -1 ? [] : earlierWords.slice(tailFrom);
  const headLength = laterWords.findIndex((word) => word.start >= overlapEnd);
  const head = laterWords.slice(0, headLength === -1 ? laterWords.length : headLength);
  const [inTail, inHead, length] = longestSharedRun(tail, head);
  // How many of its words (in order) each chunk keeps: the earlier its first ones, the later its last ones.
  let earlierKeeps: number;
  let laterDrops: number;
  if (length > 0) {
    earlierKeeps = tailFrom + inTail + length;
    laterDrops = inHead + length;
  } else {
    earlierKeeps = earlierWords.filter((word) => centre(word) < middle).length;
    laterDrops = laterWords.filter((word) => centre(word) < middle).length;
  }
  let seen = 0;
  const trimmedEarlier = earlier.map((segment) => {
    const from = seen;
    seen += segment.words.length;
    return keepWords(segment, 0, Math.min(segment.words.length, Math.max(0, earlierKeeps - from)));
  });
  seen = 0;
  const trimmedLater = later.map((segment) => {
    const from = seen;
    seen += segment.words.length;
    return keepWords(segment, Math.min(segment.words.length, Math.max(0, laterDrops - from)), segment.words.length);
  });
  return { earlier: trimmedEarlier, later: trimmedLater };
}
