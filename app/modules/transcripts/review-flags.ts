// The review queue (issue 34, item 3; ADR 045): spans of a transcript a person should check against the audio, each
// with its reason. Pure and isomorphic: the server computes them from the stored segments, the glossary the
// transcript was made with and its speakers' names. What the engines give us decides what can be flagged:
// - word confidences (0–1, whisper's token probabilities) → low confidence;
// - the text itself → numbers, dates, amounts and names the glossary and speaker list do not hold, and repeated
//   phrases (a known hallucination of whisper-style decoders);
// - segment times → impossible speaking rates, and speech of two speakers at once (diarisation gives each segment
//   one speaker, so an overlap is two speakers' segments whose times overlap);
// - where the voice-activity detector heard speech (Recording.speechRegions) → text where it heard none, the surest
//   sign of a decoder making words up.

export const FLAG_REASONS = {
  "low-confidence": "Low engine confidence",
  number: "Number, date or amount to check",
  name: "Name not in the glossary or speaker list",
  repetition: "Repeated phrase (possible hallucination)",
  "too-fast": "Faster than anyone speaks (possible hallucination)",
  overlap: "Overlapping speech",
  silence: "Text where no speech was heard (possible hallucination)",
} as const;
export type FlagReason = keyof typeof FLAG_REASONS;

export interface ReviewWord {
  word: string;
  start: number;
  end?: number;
  confidence: number | null;
}

export interface ReviewSegment {
  id: string;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  confidence: number | null;
  /** The engine's words, when they still match the text's tokens one to one (else []). */
  words: ReviewWord[];
}

export interface ReviewFlag {
  segmentId: string;
  /** The segment's index in reading order. */
  segmentIndex: number;
  reason: FlagReason;
  /** The flagged words, as they appear in the text. */
  span: string;
  /** Where the span starts in the segment's tokens (whitespace-separated), and how many tokens it covers. */
  tokenStart: number;
  tokenCount: number;
  /** Seconds from the start of the recording, for the player. */
  start: number;
  /** A short sentence saying why. */
  detail: string;
}

export interface ReviewContext {
  /** The glossary the transcript was made with (Recording.glossary). */
  glossary: readonly string[];
  /** The speakers' names in the transcript. */
  speakers: readonly string[];
  /** Where the VAD heard speech, as [start, end] seconds (Recording.speechRegions); null or absent: not known. */
  speechRegions?: readonly (readonly [number, number])[] | null;
}

/** Below this a word's confidence is low (the editor underlines the same words, confidence-text.tsx). */
export const LOW_CONFIDENCE = 0.5;
/**
 * Conversational English runs at 2–4 words a second and auctioneers peak near 6; above 7 over a segment of at
 * least MIN_RATE_WORDS words, the words were not all spoken in that time.
 */
export const MAX_WORDS_PER_SECOND = 7;
const MIN_RATE_WORDS = 5;
/** A phrase of 2–6 words said this many times in a row is flagged; a single word needs one more ("no, no, no" is speech). */
const REPEATS_FOR_PHRASE = 3;
const REPEATS_FOR_WORD = 4;
const MAX_PHRASE_WORDS = 6;
/** Overlaps shorter than this are diarisation's boundary jitter, not two people talking. */
const MIN_OVERLAP_SECONDS = 0.3;
/**
 * Speech this close to a word counts as hearing it: the VAD's region edges and the engine's word times each drift by
 * a window or two, and a word at the edge of a region is speech.
 */
const SILENCE_MARGIN_SECONDS = 0.3;

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
];
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
  "hundred",
  "thousand",
  "million",
  "billion",
  "trillion",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "twentieth",
  "thirtieth",
  "half",
  "quarter",
  "dollars",
  "dollar",
  "euros",
  "euro",
  "pounds",
  "cents",
  "percent",
];
// "May", "March" and "second" are often not dates or numbers; they count only next to a digit or another number word.
const AMBIGUOUS = new Set(["may", "march", "second", "one", "half", "quarter", "pounds"]);
const DATE_OR_NUMBER_WORDS = new Set([...MONTHS, ...WEEKDAYS, ...NUMBER_WORDS]);
/** Words that start with a capital for grammar, not because they are names. */
const NOT_NAMES = new Set(["i", "i'm", "i've", "i'll", "i'd", "ok", "okay", "mr", "mrs", "ms", "dr", "god"]);

