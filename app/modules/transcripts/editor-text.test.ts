import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyWordEdit, untouchedPositions, wordEditArbitrary, type WordEdit } from "../../../tests/word-edits";
import {
  alignWords,
  applyChanges,
  applyChangesInView,
  viewChanges,
  diffSegments,
  EditConflictError,
  editedRuns,
  editText,
  type EditorWord,
  mergeSegments,
  placeAlignedRun,
  runBounds,
  mergeSpeakerRefusal,
  realignWords,
  replaceAllReport,
  replaceInSegments,
  type SegmentState,
  splitSegment,
  wordBoundaryNear,
} from "./editor-text";

const word = (text: string, start: number, end: number, confidence: number | null = 0.9) => ({
  word: text,
  start,
  end,
  confidence,
});

function segment(
  id: string,
  text: string,
  start: number,
  end: number,
  speaker: string | null = "Speaker 1",
): SegmentState {
  const parts = text.split(" ");
  const step = (end - start) / parts.length;
  return {
    id,
    start,
    end,
    text,
    speaker,
    confidence: 0.8,
    words: parts.map((part, index) => word(part, start + index * step, start + (index + 1) * step)),
    edited: false,
  };
}

describe("alignWords", () => {
  it("matches the text's tokens to the engine's words and spreads times over the ones it cannot match", () => {
    const words = alignWords("Hello, wonderful world.", [word("hello", 1, 1.5), word("world", 2.5, 3)], 1, 3);
    expect(words.map((entry) => entry.word)).toEqual(["Hello,", "wonderful", "world."]);
    expect(words[0]).toMatchObject({ start: 1, end: 1.5, confidence: 0.9 });
    expect(words[1]).toMatchObject({ start: 1.5, end: 2.5, confidence: null });
    expect(words[2]).toMatchObject({ start: 2.5, end: 3 });
  });

  it("spreads every word over the segment when the engine gave none", () => {
    const words = alignWords("one two", [], 0, 2);
    expect(words).toEqual([word("one", 0, 1, null), word("two", 1, 2, null)]);
  });
});

describe("realignWords", () => {
  const before = [word("ask", 0, 1), word("not", 1, 2, 0.3), word("what", 2, 3), word("your", 3, 4)];

  it("keeps the times of untouched words and gives a changed word its predecessor's slot, unmarked", () => {
    const words = realignWords(before, "ask now what your", 0, 4);
    expect(words.map((entry) => [entry.word, entry.start, entry.end, entry.confidence])).toEqual([
      ["ask", 0, 1, 0.9],
      ["now", 1, 2, null],
      ["what", 2, 3, 0.9],
      ["your", 3, 4, 0.9],
    ]);
  });

  it("shares the gap between kept neighbours among inserted words, by length", () => {
    const words = realignWords(before, "ask not ab abcd what your", 0, 4);
    const inserted = words.slice(2, 4);
    expect(inserted[0].start).toBe(2);
    expect(inserted[1].end).toBe(2);
    // No time between "not" and "what": inserted words take zero length there, never outside the segment.
    for (const entry of words) {
      expect(entry.start).toBeGreaterThanOrEqual(0);
      expect(entry.end).toBeLessThanOrEqual(4);
      expect(entry.end).toBeGreaterThanOrEqual(entry.start);
    }
  });

  it("spreads a wholly new text across the segment's span", () => {
    const words = realignWords(before, "completely different", 10, 14);
    expect(words).toEqual([word("completely", 10, 12.105, null), word("different", 12.105, 14, null)]);
  });

  it("keeps times in order when words are deleted", () => {
    const words = realignWords(before, "ask your", 0, 4);
    expect(words.map((entry) => [entry.word, entry.start])).toEqual([
      ["ask", 0],
      ["your", 3],
    ]);
  });
});

describe("editText", () => {
  it("keeps the segment's times, collapses spaces and marks it edited", () => {
    const original = segment("a", "ask not what", 5, 8);
    const edited = editText(original, "  ask   now what ");
    expect(edited).toMatchObject({ start: 5, end: 8, text: "ask now what", edited: true });
    expect(edited.words.map((entry) => entry.word)).toEqual(["ask", "now", "what"]);
    expect(editText(original, "ask not what")).toBe(original);
  });
});

