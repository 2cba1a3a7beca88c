import { languageOptions } from "~/utils/languages";

/** The landing demo's 'Record in' choices (spec section 2: 35 locales such as en-US, es-ES, de-DE). */
export const DEMO_LOCALES: { value: string; label: string }[] = languageOptions([
  "en-US",
  "en-GB",
  "en-AU",
  "en-CA",
  "en-IN",
  "es-ES",
  "es-MX",
  "es-US",
  "fr-FR",
  "fr-CA",
  "de-DE",
  "it-IT",
  "pt-BR",
  "pt-PT",
  "nl-NL",
  "sv-SE",
  "da-DK",
  "nb-NO",
  "fi-FI",
  "pl-PL",
  "cs-CZ",
  "ro-RO",
  "hu-HU",
  "el-GR",
  "ru-RU",
  "uk-UA",
  "tr-TR",
  "ar-SA",
  "he-IL",
  "hi-IN",
  "zh-CN",
  "zh-TW",
  "ja-JP",
  "ko-KR",
  "vi-VN",
]);

/** Spec section 9: the demo records at most 10 s. */
export const DEMO_MAX_SECONDS = 10;