/** A token without the punctuation around it, lower-cased: what is compared. */
const bare = (token: string) => token.replace(/^[^\p{L}\p{N}$€£]+|[^\p{L}\p{N}%]+$/gu, "").toLowerCase();

const tokensOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** Words known to be right: every word of the glossary's terms and the speakers' names. */
function knownWords(context: ReviewContext): Set<string> {
  const known = new Set<string>();
  for (const term of [...context.glossary, ...context.speakers])
    for (const word of tokensOf(term)) known.add(bare(word));
  known.delete("");
  return known;
}

const hasDigit = (token: string) => /\p{N}/u.test(token);
const isAmountSign = (token: string) => /^[$€£¥]|%$/.test(token.trim());

/** Runs of consecutive token indexes where `test` holds, as [start, count]. */
function runsWhere(count: number, test: (index: number) => boolean): [number, number][] {
  const runs: [number, number][] = [];
  for (let index = 0; index < count; index++) {
    if (!test(index)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === index) last[1]++;
    else runs.push([index, 1]);
  }
  return runs;
}

function lowConfidenceFlags(segment: ReviewSegment, tokens: string[]) {
  if (segment.words.length === tokens.length && tokens.length > 0) {
    return runsWhere(tokens.length, (index) => {
      const confidence = segment.words[index].confidence;
      return confidence !== null && confidence < LOW_CONFIDENCE;
    }).map(([start, count]) => ({
      tokenStart: start,
      tokenCount: count,
      detail: `The engine was less than ${LOW_CONFIDENCE * 100}% sure of ${count === 1 ? "this word" : "these words"}.`,
    }));
  }
  // Without word confidences (an edited segment, an engine that gives none), the segment's own.
  if (segment.confidence !== null && segment.confidence < LOW_CONFIDENCE && tokens.length)
    return [
      {
        tokenStart: 0,
        tokenCount: tokens.length,
        detail: `The engine was ${Math.round(segment.confidence * 100)}% sure of this segment.`,
      },
    ];
  return [];
}

function numberFlags(tokens: string[], words: string[], known: Set<string>) {
  const numeric = words.map((word, index) => {
    if (!word || known.has(word)) return false;
    if (hasDigit(tokens[index]) || isAmountSign(tokens[index])) return true;
    return DATE_OR_NUMBER_WORDS.has(word) && !AMBIGUOUS.has(word);
  });
  // An ambiguous word counts next to a clear one ("May 3", "one hundred", "half a million").
  words.forEach((word, index) => {
    if (AMBIGUOUS.has(word) && !known.has(word) && (numeric[index - 1] || numeric[index + 1])) numeric[index] = true;
  });
  return runsWhere(tokens.length, (index) => numeric[index]).map(([start, count]) => ({
    tokenStart: start,
    tokenCount: count,
    detail: "Numbers, dates and amounts are where a wrong word matters most: check it against the audio.",
  }));
}

