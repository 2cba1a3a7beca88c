import { describe, expect, test } from "vitest";
import { languageName, TRANSLATION_LANGUAGES } from "./languages";

describe("translation languages", () => {
  test("about 100 languages with unique, non-empty ISO 639-1 codes and labels", () => {
    expect(TRANSLATION_LANGUAGES.length).toBeGreaterThanOrEqual(95);
    expect(TRANSLATION_LANGUAGES.length).toBeLessThanOrEqual(130);
    const values = TRANSLATION_LANGUAGES.map((language) => language.value);
    expect(new Set(values).size).toBe(values.length);
    for (const language of TRANSLATION_LANGUAGES) {
      expect(language.value).toMatch(/^[a-z]{2}$/);
      expect(language.label.trim()).not.toBe("");
    }
    const labels = TRANSLATION_LANGUAGES.map((language) => language.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const code of ["en", "es", "ca", "gl", "eo", "eu", "is", "mk", "zh", "ja", "ar", "sw"]) expect(values).toContain(code);
  });

  test("languageName", () => {
    expect(languageName("es")).toBe("Spanish");
    expect(languageName("pt-BR")).toBe("Portuguese (BR)");
    expect(languageName("qq")).toBe("qq");
  });
});