describe("splitSegment", () => {
  it("splits between words: the second part starts at its first word", () => {
    const [first, second] = splitSegment(segment("a", "one two three four", 0, 4), "one two ".length, "b");
    expect(first).toMatchObject({ id: "a", text: "one two", start: 0, end: 2 });
    expect(second).toMatchObject({ id: "b", text: "three four", start: 2, end: 4, speaker: "Speaker 1" });
    expect(second.words[0]).toMatchObject({ word: "three", start: 2 });
  });

  it("never cuts a word: a caret inside one splits at its nearer edge, and every word keeps its time", () => {
    // The case: the caret after the "d" of "day" split "a d" | "ay at a theater".
    const original = segment("a", "at it a day at a theater", 0, 6);
    const [first, second] = splitSegment(original, "at it a d".length, "b");
    expect(first.text).toBe("at it a");
    expect(second.text).toBe("day at a theater");
    expect([...first.words, ...second.words]).toEqual(original.words);
    expect(second.start).toBe(original.words[3].start);
    expect(first.end).toBe(original.words[3].start);
  });

  it("refuses to split at either end, or a single word", () => {
    expect(() => splitSegment(segment("a", "one", 0, 1), 1, "b")).toThrow(EditConflictError);
    expect(() => splitSegment(segment("a", "one two", 0, 2), 0, "b")).toThrow(EditConflictError);
    expect(() => splitSegment(segment("a", "one two", 0, 2), 7, "b")).toThrow(EditConflictError);
  });
});

describe("wordBoundaryNear", () => {
  const text = "at it a day at a theater";
  const dayStart = "at it a ".length;
  it("a caret at a boundary, on either side of its space, stays there", () => {
    expect(wordBoundaryNear(text, dayStart)).toBe(dayStart);
    expect(wordBoundaryNear(text, dayStart - 1)).toBe(dayStart);
  });
  it("a caret inside a word goes to the nearer edge of it; a tie goes to its start", () => {
    expect(wordBoundaryNear(text, dayStart + 1)).toBe(dayStart); // d|ay
    expect(wordBoundaryNear(text, dayStart + 2)).toBe(dayStart + 4); // da|y → before "at"
    expect(wordBoundaryNear("one abcd two", 6)).toBe(4); // ab|cd: two from each edge
    expect(wordBoundaryNear(text, text.length - 2)).toBe(text.length - "theater".length); // theat|er
  });
  it("has nothing to offer at the ends or in one word", () => {
    expect(wordBoundaryNear(text, 0)).toBeNull();
    expect(wordBoundaryNear(text, text.length)).toBeNull();
    expect(wordBoundaryNear("theater", 3)).toBeNull();
  });
});

describe("mergeSegments", () => {
  it("joins texts and words, from the first's start to the second's end, with the first's speaker", () => {
    const merged = mergeSegments(segment("a", "one two", 0, 2), segment("b", "three", 2, 3, "Speaker 2"));
    expect(merged).toMatchObject({
      id: "a",
      text: "one two three",
      start: 0,
      end: 3,
      speaker: "Speaker 1",
      edited: true,
    });
    expect(merged.words.map((entry) => entry.word)).toEqual(["one", "two", "three"]);
    expect(merged.confidence).toBeCloseTo(0.8);
  });
  it("takes the next segment's speaker when asked", () => {
    const merged = mergeSegments(segment("a", "one", 0, 1), segment("b", "two", 1, 2, "Speaker 2"), "next");
    expect(merged.speaker).toBe("Speaker 2");
  });

  it("two speakers' segments need a choice; the same speaker's do not", () => {
    const attorney = segment("a", "one", 0, 1, "Attorney");
    const witness = segment("b", "two", 1, 2, "Speaker 2");
    expect(mergeSpeakerRefusal(attorney, witness, undefined)).toBe(
      "The next segment is Speaker 2's and this one is Attorney's: choose whose words the merged segment is.",
    );
    expect(mergeSpeakerRefusal(attorney, segment("c", "three", 2, 3, null), undefined)).toContain("no speaker's");
    expect(mergeSpeakerRefusal(attorney, witness, "this")).toBeNull();
    expect(mergeSpeakerRefusal(attorney, segment("c", "three", 2, 3, "Attorney"), undefined)).toBeNull();
  });
});

