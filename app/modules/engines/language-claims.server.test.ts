import { describe, expect, test } from "vitest";
import { FALLBACK_ENGINE_NOTICE } from "~/content/engines";
import { deriveLanguageClaims } from "./language-claims.server";

// Apertium as `npm run setup` installs it: English↔Spanish only.
const englishSpanish = {
  supports: (source: string, target: string) =>
    (source === "en" && target === "es") || (source === "es" && target === "en"),
};
const everyPair = { supports: (source: string, target: string) => source !== target };

describe("deriveLanguageClaims", () => {
  test("whisper with a multilingual model: its 99 languages, every demo locale it knows, no notice", () => {
    const claims = deriveLanguageClaims({ name: "whisper", model: "base", languages: "all" }, englishSpanish);
    expect(claims.spoken).toHaveLength(99);
    expect(claims.spoken.map((option) => option.value)).toEqual(expect.arrayContaining(["en", "cy", "haw", "sw"]));
    expect(claims.spoken.map((option) => option.value)).not.toContain("yue");
    expect(claims.heroTitle).toBe("Turn speech into text, in 99 languages");
    expect(claims.languageSummary).toBe("Transcribes 99 languages, detected automatically or chosen by you.");
    expect(claims.fallbackNotice).toBeNull();
    // Whisper writes Norwegian as "no"; the demo's nb-NO would end in an error, so it is not offered.
    expect(claims.demoLocales.map((locale) => locale.value)).not.toContain("nb-NO");
    expect(claims.demoLocales.map((locale) => locale.value)).toEqual(
      expect.arrayContaining(["en-US", "es-ES", "de-DE", "ja-JP", "zh-TW"]),
    );
    expect(claims.demoLocales).toHaveLength(34);
    // Targets come from the translator's pairs: English and Spanish, each from the other.
    expect(claims.translationTargets).toEqual([
      { value: "en", label: "English" },
      { value: "es", label: "Spanish" },
    ]);
  });

  test("large-v3 models add Cantonese; an OpenAI-compatible API counts as Whisper's list", () => {
    expect(
      deriveLanguageClaims({ name: "whisper", model: "large-v3-turbo", languages: "all" }, everyPair).spoken,
    ).toHaveLength(100);
    const api = deriveLanguageClaims({ name: "openai", model: "whisper-1", languages: "all" }, everyPair);
    expect(api.spoken).toHaveLength(99);
    expect(api.translationTargets.length).toBeGreaterThan(90);
  });

  test("an English-only whisper model claims English, without the fallback notice", () => {
    const claims = deriveLanguageClaims({ name: "whisper", model: "base.en", languages: ["en"] }, englishSpanish);
    expect(claims.heroTitle).toBe("Turn English speech into text");
    expect(claims.languageSummary).toBe("Transcribes English.");
    expect(claims.fallbackNotice).toBeNull();
  });

  test("the offline fallback: English only, saying why, and only the targets reachable from English", () => {
    const claims = deriveLanguageClaims({ name: "pocketsphinx", model: "en-us", languages: ["en"] }, englishSpanish);
    expect(claims.spoken).toEqual([{ value: "en", label: "English" }]);
    expect(claims.heroTitle).toBe("Turn English speech into text");
    expect(claims.languageSummary).toBe(
      "This server runs the offline fallback engine, which transcribes English only; with a whisper model installed it transcribes 99 languages.",
    );
    expect(claims.fallbackNotice).toBe(FALLBACK_ENGINE_NOTICE);
    expect(claims.demoLocales.map((locale) => locale.value)).toEqual(["en-US", "en-GB", "en-AU", "en-CA", "en-IN"]);
    expect(claims.translationTargets).toEqual([{ value: "es", label: "Spanish" }]);
  });

  test("no usable engine: no languages and no promise", () => {
    const claims = deriveLanguageClaims(null, englishSpanish);
    expect(claims).toMatchObject({ spoken: [], demoLocales: [], translationTargets: [], fallbackNotice: null });
    expect(claims.heroTitle).toBe("Turn speech into text");
  });
});
