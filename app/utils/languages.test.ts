import { describe, expect, test } from "vitest";
import { isLanguageCode, languageName, languageOptions } from "./languages";

describe("languageName", () => {
  test("English names from the platform's CLDR data", () => {
    expect(languageName("es")).toBe("Spanish");
    expect(languageName("en")).toBe("English");
    expect(languageName("de")).toBe("German");
    expect(languageName("zh")).toBe("Chinese");
    expect(languageName("no")).toBe("Norwegian");
    expect(languageName("nb")).toBe("Norwegian Bokmål");
    expect(languageName("yue")).toBe("Cantonese");
  });

  test("a region or script is named in brackets, also when the engine writes an underscore", () => {
    expect(languageName("pt-BR")).toBe("Portuguese (Brazil)");
    expect(languageName("pt_BR")).toBe("Portuguese (Brazil)");
    expect(languageName("en-GB")).toBe("English (United Kingdom)");
    expect(languageName("sr-Latn")).toBe("Serbian (Latin)");
  });

  test("the overrides replace CLDR's name, also before a region", () => {
    expect(languageName("bn")).toBe("Bengali");
    expect(languageName("bn-IN")).toBe("Bengali (India)");
    expect(languageName("tl")).toBe("Tagalog");
    expect(languageName("bo")).toBe("Tibetan");
  });

  test("unknown codes and anything that is not a code come back as given", () => {
    expect(languageName("qq")).toBe("qq");
    expect(languageName("xx-YY")).toBe("xx-YY");
    expect(languageName("Klingon")).toBe("Klingon");
    expect(languageName("auto")).toBe("auto");
    expect(languageName("")).toBe("");
  });
});

test("isLanguageCode tells BCP 47 tags from names", () => {
  expect(isLanguageCode("fr")).toBe(true);
  expect(isLanguageCode("pt-BR")).toBe(true);
  expect(isLanguageCode("yue")).toBe(true);
  expect(isLanguageCode("French")).toBe(false);
  expect(isLanguageCode("pt_BR")).toBe(false);
  expect(isLanguageCode("en-")).toBe(false);
});

test("languageOptions keeps the order and pairs each code with its name", () => {
  expect(languageOptions(["es", "bn", "pt-BR"])).toEqual([
    { value: "es", label: "Spanish" },
    { value: "bn", label: "Bengali" },
    { value: "pt-BR", label: "Portuguese (Brazil)" },
  ]);
});