function nameFlags(tokens: string[], words: string[], known: Set<string>) {
  const isName = tokens.map((token, index) => {
    const word = words[index];
    if (!word || known.has(word) || NOT_NAMES.has(word) || DATE_OR_NUMBER_WORDS.has(word)) return false;
    const startsSentence = index === 0 || /[.!?:"“]$/.test(tokens[index - 1]);
    const letters = token.replace(/^[^\p{L}]+/u, "");
    return !startsSentence && /^\p{Lu}/u.test(letters);
  });
  return runsWhere(tokens.length, (index) => isName[index]).map(([start, count]) => ({
    tokenStart: start,
    tokenCount: count,
    detail: "A name the glossary and the speaker list do not hold: check its spelling.",
  }));
}

/** Whether the `size` words from `a` are the same as the `size` words from `b` (compared in place: no strings made). */
function samePhrase(words: string[], a: number, b: number, size: number) {
  if (b + size > words.length) return false;
  for (let offset = 0; offset < size; offset++) if (words[a + offset] !== words[b + offset]) return false;
  return true;
}

/** A phrase of n words said again and again, back to back: the longest such run in the segment, per start. */
function repetitionFlags(words: string[]) {
  const found: { tokenStart: number; tokenCount: number; detail: string }[] = [];
  let index = 0;
  while (index < words.length) {
    let best: { size: number; times: number } | null = null;
    for (let size = 1; size <= MAX_PHRASE_WORDS && index + size * 2 <= words.length; size++) {
      // A phrase of punctuation only (every word bare to nothing) is not a phrase.
      let spoken = false;
      for (let offset = 0; offset < size && !spoken; offset++) spoken = words[index + offset] !== "";
      if (!spoken) continue;
      let times = 1;
      while (samePhrase(words, index, index + times * size, size)) times++;
      const needed = size === 1 ? REPEATS_FOR_WORD : REPEATS_FOR_PHRASE;
      if (times >= needed && (!best || size * times > best.size * best.times)) best = { size, times };
    }
    if (best) {
      found.push({
        tokenStart: index,
        tokenCount: best.size * best.times,
        detail: `The same ${best.size === 1 ? "word" : `${best.size} words`} ${best.times} times in a row.`,
      });
      index += best.size * best.times;
    } else index++;
  }
  return found;
}

function rateFlags(segment: ReviewSegment, tokens: string[]) {
  if (tokens.length < MIN_RATE_WORDS) return [];
  const seconds = segment.end - segment.start;
  const rate = seconds > 0 ? tokens.length / seconds : Infinity;
  if (rate <= MAX_WORDS_PER_SECOND) return [];
  return [
    {
      tokenStart: 0,
      tokenCount: tokens.length,
      detail:
        seconds > 0
          ? `${tokens.length} words in ${seconds.toFixed(1)} s (${rate.toFixed(1)} a second; people rarely pass ${MAX_WORDS_PER_SECOND}).`
          : `${tokens.length} words in no time at all.`,
    },
  ];
}

/** Recording.speechRegions as stored (JSON): [start, end] pairs of seconds, or null when the VAD did not run. */
export function storedSpeechRegions(value: unknown): [number, number][] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(
    (region): region is [number, number] =>
      Array.isArray(region) && region.length === 2 && region.every((time) => typeof time === "number"),
  );
}

/** Where the VAD heard speech, sorted, and whether any of it comes within SILENCE_MARGIN_SECONDS of a time span. */
function speechHeard(regions: readonly (readonly [number, number])[]) {
  const sorted = [...regions].sort((a, b) => a[0] - b[0]);
  // The furthest end so far, by position: regions may touch or overlap, so ends alone are not sorted.
  const reach: number[] = [];
  for (const [, end] of sorted) reach.push(Math.max(end, reach.at(-1) ?? -Infinity));
  return (start: number, end: number) => {
    // The first region whose reach passes the span's start (less the margin): binary search over the reach.
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (reach[middle] + SILENCE_MARGIN_SECONDS > start) high = middle;
      else low = middle + 1;
    }
    for (let index = low; index < sorted.length && sorted[index][0] - SILENCE_MARGIN_SECONDS < end; index++)
      if (sorted[index][1] + SILENCE_MARGIN_SECONDS > start) return true;
    return false;
  };
}

/**
 * Words the VAD heard no speech under: each word by its own times when the engine's words still match the text,
 * else the whole segment when nothing was heard in all of it.
 */
