import { describe, expect, test } from "vitest";
import { TRANSLATION_LANGUAGES } from "./languages";

describe("translation languages", () => {
  test("about 100 languages with unique, non-empty ISO 639-1 codes and labels", () => {
    expect(TRANSLATION_LANGUAGES.length).toBeGreaterThanOrEqual(95);
    expect(TRANSLATION_LANGUAGES.length).toBeLessThanOrEqual(130);
    const values = TRANSLATION_LANGUAGES.map((language) => language.value);
    expect(new Set(values).size).toBe(values.length);
    for (const language of TRANSLATION_LANGUAGES) {
      expect(language.value).toMatch(/^[a-z]{2}$/);
      expect(language.label.trim()).not.toBe("");
      // Every code has a real name, not the code echoed back.
      expect(language.label).not.toBe(language.value);
    }
    const labels = TRANSLATION_LANGUAGES.map((language) => language.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const code of ["en", "es", "ca", "gl", "eo", "eu", "is", "mk", "zh", "ja", "ar", "sw"])
      expect(values).toContain(code);
  });

  test("names come from the shared module, sorted by name", () => {
    const label = (code: string) => TRANSLATION_LANGUAGES.find((language) => language.value === code)?.label;
    expect(label("es")).toBe("Spanish");
    expect(label("bn")).toBe("Bengali");
    expect(label("nb")).toBe("Norwegian Bokmål");
    const labels = TRANSLATION_LANGUAGES.map((language) => language.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
  });
});
