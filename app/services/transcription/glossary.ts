// The user's glossary applied to a transcript, for every engine: the engine is primed with it where it can be
// (whisper's initial prompt, the OpenAI API's `prompt`), and this post-pass then writes each term the way the
// glossary spells it. It only ever replaces whole words, so "AI" never changes "said" (ADR 025).
import type { TranscriptSegment, TranscriptWord } from "./engine";

/** Whisper reads at most 224 prompt tokens; a term list of this many characters stays well under that. */
const PROMPT_MAX_CHARACTERS = 600;
/** A term this long (letters and digits) may match a word one letter off, when the first letters agree. */
const FUZZY_MIN_LENGTH = 8;
/** A term may match this many words written apart ("Open AI", "Post gre SQL"). */
const MAX_JOINED_WORDS = 3;
/** Joining words is only tried for terms this long: "a i" must not become "AI". */
const JOIN_MIN_LENGTH = 4;
/**
 * A term this short ("US", "IT", "AM") is also a common word ("us", "it", "am"): it is only respelled from a word
 * already written in capitals ("US" → "U.S."), never from "us" or "Us".
 */
const SHORT_TERM_LENGTH = 3;
const CAPITALS = /\p{Lu}.*\p{Lu}/u;

/** A word of a text: letters and digits, with inner hyphens, apostrophes and dots ("Open-AI", "U.S.", "don't"). */
const WORD = /[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu;
const POSSESSIVE = /['’]s$/i;

/** Lower case, letters and digits only: how a term and a word are compared. */
export function glossaryKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** The words the engine should expect, as a prompt: whisper continues the style and spellings it sees. */
export function glossaryPrompt(terms: readonly string[]): string | undefined {
  let prompt = "";
  for (const term of terms) {
    const next = prompt ? `${prompt}, ${term}` : term;
    if (next.length > PROMPT_MAX_CHARACTERS) break;
    prompt = next;
  }
  return prompt ? `Glossary: ${prompt}.` : undefined;
}

interface Term {
  spelling: string;
  key: string;
}

/** Longest first, so "New York Times" wins over "New York". */
function prepare(terms: readonly string[]): Term[] {
  return terms
    .map((spelling) => ({ spelling: spelling.trim(), key: glossaryKey(spelling) }))
    .filter((term) => term.key.length > 0)
    .sort((a, b) => b.key.length - a.key.length);
}

/** At most one insertion, deletion or substitution apart. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function matches(key: string, written: string, term: Term, joined: boolean): boolean {
  if (key === term.key) {
    if (term.key.length <= SHORT_TERM_LENGTH) return !joined && CAPITALS.test(written);
    return !joined || term.key.length >= JOIN_MIN_LENGTH;
  }
  return (
    !joined &&
    term.key.length >= FUZZY_MIN_LENGTH &&
    key[0] === term.key[0] &&
    // Digits are exact: "model 2024" is not "model 2025".
    !/\p{N}/u.test(term.key) &&
    oneEditApart(key, term.key)
  );
}

/**
 * Finds the term that `words` (1 to MAX_JOINED_WORDS of them, from `from`) spell, trying the longest run first.
 * `joinable(i)` says whether word i and i + 1 may be read as one (only a space or a hyphen between them).
 */
function findTerm(
  keys: string[],
  written: string[],
  from: number,
  terms: Term[],
  joinable: (index: number) => boolean,
): { term: Term; count: number } | null {
  for (let count = Math.min(MAX_JOINED_WORDS, keys.length - from); count >= 1; count--) {
    let joinedOk = true;
    for (let index = from; index < from + count - 1; index++) if (!joinable(index)) joinedOk = false;
    if (!joinedOk) continue;
    const key = keys.slice(from, from + count).join("");
    const term = terms.find((candidate) => matches(key, written[from], candidate, count > 1));
    if (term) return { term, count };
  }
  return null;
}

function splitPossessive(word: string): { base: string; suffix: string } {
  const suffix = POSSESSIVE.exec(word)?.[0] ?? "";
  return { base: suffix ? word.slice(0, -suffix.length) : word, suffix };
}

/** The text with every glossary term spelled as the glossary spells it (whole words only). */
export function applyGlossaryToText(text: string, terms: readonly string[]): string {
  const prepared = prepare(terms);
  if (prepared.length === 0) return text;
  const found = [...text.matchAll(WORD)].map((match) => ({ index: match.index, word: match[0] }));
  const parts = found.map(({ word }) => splitPossessive(word));
  const keys = parts.map((part) => glossaryKey(part.base));
  const joinable = (index: number) =>
    parts[index].suffix === "" &&
    /^[\s-]+$/.test(text.slice(found[index].index + found[index].word.length, found[index + 1].index));
  let result = "";
  let copied = 0;
  for (let index = 0; index < found.length;) {
    const hit = findTerm(
      keys,
      parts.map((part) => part.base),
      index,
      prepared,
      joinable,
    );
    if (!hit) {
      index++;
      continue;
    }
    const last = index + hit.count - 1;
    result += text.slice(copied, found[index].index) + hit.term.spelling + parts[last].suffix;
    copied = found[last].index + found[last].word.length;
    index += hit.count;
  }
  return result + text.slice(copied);
}

/** The words with glossary terms spelled right; words a term joins ("Open" "AI") become one word. */
export function applyGlossaryToWords(words: TranscriptWord[], terms: readonly string[]): TranscriptWord[] {
  const prepared = prepare(terms);
  if (prepared.length === 0) return words;
  const parts = words.map((word) => splitPossessive(word.word.trim()));
  const keys = parts.map((part) => glossaryKey(part.base));
  const result: TranscriptWord[] = [];
  for (let index = 0; index < words.length;) {
    const hit = findTerm(
      keys,
      parts.map((part) => part.base),
      index,
      prepared,
      (at) => parts[at].suffix === "",
    );
    if (!hit) {
      result.push(words[index++]);
      continue;
    }
    const joined = words.slice(index, index + hit.count);
    const confidences = joined.map((word) => word.confidence).filter((value): value is number => value !== null);
    result.push({
      word: hit.term.spelling + parts[index + hit.count - 1].suffix,
      start: joined[0].start,
      end: joined[joined.length - 1].end,
      // A joined word is as sure as its least sure part.
      confidence: confidences.length === joined.length ? Math.min(...confidences) : null,
    });
    index += hit.count;
  }
  return result;
}

/** The post-pass over a transcript: every segment's text and words. */
export function applyGlossary(segments: TranscriptSegment[], terms: readonly string[]): TranscriptSegment[] {
  if (terms.length === 0) return segments;
  return segments.map((segment) => ({
    ...segment,
    text: applyGlossaryToText(segment.text, terms),
    words: applyGlossaryToWords(segment.words, terms),
  }));
}
