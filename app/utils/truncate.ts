// Shortening text that came from users (titles, file names) for places with a length limit (email subjects,
// database columns) without breaking a character in two.

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * `text` cut to at most `max` UTF-16 code units (what String.length, zod's .max() and our limits count), ending
 * with "…" when it was cut. It cuts only between whole characters as a reader sees them (grapheme clusters): never
 * inside a surrogate pair, an emoji sequence or a letter and its accents.
 */
export function truncate(text: string, max: number, ellipsis = "…"): string {
  if (text.length <= max) return text;
  const budget = max - ellipsis.length;
  let kept = "";
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > budget) break;
    kept += segment;
  }
  return `${kept.trimEnd()}${ellipsis}`;
}
