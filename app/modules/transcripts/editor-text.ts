// The transcript editor's rules, as pure functions that the server and the browser share: words aligned to the text,
// re-aligned after an edit, split, merge, find and replace, and the segment-list changes that make a revision.

import { countOf } from "~/utils/plural";

export interface EditorWord {
  word: string;
  start: number;
  end: number;
  /** 0–1 from the engine; null for a word the user typed (nothing to check) or an engine without confidence. */
  confidence: number | null;
}

/** One segment as the editor and a revision see it. */
export interface SegmentState {
  id: string;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  confidence: number | null;
  /** One per whitespace-separated token of `text`, in order, once the editor has saved it. */
  words: EditorWord[];
  edited: boolean;
}

export class EditConflictError extends Error {}

interface Token {
  text: string;
  from: number;
  to: number;
}

export function tokens(text: string): Token[] {
  const found: Token[] = [];
  for (const match of text.matchAll(/\S+/g))
    found.push({ text: match[0], from: match.index, to: match.index + match[0].length });
  return found;
}

const matchKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** Gives times to `count` words between `from` and `to`, each a share of the span by its length. */
function spread(texts: string[], from: number, to: number): { start: number; end: number }[] {
  const span = Math.max(0, to - from);
  const weights = texts.map((text) => Math.max(1, text.length));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let at = from;
  return weights.map((weight) => {
    const start = at;
    at = start + (span * weight) / total;
    return { start: round(start), end: round(at) };
  });
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * One word per token of `text`, with the engine's time and confidence where a token matches an engine word (in
 * order, looking a little ahead, as the engine's words lack the text's punctuation), and times spread between the
 * matched neighbours where it does not.
 */
export function alignWords(text: string, engineWords: EditorWord[], start: number, end: number): EditorWord[] {
  const textTokens = tokens(text).map((token) => token.text);
  const matched: (EditorWord | null)[] = [];
  let next = 0;
  for (const token of textTokens) {
    const key = matchKey(token);
    let match: EditorWord | null = null;
    if (key) {
      for (let index = next; index < Math.min(engineWords.length, next + 3); index++) {
        if (matchKey(engineWords[index].word) === key) {
          match = engineWords[index];
          next = index + 1;
          break;
        }
      }
    }
    matched.push(match);
  }
  return fillGaps(textTokens, matched, start, end);
}

/** Words for `texts`, keeping the times of the `kept` ones and spreading the rest between their kept neighbours. */
function fillGaps(texts: string[], kept: (EditorWord | null)[], start: number, end: number): EditorWord[] {
  const words: EditorWord[] = [];
  let index = 0;
  while (index < texts.length) {
    const keep = kept[index];
    if (keep) {
      words.push({ word: texts[index], start: keep.start, end: keep.end, confidence: keep.confidence });
      index++;
      continue;
    }
    let runEnd = index;
    while (runEnd < texts.length && !kept[runEnd]) runEnd++;
    const from = words.at(-1)?.end ?? start;
    const to = kept[runEnd]?.start ?? end;
    const times = spread(texts.slice(index, runEnd), Math.min(from, to), Math.max(from, to));
    times.forEach((time, offset) => words.push({ word: texts[index + offset], ...time, confidence: null }));
    index = runEnd;
  }
  return words;
}

/**
 * The words of an edited text: words the edit left alone keep their times and confidence (matched by a longest
 * common subsequence); new or changed words share the time between their kept neighbours, within the segment's
 * span, and have no confidence (the user wrote them, so nothing is marked).
 */
export function realignWords(previous: EditorWord[], text: string, start: number, end: number): EditorWord[] {
  const next = tokens(text).map((token) => token.text);
  const matches = commonSubsequence(previous, next, (word, token) => word.word === token);
  return fillGaps(
    next,
    matches.map((index) => (index < 0 ? null : previous[index])),
    start,
    end,
  );
}

/**
 * For each item of `b`, the index of the item of `a` it is matched to in a longest common subsequence under `same`,
 * or -1. The common start and end are trimmed first: an edit usually touches a few words in the middle.
 */