describe("replaceInSegments", () => {
  const segments = [segment("a", "The cat sat on the mat", 0, 6), segment("b", "Category theory", 6, 8)];

  it("replaces every match, ignoring case by default, and counts them", () => {
    const { changed, count } = replaceInSegments(segments, "the", "a", { matchCase: false, wholeWord: false });
    expect(count).toBe(3);
    expect(changed.map((entry) => entry.text)).toEqual(["a cat sat on a mat", "Category aory"]);
  });

  it("matches case and whole words when asked", () => {
    expect(
      replaceInSegments(segments, "cat", "dog", { matchCase: false, wholeWord: true }).changed.map((s) => s.text),
    ).toEqual(["The dog sat on the mat"]);
    expect(replaceInSegments(segments, "The", "A", { matchCase: true, wholeWord: false }).count).toBe(1);
  });

  it("takes the search and the replacement literally", () => {
    const { changed } = replaceInSegments([segment("a", "costs $5 (approx.)", 0, 3)], "$5 (approx.)", "$& $1", {
      matchCase: true,
      wholeWord: false,
    });
    expect(changed[0].text).toBe("costs $& $1");
  });

  it("keeps the times of the words it did not touch", () => {
    const { changed } = replaceInSegments(segments, "cat", "dog", { matchCase: false, wholeWord: true });
    expect(changed[0].words[0]).toEqual(segments[0].words[0]);
    expect(changed[0].words[1]).toMatchObject({ word: "dog", start: 1, end: 2, confidence: null });
  });

  it("leaves a segment that the replacement would empty", () => {
    const { changed } = replaceInSegments([segment("a", "um", 0, 1)], "um", "", { matchCase: false, wholeWord: true });
    expect(changed).toEqual([]);
  });
});

describe("diffSegments and applyChanges", () => {
  const list = [segment("a", "one two", 0, 2), segment("b", "three", 2, 3), segment("c", "four", 3, 4)];

  it("finds the runs that changed and applies them forward and back", () => {
    const target = [editText(list[0], "one too"), list[1], mergeSegments(list[2], list[2])];
    const changes = diffSegments(list, target);
    expect(changes).toHaveLength(2);
    expect(applyChanges(list, changes)).toEqual(target);
    expect(applyChanges(target, changes, false)).toEqual(list);
  });

  it("records splits and merges as one run, with the ids that came and went", () => {
    const split = splitSegment(list[0], 4, "n");
    const target = [...split, mergeSegments(list[1], list[2])];
    const changes = diffSegments(list, target);
    expect(changes).toHaveLength(1);
    expect(changes[0].before.map((entry) => entry.id)).toEqual(["a", "b", "c"]);
    expect(changes[0].after.map((entry) => entry.id)).toEqual(["a", "n", "b"]);
    expect(applyChanges(target, changes, false)).toEqual(list);
  });

  it("refuses to undo changes whose segments have changed since", () => {
    const target = [editText(list[0], "one too"), list[1], list[2]];
    const changes = diffSegments(list, target);
    const later = [editText(target[0], "won too"), list[1], list[2]];
    expect(() => applyChanges(later, changes, false)).toThrow(EditConflictError);
  });

  it("finds nothing to do between equal lists", () => {
    expect(diffSegments(list, [...list])).toEqual([]);
  });
});

describe("sameSegment", () => {
  it("compares words by value, whatever the order of their keys (jsonb reorders them)", async () => {
    const { sameSegment } = await import("./editor-text");
    const a: SegmentState = {
      id: "a",
      start: 0,
      end: 1,
      text: "hi",
      speaker: null,
      confidence: null,
      edited: false,
      words: [{ word: "hi", start: 0, end: 1, confidence: null }],
    };
    const b = JSON.parse(
      '{"id":"a","end":1,"text":"hi","start":0,"words":[{"end":1,"word":"hi","start":0,"confidence":null}],"edited":false,"speaker":null,"confidence":null}',
    );
    expect(sameSegment(a, b)).toBe(true);
    expect(sameSegment(a, { ...b, words: [{ ...b.words[0], end: 2 }] })).toBe(false);
  });
});

