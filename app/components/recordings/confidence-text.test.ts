import { describe, expect, test } from "vitest";
import { confidencePieces } from "./confidence-text";

describe("low-confidence words", () => {
  test("are marked in the text as written, punctuation kept", () => {
    const words = [
      { word: "Ask", confidence: 0.9 },
      { word: "not", confidence: 0.2 },
      { word: "what", confidence: 0.95 },
      { word: "your", confidence: null },
      { word: "country", confidence: 0.4 },
    ];
    expect(confidencePieces("Ask not, what your country.", words)).toEqual([
      { text: "Ask ", low: false, confidence: null },
      { text: "not,", low: true, confidence: 0.2 },
      { text: " what your ", low: false, confidence: null },
      { text: "country.", low: true, confidence: 0.4 },
    ]);
  });

  test("a text that no longer matches its words marks nothing it cannot match", () => {
    const pieces = confidencePieces("Something else entirely", [{ word: "ask", confidence: 0.1 }]);
    expect(pieces.filter((piece) => piece.low)).toEqual([]);
    expect(pieces.map((piece) => piece.text).join("")).toBe("Something else entirely");
  });
});
