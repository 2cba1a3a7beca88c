import { languageName } from "~/utils/languages";

/**
 * The languages Whisper knows (its tokenizer's list), by ISO 639-1 code. Two have no 639-1 code (Hawaiian "haw",
 * Cantonese "yue"), and Whisper writes Javanese as "jw" (ISO: "jv").
 */
const WHISPER_CODES = [
  "en", "zh", "de", "es", "ru", "ko", "fr", "ja", "pt", "tr", "pl", "ca", "nl", "ar", "sv", "it", "id", "hi", "fi",
  "vi", "he", "uk", "el", "ms", "cs", "ro", "da", "hu", "ta", "no", "th", "ur", "hr", "bg", "lt", "la", "mi", "ml",
  "cy", "sk", "te", "fa", "lv", "bn", "sr", "az", "sl", "kn", "et", "mk", "br", "eu", "is", "hy", "ne", "mn", "bs",
  "kk", "sq", "sw", "gl", "mr", "pa", "si", "km", "sn", "yo", "so", "af", "oc", "ka", "be", "tg", "sd", "gu", "am",
  "yi", "lo", "uz", "fo", "ht", "ps", "tk", "nn", "mt", "sa", "lb", "my", "bo", "tl", "mg", "as", "tt", "haw", "ln",
  "ha", "ba", "jw", "su", "yue",
];

const CODE_BY_NAME = new Map(WHISPER_CODES.map((code) => [languageName(code).toLowerCase(), code]));
// Whisper's own names where they differ from the English names (OpenAI's verbose_json `language` and whisper.cpp
// report these), and other names servers use for the same languages.
for (const [name, code] of [
  ["maori", "mi"], ["nynorsk", "nn"], ["myanmar", "my"], ["norwegian bokmål", "no"], ["mandarin", "zh"],
  ["castilian", "es"], ["flemish", "nl"], ["moldavian", "ro"], ["moldovan", "ro"], ["valencian", "ca"],
  ["haitian", "ht"], ["letzeburgesch", "lb"], ["pushto", "ps"], ["panjabi", "pa"], ["burmese", "my"],
  ["sinhalese", "si"], ["bangla", "bn"], ["filipino", "tl"],
] as const) {
  CODE_BY_NAME.set(name, code);
}

/** "english", "English", "en", "en-US" → "en"; unknown → null. */
export function languageCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  const tag = /^([a-z]{2,3})(?:[-_][a-z0-9]+)*$/.exec(text);
  if (tag && WHISPER_CODES.includes(tag[1])) return tag[1];
  if (tag && tag[1].length === 2) return tag[1];
  return CODE_BY_NAME.get(text) ?? null;
}
