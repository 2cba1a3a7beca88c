// Whole words of a segment's text (ADR 048): what a redaction by hand covers, and the words the redaction page offers
// to choose from. Isomorphic and pure: the server snaps what it is sent, the page shows the same words.

// Punctuation that belongs to the sentence, not to the words: "call 555-0100." hides the number, not the full stop.
const LEADING_MARKS = /^[("'“‘[]+/u;
const TRAILING_MARKS = /[.,;:!?)"'”’\]]+$/u;

/**
 * The span widened to whole words and narrowed to no spaces or sentence marks at its ends: a selection that starts
 * or ends inside a word takes the whole word. Null when no word is left.
 */
export function snapToWords(text: string, start: number, end: number): { start: number; end: number } | null {
  let from = Math.max(0, Math.min(start, text.length));
  let to = Math.max(from, Math.min(end, text.length));
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  if (from >= to) return null;
  while (from > 0 && !/\s/.test(text[from - 1])) from--;
  while (to < text.length && !/\s/.test(text[to])) to++;
  const words = text.slice(from, to);
  const lead = LEADING_MARKS.exec(words)?.[0].length ?? 0;
  const trail = TRAILING_MARKS.exec(words.slice(lead))?.[0].length ?? 0;
  from += lead;
  to -= trail;
  return from < to ? { start: from, end: to } : null;
}

export interface TextWord {
  /** The word as the text has it, sentence marks at its ends left out. */
  word: string;
  start: number;
  end: number;
}

/** The segment's words, each with its offsets in the text (the manual form's word choices, the page's word buttons). */
export function wordsOf(text: string): TextWord[] {
  const words: TextWord[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    const span = snapToWords(text, match.index, match.index + match[0].length);
    if (span) words.push({ word: text.slice(span.start, span.end), start: span.start, end: span.end });
  }
  return words;
}
