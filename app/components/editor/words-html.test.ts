import { describe, expect, it } from "vitest";
import { escapeHtml, wordsHtml } from "./words-html";

describe("wordsHtml", () => {
  it("escapes what the user typed", () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;",
    );
    expect(wordsHtml([{ word: "<b>", start: 0, end: 1, confidence: null }])).toBe(
      '<span data-w="0" data-s="0" data-e="1">&lt;b&gt;</span>',
    );
  });

  it("marks low-confidence words, and nothing where there is no confidence", () => {
    const html = wordsHtml([
      { word: "sure", start: 0, end: 1, confidence: 0.9 },
      { word: "unsure", start: 1, end: 2, confidence: 0.2 },
      { word: "typed", start: 2, end: 3, confidence: null },
    ]);
    expect(html).toBe(
      '<span data-w="0" data-s="0" data-e="1">sure</span> <span data-w="1" data-s="1" data-e="2" data-low="" title="Unsure (20%)">unsure</span> <span data-w="2" data-s="2" data-e="3">typed</span>',
    );
  });
});
