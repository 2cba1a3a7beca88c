import type { ExportSegment } from "./types";

/** One subtitle. Times in whole milliseconds so formatting never rounds two cues into each other. */
export interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
  speaker: string | null;
}

export interface CueLimits {
  maxLineLength: number;
  maxLines: number;
  maxSeconds: number;
}

/** Common broadcast subtitle guidance: two lines of 42 characters, on screen for at most about 7 s. */
export const CUE_LIMITS: CueLimits = { maxLineLength: 42, maxLines: 2, maxSeconds: 7 };

/** A segment with no time of its own (zero length, or covered by the one before) borrows up to this much per cue. */
const BORROWED_MS_PER_CUE = 1000;

/** `glued`: continues the previous word without a space (a piece of a run too long for one line). */
interface Word {
  text: string;
  length: number;
  glued: boolean;
}

/** Greedy line layout so far: lines used and the length of the last one. */
interface Layout {
  lines: number;
  lastLineLength: number;
}

/** Hours, minutes, seconds as two digits each (hours grow past 99): "01:02:03". */
function clock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, "0")).join(":");
}

/** Negative, NaN and infinite times show as zero rather than as garbage. */
function orZero(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * SRT uses "," before the milliseconds, WebVTT ".". Subtitles keep their milliseconds, as both formats require; the
 * times people cite (the reading formats' stamps, the pages) are whole seconds, from ~/utils/timestamps.
 */
export function formatSubtitleTime(ms: number, separator: "," | "."): string {
  const total = Math.round(orZero(ms));
  return `${clock(Math.floor(total / 1000))}${separator}${String(total % 1000).padStart(3, "0")}`;
}

/** Recording length for people: "1:02:03", "0:00:45". */
export function formatDuration(seconds: number): string {
  const total = Math.round(orZero(seconds));
  return `${Math.floor(total / 3600)}:${clock(total % 3600).slice(3)}`;
}

/** Lengths count code points, so accented and non-Latin letters count as one character each. */
function toWord(text: string): Word {
  return { text, length: [...text].length, glued: false };
}

/**
 * Words of the text. A run without spaces longer than a line (Chinese or Japanese text, a URL) is cut into single
 * characters glued together, so it can break anywhere, as CJK text may.
 */
function wordsOf(text: string, maxLineLength: number): Word[] {
  const words: Word[] = [];
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    const chars = [...token];
    if (chars.length <= maxLineLength) words.push({ text: token, length: chars.length, glued: false });
    else chars.forEach((char, index) => words.push({ text: char, length: 1, glued: index > 0 }));
  }
  return words;
}

/** Characters including the spaces between words: what time is shared out by. */
function weightOf(words: Word[]): number {
  return words.reduce((sum, word, index) => sum + word.length + (index > 0 && !word.glued ? 1 : 0), 0);
}

/** Greedy wrap, one word at a time; a word longer than the width gets a line of its own. */
function place(layout: Layout, word: Word, width: number): Layout {
  const lengthOnLastLine = layout.lastLineLength + (word.glued ? 0 : 1) + word.length;
  if (layout.lines > 0 && lengthOnLastLine <= width) return { lines: layout.lines, lastLineLength: lengthOnLastLine };
  return { lines: layout.lines + 1, lastLineLength: word.length };
}

const NO_LINES: Layout = { lines: 0, lastLineLength: 0 };

function wrapGreedy(words: Word[], width: number): Word[][] {
  const lines: Word[][] = [];
  let layout = NO_LINES;
  for (const word of words) {
    const next = place(layout, word, width);
    if (next.lines > layout.lines) lines.push([]);
    lines[lines.length - 1].push(word);
    layout = next;
  }
  return lines;
}

/**
 * Smallest limit for which a greedy packing (which needs no fewer groups as the limit shrinks) still uses no more
 * groups than at `max`: the same number of lines or cues, as evenly filled as the word boundaries allow.
 */
function evenLimit(max: number, floor: number, groupCount: (limit: number) => number): number {
  const target = groupCount(max);
  let low = Math.min(floor, max);
  let high = max;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (groupCount(middle) <= target) high = middle;
    else low = middle + 1;
  }
  return high;
}

function joinLine(words: Word[]): string {
  return words.map((word, index) => (index > 0 && !word.glued ? ` ${word.text}` : word.text)).join("");
}

function wrapEvenly(words: Word[], maxLineLength: number): string[] {
  const longest = Math.max(...words.map((word) => word.length));
  const width = evenLimit(maxLineLength, longest, (limit) => wrapGreedy(words, limit).length);
  return wrapGreedy(words, width).map(joinLine);
}

/**
 * Greedy: each cue takes words while it stays within `maxWeight` characters and fits on screen after the speaker
 * label; a cue always takes at least one word, and its first word never glues onto the label.
 */
function packCues(words: Word[], maxWeight: number, label: Word | null, limits: CueLimits): Word[][] {
  const cues: Word[][] = [];
  let cue: Word[] = [];
  let weight = 0;
  let layout = NO_LINES;
  for (const word of words) {
    const nextWeight = weight + word.length + (word.glued ? 0 : 1);
    const nextLayout = place(layout, word, limits.maxLineLength);
    if (cue.length > 0 && nextWeight <= maxWeight && nextLayout.lines <= limits.maxLines) {
      cue.push(word);
      weight = nextWeight;
      layout = nextLayout;
      continue;
    }
    if (cue.length > 0) cues.push(cue);
    const first = { ...word, glued: false };
    cue = [first];
    weight = first.length;
    layout = place(label ? place(NO_LINES, label, limits.maxLineLength) : NO_LINES, first, limits.maxLineLength);
  }
  if (cue.length > 0) cues.push(cue);
  return cues;
}