describe("applyChangesInView", () => {
  const all = Array.from({ length: 6 }, (_, index) => segment(`s${index}`, `word ${index}`, index * 2, index * 2 + 2));

  it("applies the changes on the page and leaves out the ones elsewhere", () => {
    const page = all.slice(0, 3);
    const target = all.map((item) => (item.id === "s1" || item.id === "s4" ? editText(item, "changed here") : item));
    const shown = applyChangesInView(page, diffSegments(all, target));
    expect(shown.map((item) => item.text)).toEqual(["word 0", "changed here", "word 2"]);
  });

  it("a merge over the page's edge replaces the part on the page; its undo brings both back", () => {
    const page = all.slice(0, 3);
    const merged = [...all.slice(0, 2), mergeSegments(all[2], all[3]), ...all.slice(4)];
    const changes = diffSegments(all, merged);
    const shown = applyChangesInView(page, changes);
    expect(shown.map((item) => item.id)).toEqual(["s0", "s1", "s2"]);
    expect(shown[2].text).toBe("word 2 word 3");
    const undone = applyChangesInView(
      shown,
      changes.map((change) => ({ at: change.at, before: change.after, after: change.before })),
    );
    expect(undone.map((item) => item.id)).toEqual(["s0", "s1", "s2", "s3"]);
  });

  it("a split on the page adds its new segment there", () => {
    const page = all.slice(3);
    const parts = splitSegment(all[4], 4, "s4b");
    const target = [...all.slice(0, 4), ...parts, all[5]];
    expect(applyChangesInView(page, diffSegments(all, target)).map((item) => item.id)).toEqual([
      "s3",
      "s4",
      "s4b",
      "s5",
    ]);
  });

  it("the page is sent only the changes to the segments it shows, without their old words", () => {
    const target = all.map((item) => (item.id === "s1" || item.id === "s4" ? editText(item, "changed here") : item));
    const changes = diffSegments(all, target);
    expect(viewChanges(changes).map((change) => change.before)).toEqual([[{ id: "s1" }], [{ id: "s4" }]]);
    const shown = viewChanges(changes, new Set(["s3", "s4", "s5"]));
    expect(shown).toEqual([{ before: [{ id: "s4" }], after: [target[4]] }]);
    expect(viewChanges(changes, new Set())).toEqual([]);
  });
});

describe("replaceAllReport", () => {
  it("counts the matches in words, singular for one", () => {
    expect(replaceAllReport(1)).toBe("Replaced 1 match");
    expect(replaceAllReport(2)).toBe("Replaced 2 matches");
    expect(replaceAllReport(0)).toBe("No matches found");
    expect(replaceAllReport(undefined)).toBe("No matches found");
  });
});

