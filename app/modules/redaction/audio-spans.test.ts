import { describe, expect, it } from "vitest";
import { hiddenRanges, REDACTION_MARGIN_SECONDS, spanTime, type SegmentForAudio } from "./audio-spans";

const at = (text: string, part: string) => {
  const start = text.indexOf(part);
  if (start < 0) throw new Error(`${part} is not in ${text}`);
  return { start, end: start + part.length };
};

// The engine's words: no punctuation, and one of them ("0199") split from the text's token.
const engine: SegmentForAudio = {
  start: 10,
  end: 16,
  text: "Call me at 555-0199, please, Anna.",
  words: [
    { word: "Call", start: 10.0, end: 10.3 },
    { word: "me", start: 10.3, end: 10.5 },
    { word: "at", start: 10.5, end: 10.7 },
    { word: "555", start: 10.8, end: 11.4 },
    { word: "0199", start: 11.4, end: 12.2 },
    { word: "please", start: 12.4, end: 12.9 },
    { word: "Anna", start: 13.1, end: 13.6 },
  ],
};

describe("spanTime", () => {
  it("takes the times of the engine's words the span's tokens match, punctuation aside", () => {
    expect(spanTime(engine, at(engine.text, "Anna"))).toEqual({ start: 13.1, end: 13.6 });
    expect(spanTime(engine, at(engine.text, "me at"))).toEqual({ start: 10.3, end: 10.7 });
  });

  it("hides a token the span touches in part as a whole word", () => {
    expect(spanTime(engine, at(engine.text, "Ann"))).toEqual({ start: 13.1, end: 13.6 });
  });

  it("estimates a token no engine word matches between its matched neighbours, by character position", () => {
    // "555-0199," is one token and matches no single engine word: it lies between "at" (ends 10.7) and "please"
    // (starts 12.4), and fills that gap's characters but for the spaces either side.
    const time = spanTime(engine, at(engine.text, "555-0199"))!;
    expect(time.start).toBeGreaterThanOrEqual(10.7);
    expect(time.start).toBeLessThan(10.9);
    expect(time.end).toBeGreaterThan(12.2);
    expect(time.end).toBeLessThanOrEqual(12.4);
  });

  it("reads an edited segment's words one per token, as the editor saved them (ADR 047)", () => {
    const edited: SegmentForAudio = {
      start: 0,
      end: 3,
      text: "ask Bob, not",
      words: [
        { word: "ask", start: 0.2, end: 0.6 },
        { word: "Bob,", start: 0.7, end: 1.4 },
        { word: "not", start: 1.5, end: 2.0 },
      ],
    };
    expect(spanTime(edited, at(edited.text, "Bob"))).toEqual({ start: 0.7, end: 1.4 });
  });

  it("estimates from the character position over the segment's time when it has no words", () => {
    const bare: SegmentForAudio = { start: 20, end: 30, text: "0123456789", words: [] };
    // One token: the part of it the span touches still hides all of it.
    expect(spanTime(bare, { start: 2, end: 5 })).toEqual({ start: 20, end: 30 });
    const spaced: SegmentForAudio = { start: 20, end: 30, text: "aaaa bbbb", words: [] };
    const time = spanTime(spaced, at(spaced.text, "bbbb"))!;
    expect(time.start).toBeCloseTo(20 + (10 * 5) / 9, 6);
    expect(time.end).toBeCloseTo(30, 6);
  });

  it("has no time for an empty span", () => {
    expect(spanTime(engine, { start: 4, end: 4 })).toBeNull();
  });
});

describe("hiddenRanges", () => {
  it("widens each span by the margin, beyond the segment's edges, and never before 0", () => {
    const first: SegmentForAudio = {
      start: 0,
      end: 1,
      text: "Anna speaks",
      words: [
        { word: "Anna", start: 0.05, end: 0.5 },
        { word: "speaks", start: 0.5, end: 0.98 },
      ],
    };
    const ranges = hiddenRanges([{ segment: first, spans: [at(first.text, "Anna"), at(first.text, "speaks")] }]);
    expect(ranges).toEqual([{ start: 0, end: 0.98 + REDACTION_MARGIN_SECONDS }]);
  });

  it("merges overlapping ranges across segments and sorts them", () => {
    const a: SegmentForAudio = {
      start: 0,
      end: 2,
      text: "x y",
      words: [
        { word: "x", start: 0.4, end: 0.8 },
        { word: "y", start: 1.8, end: 1.95 },
      ],
    };
    const b: SegmentForAudio = {
      start: 2,
      end: 4,
      text: "z w",
      words: [
        { word: "z", start: 2.1, end: 2.3 },
        { word: "w", start: 3.5, end: 3.9 },
      ],
    };
    const ranges = hiddenRanges(
      [
        { segment: b, spans: [at(b.text, "w"), at(b.text, "z")] },
        { segment: a, spans: [at(a.text, "y"), at(a.text, "x")] },
      ],
      { margin: 0.1, duration: 3.95 },
    );
    expect(ranges).toEqual([
      { start: 0.3, end: 0.9 },
      { start: 1.7, end: 2.4 },
      { start: 3.4, end: 3.95 },
    ]);
  });

  it("is empty when nothing is redacted", () => {
    expect(hiddenRanges([{ segment: engine, spans: [] }])).toEqual([]);
  });
});