/**
 * Splits one segment's words into cues that fit on screen and, with time shared by characters, last at most
 * `maxSeconds`; cues are then evened out so the last one is not a lone word.
 */
function splitWords(words: Word[], seconds: number, label: Word | null, limits: CueLimits): Word[][] {
  const totalWeight = weightOf(words);
  const maxWeightForTime = seconds > 0 ? Math.floor((limits.maxSeconds * totalWeight) / seconds) : totalWeight;
  const maxWeight = Math.max(1, Math.min(totalWeight, maxWeightForTime));
  const cueCount = packCues(words, maxWeight, label, limits).length;
  const evenWeight = evenLimit(
    maxWeight,
    Math.ceil(totalWeight / cueCount),
    (limit) => packCues(words, limit, label, limits).length,
  );
  return packCues(words, evenWeight, label, limits);
}

/** Shares [fromMs, toMs] out by weight; every cue gets at least 1 ms and none ends after `toMs`. */
function shareTime(fromMs: number, toMs: number, weights: number[], maxMs: number): Array<[number, number]> {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const spans: Array<[number, number]> = [];
  let start = fromMs;
  let accumulated = 0;
  weights.forEach((weight, index) => {
    accumulated += weight;
    const remaining = weights.length - 1 - index;
    const proportional =
      index === weights.length - 1 ? toMs : Math.round(fromMs + ((toMs - fromMs) * accumulated) / total);
    const end = Math.min(Math.max(proportional, start + 1), toMs - remaining);
    // Over the limit only by a word too long to split (or 1 ms of rounding): it leaves the screen early rather than linger.
    spans.push([start, Math.min(end, start + maxMs)]);
    start = end;
  });
  return spans;
}

const toMs = (seconds: number) => Math.round(seconds * 1000);

/**
 * Shares a translation's words out over the original's cues in proportion to their weights: each word goes to the
 * cue where the middle of it falls, so the translation of a cue's words stays (roughly) under them. Word order
 * differs between languages, so this is an approximation; it never drops or reorders a word.
 */
function shareWords(words: Word[], weights: number[]): Word[][] {
  const groups: Word[][] = weights.map(() => []);
  const total = weightOf(words);
  const originalTotal = weights.reduce((sum, weight) => sum + weight, 0);
  let before = 0;
  let group = 0;
  let groupEnd = weights[0] ?? 0;
  for (const [index, word] of words.entries()) {
    const middle = ((before + word.length / 2) / Math.max(total, 1)) * originalTotal;
    while (group < weights.length - 1 && middle > groupEnd) groupEnd += weights[++group];
    groups[group].push(index > 0 && groups[group].length === 0 ? { ...word, glued: false } : word);
    before += word.length + (word.glued ? 0 : 1);
  }
  return groups;
}

/**
 * Subtitle cues for the segments, in order and never overlapping, each within its segment's times (except a
 * segment with no time of its own, which borrows a little from the pause after it). Empty segments give no cues.
 * With `speakerLabels`, each cue's first line starts with "Speaker: " and the label counts towards the line length.
 */
export function buildCues(
  segments: ExportSegment[],
  { speakerLabels }: { speakerLabels: boolean },
  limits: CueLimits = CUE_LIMITS,
): Cue[] {
  const cues: Cue[] = [];
  let previousEndMs = 0;
  segments.forEach((segment, index) => {
    const words = wordsOf(segment.text, limits.maxLineLength);
    if (words.length === 0) return;
    const label = speakerLabels && segment.speaker ? toWord(`${segment.speaker}:`) : null;
    const fromMs = Math.max(toMs(segment.start), previousEndMs);
    let toMsInSegment = Math.max(toMs(segment.end), fromMs);
    // Bilingual: the original gets one line of each cue, so its translation fits on the screen below it.
    const bilingual = segment.translation !== undefined && segment.translation !== null;
    const segmentLimits = bilingual ? { ...limits, maxLines: 1 } : limits;
    const groups = splitWords(words, (toMsInSegment - fromMs) / 1000, label, segmentLimits);
    if (toMsInSegment - fromMs < groups.length) {
      const nextStartMs = index + 1 < segments.length ? toMs(segments[index + 1].start) : Infinity;
      toMsInSegment = Math.max(
        fromMs + groups.length,
        Math.min(fromMs + groups.length * BORROWED_MS_PER_CUE, nextStartMs),
      );
    }
    const weights = groups.map(weightOf);
    const spans = shareTime(fromMs, toMsInSegment, weights, limits.maxSeconds * 1000);
    const translations = bilingual ? shareWords(wordsOf(segment.translation ?? "", limits.maxLineLength), weights) : [];
    groups.forEach((group, groupIndex) => {
      const [startMs, endMs] = spans[groupIndex];
      const translation = translations[groupIndex] ?? [];
      cues.push({
        startMs,
        endMs,
        lines: [
          ...wrapEvenly(label ? [label, ...group] : group, limits.maxLineLength),
          ...(translation.length ? wrapEvenly(translation, limits.maxLineLength) : []),
        ],
        speaker: segment.speaker,
      });
    });
    previousEndMs = spans[spans.length - 1][1];
  });
  return cues;
}