describe("word times after free edits (property-style: seeded random edits, many rounds)", () => {
  const SEED = 34_2;
  const NEW_WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];

  /** A segment of distinct words with gaps between them, so that every word the edit left alone is recognisable. */
  const segmentArbitrary = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 900 })), {
      minLength: 1,
      maxLength: 40,
    })
    .map((spans): SegmentState => {
      let at = 10_000;
      const words = spans.map(([gap, length], index) => {
        const start = (at + gap) / 1000;
        at += gap + length;
        return word(`w${index}`, start, at / 1000, 0.5 + (index % 5) / 10);
      });
      return {
        id: "s",
        start: 9.5,
        end: at / 1000 + 0.3,
        text: words.map((entry) => entry.word).join(" "),
        speaker: "Speaker 1",
        confidence: 0.8,
        words,
        edited: false,
      };
    });
  const editedSegment = segmentArbitrary.chain((original) =>
    fc.tuple(fc.constant(original), wordEditArbitrary(original.words.length, NEW_WORDS)),
  );

  /** Every new word lies within the times of the words around it that the edit kept (or the segment's bounds). */
  function expectNewWordsWithinNeighbours(words: EditorWord[], kept: Set<number>, segment: SegmentState) {
    words.forEach((entry, index) => {
      if (kept.has(index)) return;
      let left = index - 1;
      while (left >= 0 && !kept.has(left)) left--;
      let right = index + 1;
      while (right < words.length && !kept.has(right)) right++;
      const lower = left >= 0 ? words[left].end : segment.start;
      const upper = right < words.length ? words[right].start : segment.end;
      expect(entry.start).toBeGreaterThanOrEqual(lower);
      expect(entry.end).toBeLessThanOrEqual(upper);
      expect(entry.end).toBeGreaterThanOrEqual(entry.start);
      expect(entry.confidence).toBeNull();
    });
  }

  it("keeps the exact times of every word an insert, delete or replace left alone; new words fall between", () => {
    const kinds = new Set<WordEdit["kind"]>();
    fc.assert(
      fc.property(editedSegment, ([original, edit]) => {
        kinds.add(edit.kind);
        const text = applyWordEdit(
          original.words.map((entry) => entry.word),
          edit,
          (newWord) => newWord,
        ).join(" ");
        const edited = editText(original, text);
        expect(edited.words.map((entry) => entry.word).join(" ")).toBe(text);
        const untouched = untouchedPositions(original.words.length, edit);
        for (const [from, to] of untouched) expect(edited.words[to]).toEqual(original.words[from]);
        expectNewWordsWithinNeighbours(edited.words, new Set(untouched.values()), original);
        // The runs the aligner is given are exactly the new words.
        const runs = editedRuns(original.words, edited.words);
        expect(runs.flatMap((run) => Array.from({ length: run.to - run.from }, (_, k) => run.from + k))).toEqual(
          edited.words.map((_, index) => index).filter((index) => ![...untouched.values()].includes(index)),
        );
      }),
      { seed: SEED, numRuns: 2000 },
    );
    expect([...kinds].sort()).toEqual(["delete", "insert", "replace"]);
  });

  it("keeps them through a chain of edits to the same segment", () => {
    const chain = segmentArbitrary.chain((original) =>
      fc.tuple(
        fc.constant(original),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.constantFrom(...NEW_WORDS)), { minLength: 2, maxLength: 8 }),
      ),
    );
    fc.assert(
      fc.property(chain, ([original, steps]) => {
        let current = original;
        // Each word's original index, or -1 for a word some edit wrote.
        let origin = original.words.map((_, index) => index);
        for (const [where, count, kind, newWord] of steps) {
          const length = current.words.length;
          const at = where % (length + 1);
          const remove = length > 1 ? Math.min(count % 3, length - at, length - 1) : 0;
          const insert = kind % 3 === 0 && remove > 0 ? [] : [newWord];
          const edit: WordEdit = { kind: "replace", at, remove, insert };
          current = editText(
            current,
            applyWordEdit(
              current.words.map((entry) => entry.word),
              edit,
              (value) => value,
            ).join(" "),
          );
          origin = applyWordEdit(origin, edit, () => -1);
        }
        const kept = new Set<number>();
        origin.forEach((from, index) => {
          if (from < 0) return;
          kept.add(index);
          expect(current.words[index]).toEqual(original.words[from]);
        });
        expectNewWordsWithinNeighbours(current.words, kept, original);
      }),
      { seed: SEED + 1, numRuns: 1000 },
    );
  });

  it("keeps words in time order whatever the vocabulary (repeated words included)", () => {
    const small = ["the", "a", "of", "and", "to"];
    const repeated = fc
      .array(fc.constantFrom(...small), { minLength: 1, maxLength: 30 })
      .map((texts) => segment("s", texts.join(" "), 0, texts.length * 0.4))
      .chain((original) => fc.tuple(fc.constant(original), wordEditArbitrary(original.words.length, small)));
    fc.assert(
      fc.property(repeated, ([original, edit]) => {
        const text = applyWordEdit(
          original.words.map((entry) => entry.word),
          edit,
          (value) => value,
        ).join(" ");
        const edited = editText(original, text);
        for (let index = 1; index < edited.words.length; index++)
          expect(edited.words[index].start).toBeGreaterThanOrEqual(edited.words[index - 1].end - 0.0005);
        // Every word either is one of the old words, times and all, or was written within the segment.
        for (const entry of edited.words) {
          if (original.words.some((old) => old.start === entry.start && old.end === entry.end)) continue;
          expect(entry.start).toBeGreaterThanOrEqual(original.start);
          expect(entry.end).toBeLessThanOrEqual(original.end);
        }
      }),
      { seed: SEED + 2, numRuns: 1000 },
    );
  });

  it("takes an aligner's times for new words only when they are consistent, and never moves a kept word", () => {
    fc.assert(
      fc.property(
        editedSegment.filter(([, edit]) => edit.insert.length > 0),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }),
        ([original, edit], fractions) => {
          const text = applyWordEdit(
            original.words.map((entry) => entry.word),
            edit,
            (value) => value,
          ).join(" ");
          const edited = editText(original, text);
          const [run] = editedRuns(original.words, edited.words);
          const { lower, upper } = runBounds(edited.words, run, original);
          // Consistent: increasing times within the bounds.
          const cuts = fractions
            .slice(0, (run.to - run.from) * 2)
            .map((fraction) => lower + fraction * (upper - lower))
            .sort((a, b) => a - b);
          const aligned = Array.from({ length: run.to - run.from }, (_, k) => ({
            start: cuts[2 * k],
            end: cuts[2 * k + 1],
          }));
          const placed = placeAlignedRun(edited.words, run, aligned, original);
          expect(placed).not.toBeNull();
          placed!.forEach((entry, index) => {
            if (index < run.from || index >= run.to) expect(entry).toEqual(edited.words[index]);
            else {
              expect(entry.start).toBeGreaterThanOrEqual(lower);
              expect(entry.end).toBeLessThanOrEqual(upper);
            }
          });
          // Inconsistent: a word it could not place, or one outside the neighbours' bounds.
          expect(placeAlignedRun(edited.words, run, [...aligned.slice(1), null], original)).toBeNull();
          const outside = aligned.map((time, k) => (k === 0 ? { start: lower - 0.5, end: time.end } : time));
          expect(placeAlignedRun(edited.words, run, outside, original)).toBeNull();
        },
      ),
      { seed: SEED + 3, numRuns: 1000 },
    );
  });
});
