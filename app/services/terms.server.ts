// Words as search and ranking see them: lower-cased, stemmed (Porter), without words that carry no meaning.
import { stemmer } from "stemmer";

// Common and conversational words carry no meaning for matching: without them "how do I…" would match every
// answer, and "one more thing:" would lower the confidence of a question the help centre answers well.
const STOP_WORDS = new Set(
  (
    "actually again another anything ask else good great hmm more one quick question really something still sure thing things " +
    "a about after all also am an and any are as at be been but by can could did do does doing for from get got had has have " +
    "hello hi hey how i if in into is it its just know like many me much my need no not now of ok on or our please so some tell than thanks thank that the their them " +
    "then there these they this to too us want was way we were what when where which who why will with would yes you your yours voxlate"
  ).split(" "),
);

/** The stemmed term for a word, or null for a stop word or a single letter. */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return stemmer(lower);
}
