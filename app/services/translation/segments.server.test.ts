import { describe, expect, test } from "vitest";
import { MAX_SEGMENTS_PER_CALL, translateSegments } from "./segments.server";
import type { TranslationProvider } from "./translator";

function fakeProvider() {
  const calls: string[][] = [];
  const provider: TranslationProvider = {
    name: "libretranslate",
    label: "Fake",
    supports: () => true,
    async translate(texts, _source, target) {
      calls.push(texts);
      return texts.map((text) => `${target}:${text}`);
    },
  };
  return { provider, calls };
}

describe("translateSegments", () => {
  test("keeps times and speakers, skips empty segments and reports progress up to 1", async () => {
    const { provider, calls } = fakeProvider();
    const segments = [
      { start: 0, end: 1, text: " Hello ", speaker: "A", id: 7 },
      { start: 1, end: 2, text: "   ", speaker: null, id: 8 },
      { start: 2, end: 3.5, text: "World", speaker: "B", id: 9 },
    ];
    const progress: number[] = [];
    const result = await translateSegments(provider, segments, "en", "es", {
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result).toEqual([
      { start: 0, end: 1, text: " Hello ", speaker: "A", id: 7, translation: "es:Hello" },
      { start: 1, end: 2, text: "   ", speaker: null, id: 8, translation: "" },
      { start: 2, end: 3.5, text: "World", speaker: "B", id: 9, translation: "es:World" },
    ]);
    expect(calls).toEqual([["Hello", "World"]]);
    expect(progress).toEqual([1]);
  });

  test("batches by segment count and by characters, in order", async () => {
    const { provider, calls } = fakeProvider();
    const many = Array.from({ length: 120 }, (_, index) => ({
      start: index,
      end: index + 1,
      text: `s${index}`,
      speaker: null,
    }));
    const progress: number[] = [];
    const result = await translateSegments(provider, many, "en", "de", {
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(calls.map((call) => call.length)).toEqual([MAX_SEGMENTS_PER_CALL, MAX_SEGMENTS_PER_CALL, 20]);
    expect(result.map((segment) => segment.translation)).toEqual(many.map((segment) => `de:${segment.text}`));
    expect(progress).toHaveLength(3);
    expect(progress.at(-1)).toBe(1);
    expect(progress[0]).toBeLessThan(progress[1]);

    const long = Array.from({ length: 5 }, (_, index) => ({
      start: index,
      end: index + 1,
      text: "x".repeat(3_000),
      speaker: null,
    }));
    const { provider: second, calls: secondCalls } = fakeProvider();
    await translateSegments(second, long, "en", "de");
    expect(secondCalls.map((call) => call.length)).toEqual([2, 2, 1]);
  });

  test("no text means no call", async () => {
    const { provider, calls } = fakeProvider();
    const result = await translateSegments(provider, [{ start: 0, end: 1, text: "", speaker: null }], "en", "es");
    expect(result[0].translation).toBe("");
    expect(calls).toEqual([]);
  });

  test("a provider returning the wrong count is an error, and an aborted signal stops before calling", async () => {
    const broken: TranslationProvider = { ...fakeProvider().provider, translate: async () => ["only one"] };
    const segments = [
      { start: 0, end: 1, text: "a", speaker: null },
      { start: 1, end: 2, text: "b", speaker: null },
    ];
    await expect(translateSegments(broken, segments, "en", "es")).rejects.toThrow(/1 translations for 2 segments/);
    const { provider, calls } = fakeProvider();
    const controller = new AbortController();
    controller.abort();
    await expect(translateSegments(provider, segments, "en", "es", { signal: controller.signal })).rejects.toThrow();
    expect(calls).toEqual([]);
  });
});