function commonSubsequence<A, B>(a: A[], b: B[], same: (x: A, y: B) => boolean): number[] {
  const matches = b.map(() => -1);
  let head = 0;
  while (head < a.length && head < b.length && same(a[head], b[head])) {
    matches[head] = head;
    head++;
  }
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && same(a[a.length - 1 - tail], b[b.length - 1 - tail])) {
    matches[b.length - 1 - tail] = a.length - 1 - tail;
    tail++;
  }
  const aEnd = a.length - tail;
  const bEnd = b.length - tail;
  const rows = aEnd - head;
  const cols = bEnd - head;
  if (rows > 0 && cols > 0) {
    const table = Array.from({ length: rows + 1 }, () => new Uint32Array(cols + 1));
    for (let i = rows - 1; i >= 0; i--)
      for (let j = cols - 1; j >= 0; j--)
        table[i][j] = same(a[head + i], b[head + j])
          ? table[i + 1][j + 1] + 1
          : Math.max(table[i + 1][j], table[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < rows && j < cols) {
      if (same(a[head + i], b[head + j])) {
        matches[head + j] = head + i;
        i++;
        j++;
      } else if (table[i + 1][j] >= table[i][j + 1]) i++;
      else j++;
    }
  }
  return matches;
}

/** A run of words an edit wrote (new or changed), by index into the edited words: `from` to `to`, `to` excluded. */
export interface EditedRun {
  from: number;
  to: number;
}

/**
 * The runs of `after` an edit wrote: every word that is not one of `before`'s, kept with its text and times
 * (realignWords keeps those exactly, so text and times together recognise them).
 */
export function editedRuns(before: EditorWord[], after: EditorWord[]): EditedRun[] {
  const matches = commonSubsequence(
    before,
    after,
    (x, y) => x.word === y.word && x.start === y.start && x.end === y.end,
  );
  const runs: EditedRun[] = [];
  matches.forEach((match, index) => {
    if (match >= 0) return;
    const last = runs.at(-1);
    if (last && last.to === index) last.to = index + 1;
    else runs.push({ from: index, to: index + 1 });
  });
  return runs;
}

/** The time a run's words must stay within: from its kept left neighbour's end to its right one's start. */
export function runBounds(words: EditorWord[], run: EditedRun, segment: { start: number; end: number }) {
  const lower = words[run.from - 1]?.end ?? segment.start;
  const upper = words[run.to]?.start ?? segment.end;
  return { lower: Math.min(lower, upper), upper: Math.max(lower, upper) };
}

/**
 * The words with the run's times taken from an aligner (`aligned`, one per word of the run, seconds from the start of
 * the recording), or null when the aligner's answer is not consistent: a word it could not place, a time outside the
 * run's bounds (runBounds), or words out of order. Every other word keeps its times exactly.
 */
export function placeAlignedRun(
  words: EditorWord[],
  run: EditedRun,
  aligned: ({ start: number; end: number } | null)[],
  segment: { start: number; end: number },
): EditorWord[] | null {
  if (aligned.length !== run.to - run.from) return null;
  const { lower, upper } = runBounds(words, run, segment);
  const epsilon = 0.0005; // the times are rounded to milliseconds
  let at = lower;
  const times: { start: number; end: number }[] = [];
  for (const time of aligned) {
    if (!time) return null;
    const start = round(time.start);
    const end = round(time.end);
    if (!(start >= at - epsilon && end >= start && end <= upper + epsilon)) return null;
    times.push({ start, end });
    at = end;
  }
  return words.map((word, index) =>
    index >= run.from && index < run.to ? { ...word, ...times[index - run.from] } : word,
  );
}

/** The segment with new text: same times, words re-aligned, marked edited. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function editText(segment: SegmentState, text: string): SegmentState {
  const clean = normalizeText(text);
  if (clean === segment.text) return segment;
  return {
    ...segment,
    text: clean,
    words: realignWords(segment.words, clean, segment.start, segment.end),
    edited: true,
  };
}

/**
 * The word boundary nearest `offset` in `text` (words joined by single spaces): the offset where the word that would
 * start the second part begins. A caret inside a word goes to that word's nearer edge (a tie goes to its start), so a
 * split never cuts a word. Null when there is no boundary to split at (one word), or the offset is at the very start
 * or end of the text (nothing would be left on one side).
 */
