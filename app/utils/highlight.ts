/** A piece of a search snippet: `match` pieces are the searched words, shown in `<mark>`. */
export type TextPart = { text: string; match: boolean };

/**
 * The markers the database puts around matches (ts_headline's StartSel/StopSel). Control characters, which speech
 * engines do not write, rather than anything HTML-like: the snippet stays plain text and React escapes it.
 */
export const MATCH_START = "\u0002";
export const MATCH_END = "\u0003";

/** "a \u0002b\u0003 c" → [{ "a ", false }, { "b", true }, { " c", false }]; empty pieces are dropped. */
export function highlightParts(marked: string): TextPart[] {
  const parts: TextPart[] = [];
  let match = false;
  for (const piece of marked.split(new RegExp(`([${MATCH_START}${MATCH_END}])`))) {
    if (piece === MATCH_START) match = true;
    else if (piece === MATCH_END) match = false;
    else if (piece) parts.push({ text: piece, match });
  }
  return parts;
}
