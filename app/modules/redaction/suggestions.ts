// The detectors that suggest what to redact (ADR 048). Isomorphic and pure: a person accepts or rejects each
// suggestion; nothing is hidden until they do.
import type { RedactionCategory } from "./categories";

export interface SuggestionSource {
  segments: { id: string; text: string }[];
  /** Names from the workspace's speaker library and the transcript's speaker labels. */
  names: string[];
  /** The workspace's glossary entries marked sensitive. */
  sensitiveTerms: string[];
}

export interface Suggestion {
  segmentId: string;
  startOffset: number;
  endOffset: number;
  text: string;
  category: RedactionCategory;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;

/** Every span the detectors find, in transcript order. */
export function suggestRedactions(source: SuggestionSource): Suggestion[] {
  const found: Suggestion[] = [];
  for (const segment of source.segments) {
    for (const match of segment.text.matchAll(EMAIL)) {
      found.push({
        segmentId: segment.id,
        startOffset: match.index,
        endOffset: match.index + match[0].length,
        text: match[0],
        category: "EMAIL",
      });
    }
  }
  return found;
}