function silenceFlags(
  segment: ReviewSegment,
  tokens: string[],
  heard: ((start: number, end: number) => boolean) | null,
) {
  if (!heard || tokens.length === 0) return [];
  const detail =
    "The voice-activity detector heard no speech here: the engine may have made these words up. Listen before keeping them.";
  if (segment.words.length === tokens.length) {
    const { words } = segment;
    return runsWhere(tokens.length, (index) => {
      const word = words[index];
      const end = word.end ?? words[index + 1]?.start ?? segment.end;
      return !heard(word.start, Math.max(end, word.start));
    }).map(([start, count]) => ({ tokenStart: start, tokenCount: count, detail }));
  }
  return heard(segment.start, segment.end) ? [] : [{ tokenStart: 0, tokenCount: tokens.length, detail }];
}

/** Segments of different speakers whose times overlap by at least MIN_OVERLAP_SECONDS: each is flagged once. */
function overlapFlags(segments: readonly ReviewSegment[]): Map<number, string> {
  const order = segments
    .map((segment, index) => ({ segment, index }))
    .sort((a, b) => a.segment.start - b.segment.start);
  const flagged = new Map<number, string>();
  for (let i = 0; i < order.length; i++) {
    const a = order[i].segment;
    for (let j = i + 1; j < order.length && order[j].segment.start < a.end; j++) {
      const b = order[j].segment;
      if (!a.speaker || !b.speaker || a.speaker === b.speaker) continue;
      const overlap = Math.min(a.end, b.end) - b.start;
      if (overlap < MIN_OVERLAP_SECONDS) continue;
      if (!flagged.has(order[i].index)) flagged.set(order[i].index, b.speaker);
      if (!flagged.has(order[j].index)) flagged.set(order[j].index, a.speaker);
    }
  }
  return flagged;
}

/** Every flag of a transcript, in reading order (by segment, then by where the span starts). */
export function reviewFlags(segments: readonly ReviewSegment[], context: ReviewContext): ReviewFlag[] {
  const known = knownWords(context);
  const overlaps = overlapFlags(segments);
  const heard = context.speechRegions ? speechHeard(context.speechRegions) : null;
  const flags: ReviewFlag[] = [];
  segments.forEach((segment, segmentIndex) => {
    const tokens = tokensOf(segment.text);
    const words = tokens.map(bare);
    const found: { reason: FlagReason; tokenStart: number; tokenCount: number; detail: string }[] = [
      ...lowConfidenceFlags(segment, tokens).map((flag) => ({ ...flag, reason: "low-confidence" as const })),
      ...numberFlags(tokens, words, known).map((flag) => ({ ...flag, reason: "number" as const })),
      ...nameFlags(tokens, words, known).map((flag) => ({ ...flag, reason: "name" as const })),
      ...repetitionFlags(words).map((flag) => ({ ...flag, reason: "repetition" as const })),
      ...rateFlags(segment, tokens).map((flag) => ({ ...flag, reason: "too-fast" as const })),
      ...silenceFlags(segment, tokens, heard).map((flag) => ({ ...flag, reason: "silence" as const })),
    ];
    const other = overlaps.get(segmentIndex);
    if (other !== undefined && tokens.length)
      found.push({
        reason: "overlap",
        tokenStart: 0,
        tokenCount: tokens.length,
        detail: `${other} speaks at the same time: words of either may be missing or mixed in.`,
      });
    found.sort((a, b) => a.tokenStart - b.tokenStart);
    for (const flag of found)
      flags.push({
        ...flag,
        segmentId: segment.id,
        segmentIndex,
        span: tokens.slice(flag.tokenStart, flag.tokenStart + flag.tokenCount).join(" "),
        start: spanStart(segment, tokens.length, flag.tokenStart),
      });
  });
  return flags;
}

/** Where a span starts, in seconds: its first word's time, or interpolated through the segment when words are not kept. */
function spanStart(segment: ReviewSegment, tokenCount: number, tokenStart: number) {
  if (segment.words.length === tokenCount && segment.words[tokenStart]) return segment.words[tokenStart].start;
  if (tokenCount === 0) return segment.start;
  return segment.start + ((segment.end - segment.start) * tokenStart) / tokenCount;
}
