// The redacted text of a segment, derived from its text and its accepted redactions (ADR 048). Isomorphic and pure:
// the server stores the result in TranscriptSegment.redactedText; the redaction page shows the same preview.
import { redactionLabel } from "./categories";

export interface RedactionSpan {
  startOffset: number;
  endOffset: number;
  /** The words the span hid when it was made. */
  text: string;
  category: string;
}

export interface LocatedSpan {
  start: number;
  end: number;
  category: string;
}

/** Every index at which `needle` occurs in `haystack`. */
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/**
 * Where each span is in the segment's current text: at its offsets while the text there is unchanged, otherwise
 * the occurrence of its words nearest to where it was (an edit elsewhere in the segment moved it). A span whose words
 * are gone (the edit changed them) is returned in `lost`: the caller says so, and the review must be done again.
 * Overlapping spans merge, keeping the first one's category.
 */
export function locateSpans(text: string, spans: RedactionSpan[]): { located: LocatedSpan[]; lost: RedactionSpan[] } {
  const located: LocatedSpan[] = [];
  const lost: RedactionSpan[] = [];
  for (const span of spans) {
    if (text.slice(span.startOffset, span.endOffset) === span.text && span.text) {
      located.push({ start: span.startOffset, end: span.endOffset, category: span.category });
      continue;
    }
    const candidates = occurrences(text, span.text);
    if (!candidates.length) {
      lost.push(span);
      continue;
    }
    const nearest = candidates.reduce((best, at) =>
      Math.abs(at - span.startOffset) < Math.abs(best - span.startOffset) ? at : best,
    );
    located.push({ start: nearest, end: nearest + span.text.length, category: span.category });
  }
  located.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: LocatedSpan[] = [];
  for (const span of located) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return { located: merged, lost };
}

/** The text with each located span replaced by its category's label ("[PHONE]"); null when nothing is hidden. */
export function redactText(text: string, spans: RedactionSpan[]): string | null {
  const { located } = locateSpans(text, spans);
  if (!located.length) return null;
  let out = "";
  let at = 0;
  for (const span of located) {
    out += text.slice(at, span.start) + redactionLabel(span.category);
    at = span.end;
  }
  return out + text.slice(at);
}

/**
 * Hides, in text that quotes the transcript (a note's quote or body, a flag's excerpt, a revision), every whole-word
 * occurrence of the words an accepted redaction of the recording hides: each becomes the label.
 */
export function scrubHiddenWords(text: string, hidden: { text: string; category: string }[]): string {
  let out = text;
  // The longest first, so a name inside a longer hidden span cannot leave the rest of it behind.
  for (const span of [...hidden].sort((a, b) => b.text.length - a.text.length)) {
    if (!span.text.trim()) continue;
    const escaped = span.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"), () =>
      redactionLabel(span.category),
    );
  }
  return out;
}

/**
 * A segment's stored redacted text: its own accepted spans hidden where they are, then the words of every accepted
 * span of the recording hidden wherever else they occur (a name redacted once is hidden in every segment, so search
 * and every output agree). Null when nothing in it is hidden.
 */
export function deriveRedactedText(text: string, own: RedactionSpan[], accepted: RedactionSpan[]): string | null {
  const spanned = own.length ? (redactText(text, own) ?? text) : text;
  const hidden = scrubHiddenWords(spanned, accepted);
  return hidden === text ? null : hidden;
}
