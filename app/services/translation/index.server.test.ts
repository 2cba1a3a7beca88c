import { describe, expect, test } from "vitest";
import { TranslationError } from "./errors";
import { translationProvider } from "./index.server";

const base = { openAiBaseUrl: "https://api.openai.com/v1", openAiModel: "gpt-4o-mini" };

describe("translationProvider", () => {
  test("builds the configured engine", () => {
    expect(translationProvider({ ...base, engine: "apertium" }).label).toBe("Apertium (offline rule-based)");
    expect(
      translationProvider({ ...base, engine: "libretranslate", libreTranslateUrl: "http://localhost:5000" }).name,
    ).toBe("libretranslate");
    expect(translationProvider({ ...base, engine: "deepl", deeplApiKey: "k:fx" }).name).toBe("deepl");
    expect(translationProvider({ ...base, engine: "openai" }).label).toBe("AI (gpt-4o-mini)");
  });

  test("missing settings are clear errors", () => {
    expect(() => translationProvider({ ...base, engine: "libretranslate" })).toThrow(/LIBRETRANSLATE_URL/);
    expect(() => translationProvider({ ...base, engine: "deepl", deeplApiKey: "" })).toThrow(/DEEPL_API_KEY/);
    expect(() => translationProvider({ ...base, engine: "openai", openAiModel: " " })).toThrow(TranslationError);
    expect(() => translationProvider({ ...base, engine: "nope" as "openai" })).toThrow(/Unknown translation engine/);
  });
});
