// Which stretches of a recording's audio to hide, from its accepted redactions (ADR 048, issue 35 item 3). Pure: the
// redacted audio (redacted-audio.server.ts) bleeps or silences exactly these ranges, and the test measures them.
import type { LocatedSpan } from "./redacted-text";

export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

export interface SegmentForAudio {
  start: number;
  end: number;
  text: string;
  /** The segment's `words` column: the engine's words, or after an edit one per whitespace token (ADR 047); or none. */
  words: TimedWord[];
}

export interface TimeRange {
  start: number;
  end: number;
}

/**
 * Seconds hidden beyond each span on either side: word times are the engine's estimate (tens of milliseconds off),
 * and a word's first or last sound (a plosive, a breath before a digit) must not survive at the edge.
 */
export const REDACTION_MARGIN_SECONDS = 0.15;

interface Token {
  from: number;
  to: number;
  key: string;
}

// The same token rule as the editor's (transcripts/editor-text.ts `tokens`, which sits above this domain): every
// whitespace-separated run is one word; an edited segment's `words` holds exactly one entry per token.
function tokensOf(text: string): Token[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({
    from: match.index,
    to: match.index + match[0].length,
    key: matchKey(match[0]),
  }));
}

// As the editor matches the engine's words to the text's tokens: the engine's words lack the text's punctuation.
const matchKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** How far ahead in the engine's words a token looks for its match (the editor's `alignWords` rule). */
const LOOKAHEAD = 3;

/**
 * Each token's time: the word at the same index when the words are the editor's (one per token); otherwise the
 * engine's word it matches, in order; null for a token no word matches.
 */
function tokenTimes(tokens: Token[], words: TimedWord[]): (TimeRange | null)[] {
  if (words.length === tokens.length) return words.map((word) => ({ start: word.start, end: word.end }));
  const times: (TimeRange | null)[] = [];
  let next = 0;
  for (const token of tokens) {
    let time: TimeRange | null = null;
    if (token.key) {
      for (let index = next; index < Math.min(words.length, next + LOOKAHEAD); index++) {
        if (matchKey(words[index].word) === token.key) {
          time = { start: words[index].start, end: words[index].end };
          next = index + 1;
          break;
        }
      }
    }
    times.push(time);
  }
  return times;
}

/**
 * The time of the characters [from, to) of a run of tokens no word matches: their share, by character position, of
 * the time between the matched words either side (or the segment's edges), as a speaker says text at roughly an even
 * pace.
 */
function estimate(from: number, to: number, gap: { fromChar: number; toChar: number; start: number; end: number }) {
  const chars = Math.max(1, gap.toChar - gap.fromChar);
  const seconds = Math.max(0, gap.end - gap.start);
  const at = (char: number) =>
    gap.start + (seconds * (Math.min(Math.max(char, gap.fromChar), gap.toChar) - gap.fromChar)) / chars;
  return { start: at(from), end: at(to) };
}

/** The time the characters [span.start, span.end) of the segment's text are said in, before the margin. */
export function spanTime(segment: SegmentForAudio, span: { start: number; end: number }): TimeRange | null {
  if (!(span.end > span.start)) return null;
  const tokens = tokensOf(segment.text);
  const times = tokenTimes(tokens, segment.words);
  const covered: TimeRange[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    // A token the span touches at all is hidden whole: a part of a word ("555-0199," as one token) is still heard.
    if (!(token.from < span.end && token.to > span.start)) continue;
    const time = times[index];
    if (time) {
      covered.push(time);
      continue;
    }
    // No word for this token: estimate it between the nearest matched words (or the segment's edges).
    let before = index - 1;
    while (before >= 0 && !times[before]) before--;
    let after = index + 1;
    while (after < tokens.length && !times[after]) after++;
    covered.push(
      estimate(token.from, token.to, {
        fromChar: before >= 0 ? tokens[before].to : 0,
        toChar: after < tokens.length ? tokens[after].from : segment.text.length,
        start: before >= 0 ? times[before]!.end : segment.start,
        end: after < tokens.length ? times[after]!.start : segment.end,
      }),
    );
  }
  if (!covered.length) {
    // The span covers no token (whitespace only, or offsets past an edited text's end): its place by character.
    const { start, end } = estimate(span.start, span.end, {
      fromChar: 0,
      toChar: segment.text.length,
      start: segment.start,
      end: segment.end,
    });
    return end > start ? { start, end } : null;
  }
  return {
    start: Math.min(...covered.map((time) => time.start)),
    end: Math.max(...covered.map((time) => time.end)),
  };
}

/**
 * The time ranges to hide, sorted and merged: each span's time widened by `margin` on both sides. The margin is not
 * clamped to the segment: segment edges are the engine's guesses too (a word often runs past its segment's end), and
 * hiding a sliver of the neighbouring segment costs less than letting the end of a phone number through. Ranges only
 * stop at 0 (and at `duration`, when known).
 */
export function hiddenRanges(
  segments: { segment: SegmentForAudio; spans: Pick<LocatedSpan, "start" | "end">[] }[],
  options: { margin?: number; duration?: number } = {},
): TimeRange[] {
  const margin = options.margin ?? REDACTION_MARGIN_SECONDS;
  const ranges: TimeRange[] = [];
  for (const { segment, spans } of segments) {
    for (const span of spans) {
      const time = spanTime(segment, span);
      if (!time) continue;
      const start = Math.max(0, time.start - margin);
      // Whole milliseconds, outwards: finer than any word time, and a stable input for the cache key's hash.
      const end = options.duration === undefined ? time.end + margin : Math.min(options.duration, time.end + margin);
      if (end > start) ranges.push({ start: toMs(start, Math.floor), end: toMs(end, Math.ceil) });
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

// The 1e-6 keeps float noise (0.8 + 0.1 = 0.9000000000000001) from moving a bound by a whole millisecond.
const toMs = (seconds: number, direction: (value: number) => number) =>
  direction(seconds * 1000 + (direction === Math.floor ? 1e-6 : -1e-6)) / 1000;
