// Random free edits of a segment's words (insert, delete or replace words anywhere), drawn with fast-check from a
// fixed seed: the editor's unit tests and bench/word-timing.ts make the same kind of edits.
import fc from "fast-check";

/** Replace `remove` words at `at` with `insert` (either may be empty, not both). */
export interface WordEdit {
  kind: "insert" | "delete" | "replace";
  at: number;
  remove: number;
  insert: string[];
}

/** One edit of a list of `length` words, with new words from `vocabulary`; it never leaves the list empty. */
export function wordEditArbitrary(length: number, vocabulary: string[]): fc.Arbitrary<WordEdit> {
  const newWords = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 });
  const removable = Math.min(3, length - 1);
  const insert = fc
    .tuple(fc.integer({ min: 0, max: length }), newWords)
    .map(([at, words]): WordEdit => ({ kind: "insert", at, remove: 0, insert: words }));
  const replace = fc
    .tuple(fc.integer({ min: 0, max: length - 1 }), fc.integer({ min: 1, max: Math.min(3, length) }), newWords)
    .map(([at, remove, words]): WordEdit => ({
      kind: "replace",
      at,
      remove: Math.min(remove, length - at),
      insert: words,
    }));
  if (removable < 1) return fc.oneof(insert, replace);
  const remove = fc
    .tuple(fc.integer({ min: 0, max: length - 1 }), fc.integer({ min: 1, max: removable }))
    .map(([at, count]): WordEdit => ({ kind: "delete", at, remove: Math.min(count, length - at), insert: [] }));
  return fc.oneof(insert, remove, replace);
}

export function applyWordEdit<T>(words: T[], edit: WordEdit, make: (word: string) => T): T[] {
  return [...words.slice(0, edit.at), ...edit.insert.map(make), ...words.slice(edit.at + edit.remove)];
}

/** Which positions of the edited list hold each word the edit left alone: original index → edited index. */
export function untouchedPositions(length: number, edit: WordEdit): Map<number, number> {
  const positions = new Map<number, number>();
  for (let index = 0; index < length; index++) {
    if (index < edit.at) positions.set(index, index);
    else if (index >= edit.at + edit.remove) positions.set(index, index - edit.remove + edit.insert.length);
  }
  return positions;
}

/** A deterministic sample of `count` values: the same seed gives the same edits on every machine. */
export function seededSample<T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] {
  return fc.sample(arbitrary, { seed, numRuns: count });
}
