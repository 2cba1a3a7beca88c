import { describe, expect, test } from "vitest";
import { processTerm } from "../terms.server";
import { retrieve } from "./knowledge-base.server";

describe("retrieve", () => {
  test.each([
    ["How do I export my transcript as SRT?", /export|SRT/i],
    ["I forgot my password", /forgot my password/i],
    ["what file formats can I upload", /Which files can I upload/],
    ["can I get a refund", /money-back guarantee/],
    ["How do I cancel my subscription", /cancel/i],
  ])("%s → the right help entry with high confidence", (question, title) => {
    const result = retrieve(question);
    expect(result.entries[0].title).toMatch(title);
    expect(result.confidence).toBeGreaterThanOrEqual(0.8);
    expect(result.entries[0].url).toMatch(/^\/(help#[a-z0-9-]+|#faq)$/);
  });

  test.each(["Can you recommend a pizza place in Rome?", "What is the meaning of life?", "quantum entanglement blockchain", "Do you support Klingon?"])(
    "%s → low confidence",
    (question) => {
      expect(retrieve(question).confidence).toBeLessThan(0.5);
    },
  );

  test("filler words do not lower the confidence of a good match", () => {
    expect(retrieve("One more thing: which export formats are there?").confidence).toBe(retrieve("which export formats are there").confidence);
  });

  test("a message without searchable words is empty, not a match", () => {
    expect(retrieve("hi there, thanks!")).toEqual({ entries: [], confidence: 0, empty: true });
  });

  test("terms are lower-cased, stemmed, and stop words dropped", () => {
    expect(processTerm("Exports")).toBe("export");
    expect(processTerm("the")).toBeNull();
  });
});
