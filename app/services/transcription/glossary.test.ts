import { describe, expect, test } from "vitest";
import type { TranscriptWord } from "./engine";
import { applyGlossary, applyGlossaryToText, applyGlossaryToWords, glossaryPrompt } from "./glossary";
import { parseGlossaryText } from "~/modules/accounts/glossary";

const word = (text: string, start: number, confidence: number | null = 0.9): TranscriptWord => ({
  word: text,
  start,
  end: start + 0.4,
  confidence,
});

describe("glossary post-pass", () => {
  test("fixes the case of terms, whole words only", () => {
    const terms = ["Voxlate", "PostgreSQL", "GraphQL"];
    expect(applyGlossaryToText("we built voxlate with graphql and postgresql.", terms)).toBe(
      "we built Voxlate with GraphQL and PostgreSQL.",
    );
    // "sql" inside a word is not a term.
    expect(applyGlossaryToText("The sequel: sqlite", ["SQL"])).toBe("The sequel: sqlite");
  });

  test("fixes spelling: words written apart, hyphens, dots and possessives", () => {
    const terms = ["OpenAI", "Kubernetes", "iPhone"];
    expect(applyGlossaryToText("Open AI's model runs on kubernetes.", terms)).toBe(
      "OpenAI's model runs on Kubernetes.",
    );
    expect(applyGlossaryToText("open-ai on an I phone", terms)).toBe("OpenAI on an iPhone");
  });

  test("short terms are common words too: only words already in capitals are respelled", () => {
    const terms = ["U.S.", "AI", "IT"];
    expect(applyGlossaryToText("Us and us in the US", terms)).toBe("Us and us in the U.S.");
    expect(applyGlossaryToText("It is said that Ai and ai help IT, and A.I.", terms)).toBe(
      "It is said that Ai and ai help IT, and AI.",
    );
  });

  test("joins across a comma never, and short terms never from pieces", () => {
    expect(applyGlossaryToText("open, AI", ["OpenAI"])).toBe("open, AI");
    // "a i" must not become "AI" (too short to be spelled apart).
    expect(applyGlossaryToText("a i", ["AI"])).toBe("a i");
  });

  test("long names also match one letter off, short words and numbers do not", () => {
    expect(applyGlossaryToText("ask Kubernetis and Anderssen", ["Kubernetes", "Andersson"])).toBe(
      "ask Kubernetes and Andersson",
    );
    expect(applyGlossaryToText("Ruby and Rust", ["Rusty"])).toBe("Ruby and Rust");
    expect(applyGlossaryToText("version2024 shipped", ["version2025"])).toBe("version2024 shipped");
    // A different first letter is a different word.
    expect(applyGlossaryToText("Cubernetes", ["Kubernetes"])).toBe("Cubernetes");
  });

  test("the longest term wins", () => {
    expect(applyGlossaryToText("the new york times in new york", ["New York", "New York Times"])).toBe(
      "the New York Times in New York",
    );
  });

  test("words are fixed too, and words a term joins become one with the lowest confidence", () => {
    const words = [word("open", 1, 0.9), word("ai", 1.5, 0.4), word("uses", 2), word("kubernetes", 3, null)];
    expect(applyGlossaryToWords(words, ["OpenAI", "Kubernetes"])).toEqual([
      { word: "OpenAI", start: 1, end: 1.9, confidence: 0.4 },
      word("uses", 2),
      { word: "Kubernetes", start: 3, end: 3.4, confidence: null },
    ]);
  });

  test("applies to every segment and leaves them alone without terms", () => {
    const segments = [
      {
        start: 0,
        end: 2,
        text: "Hi voxlate.",
        confidence: 0.8,
        speaker: null,
        words: [word("Hi", 0), word("voxlate", 1)],
      },
    ];
    expect(applyGlossary(segments, [])).toBe(segments);
    const [fixed] = applyGlossary(segments, ["Voxlate"]);
    expect(fixed.text).toBe("Hi Voxlate.");
    expect(fixed.words.map((entry) => entry.word)).toEqual(["Hi", "Voxlate"]);
  });

  test("the prompt lists the terms and stays short", () => {
    expect(glossaryPrompt([])).toBeUndefined();
    expect(glossaryPrompt(["Voxlate", "OpenAI"])).toBe("Glossary: Voxlate, OpenAI.");
    const many = Array.from({ length: 200 }, (_, index) => `Term number ${index}`);
    expect(glossaryPrompt(many)!.length).toBeLessThanOrEqual(620);
  });

  test("the account form's text becomes a list of terms, each once", () => {
    expect(parseGlossaryText(" Voxlate \nOpenAI, Kubernetes;  New   York\n\nvoxlate\n")).toEqual([
      "Voxlate",
      "OpenAI",
      "Kubernetes",
      "New York",
    ]);
  });
});
