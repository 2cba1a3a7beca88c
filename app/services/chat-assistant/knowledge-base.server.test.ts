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

  // Questions as visitors type them, each with the help entry it should return first. The walk-through found
  // "Where can I change my password?" answered with the cookie-settings entry.
  test.each([
    ["Where can I change my password?", "How do I change my password, email address or name?"],
    ["How do I update my email address?", "How do I change my password, email address or name?"],
    ["How do I reset my password?", "I forgot my password. How do I reset it?"],
    ["How can I remove my account?", "How do I delete a recording or my account?"],
    ["Can I export subtitles as SRT?", "Which export formats are available?"],
    ["What is the upload limit?", "How large can an uploaded file be?"],
    ["What are speaker labels?", "What are speaker labels?"],
    ["How do I cancel my plan?", "Can I cancel my subscription anytime?"],
    ["Where do I change my cookie settings?", "How do I change my cookie choices?"],
    ["Can you translate my recording into another language?", "How does translation work?"],
    ["Can I get my money back?", "Is there a money-back guarantee or refund?"],
  ])("%s → %s first", (question, title) => {
    const result = retrieve(question);
    expect(result.entries[0].title).toBe(title);
    expect(result.confidence).toBeGreaterThanOrEqual(0.8);
  });

  test("a synonym finds the entry, and the visitor's own word ranks above it", () => {
    expect(retrieve("How do I modify my password?").entries[0].title).toMatch(/password/);
    expect(retrieve("How do I reset my password?").entries[0].title).toMatch(/reset/);
    expect(retrieve("How do I change my password?").entries[0].title).toMatch(/change my password/);
  });

  test.each([
    "Can you recommend a pizza place in Rome?",
    "What is the meaning of life?",
    "quantum entanglement blockchain",
    "Do you support Klingon?",
  ])("%s → low confidence", (question) => {
    expect(retrieve(question).confidence).toBeLessThan(0.5);
  });

  test("filler words do not lower the confidence of a good match", () => {
    expect(retrieve("One more thing: which export formats are there?").confidence).toBe(
      retrieve("which export formats are there").confidence,
    );
  });

  test("a message without searchable words is empty, not a match", () => {
    expect(retrieve("hi there, thanks!")).toEqual({ entries: [], confidence: 0, empty: true });
  });

  test("terms are lower-cased, stemmed, and stop words dropped", () => {
    expect(processTerm("Exports")).toBe("export");
    expect(processTerm("the")).toBeNull();
  });
});
