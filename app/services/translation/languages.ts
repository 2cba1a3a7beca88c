import { languageOptions } from "~/utils/languages";

/**
 * Languages the translation services (LibreTranslate, DeepL, LLMs) cover, by ISO 639-1 code; Apertium covers a few
 * pairs only. The names come from `~/utils/languages`.
 */
const TRANSLATION_CODES = [
  "af", "sq", "am", "ar", "hy", "as", "az", "eu", "be", "bn", "bs", "br", "bg", "my", "ca", "zh", "co", "hr", "cs",
  "da", "nl", "en", "eo", "et", "fo", "fi", "fr", "fy", "gl", "ka", "de", "el", "gu", "ht", "ha", "he", "hi", "hu",
  "is", "ig", "id", "ga", "it", "ja", "jv", "kn", "kk", "km", "rw", "ko", "ku", "ky", "lo", "la", "lv", "lt", "lb",
  "mk", "mg", "ms", "ml", "mt", "mi", "mr", "mn", "ne", "nb", "nn", "oc", "or", "ps", "fa", "pl", "pt", "pa", "ro",
  "ru", "sm", "gd", "sr", "sn", "sd", "si", "sk", "sl", "so", "es", "su", "sw", "sv", "tl", "tg", "ta", "tt", "te",
  "th", "bo", "tr", "uk", "ur", "ug", "uz", "vi", "cy", "xh", "yi", "yo", "zu",
] as const;

/** The translation targets as select options, sorted by name. */
export const TRANSLATION_LANGUAGES: { value: string; label: string }[] = languageOptions(TRANSLATION_CODES).sort((a, b) =>
  a.label.localeCompare(b.label, "en"),
);
