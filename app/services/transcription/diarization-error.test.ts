import { describe, expect, test } from "vitest";
import { diarizationError, parseRttm, type SpeakerTurn } from "./diarization-error";

const turn = (speaker: string, start: number, end: number): SpeakerTurn => ({ speaker, start, end });
const reference = [turn("alice", 0, 10), turn("bob", 10, 20)];

describe("diarizationError", () => {
  test("a perfect hypothesis under other names scores 0, mapped to the right speakers", () => {
    const result = diarizationError(reference, [turn("S2", 0, 10), turn("S1", 10, 20)]);
    expect(result.der).toBe(0);
    expect(result.mapping).toEqual(
      new Map([
        ["S2", "alice"],
        ["S1", "bob"],
      ]),
    );
  });

  test("missed speech, false alarm and confusion, outside the collar", () => {
    // Collar 0: 20 s scored. bob's last 2 s missed, 3 s of false alarm after the end, and 4 s of alice's given to bob.
    const hypothesis = [turn("A", 0, 6), turn("B", 6, 10), turn("B", 10, 18), turn("B", 20, 23)];
    const result = diarizationError(reference, hypothesis, 0);
    expect(result.scored).toBeCloseTo(20);
    expect(result.missed).toBeCloseTo(2);
    expect(result.falseAlarm).toBeCloseTo(3);
    expect(result.confusion).toBeCloseTo(4);
    expect(result.der).toBeCloseTo(9 / 20);
  });

  test("the collar leaves out time either side of each reference boundary", () => {
    // The change is heard 0.2 s late: inside a 0.25 s collar it costs nothing, without a collar 0.2 s of confusion.
    const hypothesis = [turn("A", 0, 10.2), turn("B", 10.2, 20)];
    expect(diarizationError(reference, hypothesis, 0).confusion).toBeCloseTo(0.2);
    const collared = diarizationError(reference, hypothesis, 0.25);
    expect(collared.der).toBe(0);
    // Three boundaries (0, 10, 20; 10 is two turns' boundary), 0.25 s each side, inside the 20 s of speech.
    expect(collared.scored).toBeCloseTo(20 - 0.25 - 0.5 - 0.25);
  });

  test("one hypothesis speaker for two reference speakers: half is confusion", () => {
    const result = diarizationError(reference, [turn("A", 0, 20)], 0);
    expect(result.confusion).toBeCloseTo(10);
    expect(result.der).toBeCloseTo(0.5);
  });

  test("overlapping reference speech: one hypothesis speaker there misses the other", () => {
    const overlapping = [turn("alice", 0, 10), turn("bob", 8, 20)];
    const result = diarizationError(overlapping, [turn("A", 0, 10), turn("B", 10, 20)], 0);
    expect(result.scored).toBeCloseTo(22);
    expect(result.missed).toBeCloseTo(2);
    expect(result.der).toBeCloseTo(2 / 22);
  });

  test("the mapping is optimal, not greedy", () => {
    // Greedy would pair X with alice (6 s) and leave Y with bob (1 s); the best is X→bob (5 s), Y→alice (5 s).
    const ref = [turn("alice", 0, 11), turn("bob", 11, 16)];
    const hyp = [turn("X", 5, 16), turn("Y", 0, 5)];
    const result = diarizationError(ref, hyp, 0);
    expect(result.mapping).toEqual(
      new Map([
        ["X", "bob"],
        ["Y", "alice"],
      ]),
    );
    expect(result.confusion).toBeCloseTo(6);
  });
});

test("parseRttm reads SPEAKER lines", () => {
  const text =
    "SPEAKER call 1 6.690 0.430 <NA> <NA> speaker90 <NA> <NA>\n\nSPEAKER call 1 7.550 0.800 <NA> <NA> b <NA> <NA>\n";
  expect(parseRttm(text)).toEqual([
    { speaker: "speaker90", start: 6.69, end: 6.69 + 0.43 },
    { speaker: "b", start: 7.55, end: 7.55 + 0.8 },
  ]);
});
