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