export function wordBoundaryNear(text: string, offset: number): number | null {
  if (!(offset > 0 && offset < text.length)) return null;
  const starts = tokens(text)
    .slice(1)
    .map((token) => token.from);
  let best: number | null = null;
  let bestDistance = Infinity;
  for (const start of starts) {
    // The caret on either side of the space before a word is at that boundary.
    const distance = offset < start - 1 ? start - 1 - offset : Math.max(0, offset - start);
    if (distance < bestDistance) {
      best = start;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Splits a segment before a word: `offset` is snapped to the nearest word boundary (wordBoundaryNear), so every word
 * stays whole with its time and confidence. The first part keeps the id; the second starts where its first word
 * starts.
 */
export function splitSegment(segment: SegmentState, offset: number, newId: string): [SegmentState, SegmentState] {
  const at = wordBoundaryNear(segment.text, offset);
  if (at === null) throw new EditConflictError(SPLIT_REFUSED);
  const words =
    segment.words.length === tokens(segment.text).length
      ? segment.words
      : alignWords(segment.text, segment.words, segment.start, segment.end);
  const firstWords: EditorWord[] = [];
  const secondWords: EditorWord[] = [];
  tokens(segment.text).forEach((token, index) => (token.from < at ? firstWords : secondWords).push(words[index]));
  const cut = Math.min(Math.max(secondWords[0].start, segment.start), segment.end);
  return [
    { ...segment, text: segment.text.slice(0, at).trim(), end: cut, words: firstWords, edited: true },
    { ...segment, id: newId, text: segment.text.slice(at).trim(), start: cut, words: secondWords, edited: true },
  ];
}

/** Why a split was refused: no word boundary inside the segment to split at. */
export const SPLIT_REFUSED = "Split between two words: put the cursor inside the segment, not at its start or end.";

/** Which neighbour's speaker a merged segment takes: "this" segment's or the "next" one's. */
export type MergeSpeaker = "this" | "next";

/**
 * One segment from two neighbours: the first's start, the second's end, both texts and words, and the speaker of the
 * one `speakerFrom` names (the first's by default; callers must ask when the two differ: mergeSpeakerRefusal).
 */
export function mergeSegments(
  first: SegmentState,
  second: SegmentState,
  speakerFrom: MergeSpeaker = "this",
): SegmentState {
  const count = (segment: SegmentState) => Math.max(1, segment.words.length);
  const confidence =
    first.confidence === null || second.confidence === null
      ? null
      : (first.confidence * count(first) + second.confidence * count(second)) / (count(first) + count(second));
  return {
    ...first,
    speaker: speakerFrom === "next" ? second.speaker : first.speaker,
    text: `${first.text} ${second.text}`,
    end: Math.max(first.end, second.end),
    words: [...first.words, ...second.words],
    confidence,
    edited: true,
  };
}

const speakerName = (speaker: string | null) => speaker ?? "no speaker";

/**
 * Why merging two segments of different speakers without a choice is refused (null when the speakers are the same,
 * or a choice was made): giving one party's words to another in silence would falsify the transcript.
 */
export function mergeSpeakerRefusal(
  first: SegmentState,
  second: SegmentState,
  speakerFrom: MergeSpeaker | undefined,
): string | null {
  if (first.speaker === second.speaker || speakerFrom) return null;
  return (
    `The next segment is ${speakerName(second.speaker)}'s and this one is ${speakerName(first.speaker)}'s: ` +
    "choose whose words the merged segment is."
  );
}

export interface FindOptions {
  matchCase: boolean;
  wholeWord: boolean;
}

/** The search as a global regular expression; `null` when there is nothing to find. */
export function findPattern(find: string, { matchCase, wholeWord }: FindOptions): RegExp | null {
  if (!find) return null;
  const escaped = find.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const source = wholeWord ? `(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])` : escaped;
  return new RegExp(source, matchCase ? "gu" : "giu");
}

export function countMatches(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text)) count++;
  return count;
}

/** Every segment changed by replacing `find` with `replacement` (taken literally), and how many were replaced. */
export function replaceInSegments(
  segments: SegmentState[],
  find: string,
  replacement: string,
  options: FindOptions,
): { changed: SegmentState[]; count: number } {
  const pattern = findPattern(find, options);
  if (!pattern) return { changed: [], count: 0 };
  const changed: SegmentState[] = [];
  let count = 0;
  for (const segment of segments) {
    pattern.lastIndex = 0;
    if (!pattern.test(segment.text)) continue;
    let here = 0;
    const text = segment.text.replace(pattern, () => {
      here++;
      return replacement;
    });
    count += here;
    // A replacement with nothing can empty a segment; a segment cannot be empty, so that one is left as it is.
    if (text.trim() && text !== segment.text) changed.push(editText(segment, text));
  }
  return { changed, count };
}

/** What "Replace all" reports, in the toast without JavaScript and in the status line with it. */
export function replaceAllReport(count: number | undefined): string {
  return count ? `Replaced ${countOf(count, "match", "matches")}` : "No matches found";
}

/** A contiguous run of segments replaced by another, found by its ids (or `at`, when the run was empty). */
export interface SegmentChange {
  at: number;
  before: SegmentState[];
  after: SegmentState[];
}

export function sameSegment(a: SegmentState, b: SegmentState): boolean {
  if (a === b) return true;
  return (
    a.id === b.id &&
    a.text === b.text &&
    a.speaker === b.speaker &&
    a.start === b.start &&
    a.end === b.end &&
    a.edited === b.edited &&
    a.confidence === b.confidence &&
    sameWords(a.words, b.words)
  );
}

// Field by field: revisions come back from jsonb with their keys in another order.
function sameWords(a: EditorWord[], b: EditorWord[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    const x = a[index];
    const y = b[index];
    if (x.word !== y.word || x.start !== y.start || x.end !== y.end || x.confidence !== y.confidence) return false;
  }
  return true;
}

/** The changes that turn `current` into `target`. Segments never change order, so ids line both lists up. */
export function diffSegments(current: SegmentState[], target: SegmentState[]): SegmentChange[] {
  const inTarget = new Set(target.map((segment) => segment.id));
  const inCurrent = new Set(current.map((segment) => segment.id));
  const changes: SegmentChange[] = [];
  let open: SegmentChange | null = null;
  let i = 0;
  let j = 0;
  let position = 0;
  const hunk = () => (open ??= { at: position, before: [], after: [] });
  const close = () => {
    if (open) {
      changes.push(open);
      position = open.at + open.after.length;
      open = null;
    }
  };
  while (i < current.length || j < target.length) {
    const a = current[i];
    const b = target[j];
    if (a && b && a.id === b.id) {
      if (sameSegment(a, b)) {
        close();
        position++;
      } else {
        hunk().before.push(a);
        hunk().after.push(b);
      }
      i++;
      j++;
    } else if (a && !inTarget.has(a.id)) {
      hunk().before.push(a);
      i++;
    } else if (b && !inCurrent.has(b.id)) {
      hunk().after.push(b);
      j++;
    } else {
      throw new EditConflictError("The two versions order their segments differently.");
    }
  }
  close();
  return changes;
}

/** Applies changes in order (`forward`) or undoes them in reverse; refuses when the list is not as they expect. */
export function applyChanges(
  list: SegmentState[],
  changes: SegmentChange[],
  forward = true,
  { check = true }: { check?: boolean } = {},
): SegmentState[] {
  const result = [...list];
  const ordered = forward ? changes : [...changes].reverse();
  for (const change of ordered) {
    const from = forward ? change.before : change.after;
    const to = forward ? change.after : change.before;
    const index = from.length ? result.findIndex((segment) => segment.id === from[0].id) : change.at;
    if (index < 0 || index > result.length) throw new EditConflictError("The transcript has changed since.");
    from.forEach((segment, offset) => {
      const found = result[index + offset];
      if (!found || (check ? !sameSegment(found, segment) : found.id !== segment.id))
        throw new EditConflictError("The transcript has changed since.");
    });
    result.splice(index, from.length, ...to);
  }
  return result;
}

/** A saved change as the editor's page needs it: which segments it replaced (by id), and what replaced them. */
export interface ViewChange {
  before: { id: string }[];
  after: SegmentState[];
}

/**
 * The changes as a page of the editor needs them: without the segments' old words and text (only the revision
 * history needs those), and, when the page said which segments it shows, only the changes to those.
 */
export function viewChanges(changes: SegmentChange[], visible?: Set<string>): ViewChange[] {
  return changes
    .filter((change) => !visible || change.before.some((segment) => visible.has(segment.id)))
    .map((change) => ({ before: change.before.map((segment) => ({ id: segment.id })), after: change.after }));
}

/**
 * Applies saved changes to the page of segments the editor shows (editor-pages.ts): a change outside the page is
 * left out, and one that runs over the page's edge (a merge of its last segment with the next page's first) replaces
 * the part of it on the page. Only the server's own answers are applied, so nothing is checked.
 */
export function applyChangesInView(view: SegmentState[], changes: ViewChange[]): SegmentState[] {
  let result = view;
  for (const change of changes) {
    const ids = new Set(change.before.map((segment) => segment.id));
    const index = result.findIndex((segment) => ids.has(segment.id));
    if (index < 0) continue;
    let count = 0;
    while (index + count < result.length && ids.has(result[index + count].id)) count++;
    result = [...result.slice(0, index), ...change.after, ...result.slice(index + count)];
  }
  return result;
}

/** The speakers' names in order of first appearance, without unlabelled segments. */
export function speakerNames(segments: { speaker: string | null }[]): string[] {
  return [...new Set(segments.map((segment) => segment.speaker).filter((name): name is string => Boolean(name)))];
}
