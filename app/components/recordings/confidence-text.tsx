// A segment's text with the words the engine was unsure of marked, so the editor knows what to check.

/** Words the engine gave less than this confidence (0–1) are marked. */
export const LOW_CONFIDENCE = 0.5;

interface Word {
  word: string;
  confidence: number | null;
}

const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Splits the text into pieces, each marked low or not: the text's words are matched in order to the engine's
 * words (which lack the text's punctuation), so the text itself is shown as it is. A word that cannot be matched
 * (the engine's words and the text part ways) is not marked.
 */
export function confidencePieces(text: string, words: Word[], threshold = LOW_CONFIDENCE) {
  const pieces: { text: string; low: boolean; confidence: number | null }[] = [];
  let next = 0;
  for (const token of text.split(/(\s+)/)) {
    if (!token) continue;
    const tokenKey = key(token);
    let match: Word | undefined;
    if (tokenKey) {
      // Look a little ahead: a word the text lacks (or a glossary join) should not end the matching.
      for (let index = next; index < Math.min(words.length, next + 3); index++) {
        if (key(words[index].word) === tokenKey) {
          match = words[index];
          next = index + 1;
          break;
        }
      }
    }
    const low = match?.confidence !== null && match?.confidence !== undefined && match.confidence < threshold;
    const last = pieces.at(-1);
    if (last && !low && !last.low) last.text += token;
    else pieces.push({ text: token, low, confidence: low ? match!.confidence : null });
  }
  return pieces;
}

export function ConfidenceText({ text, words }: { text: string; words: Word[] }) {
  return (
    <>
      {confidencePieces(text, words).map((piece, index) =>
        piece.low ? (
          <mark
            key={index}
            className="rounded-sm bg-amber-100 text-inherit underline decoration-amber-600 decoration-dotted"
            title={`Unsure (${Math.round((piece.confidence ?? 0) * 100)}%)`}
          >
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
