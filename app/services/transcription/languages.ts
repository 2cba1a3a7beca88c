/**
 * Whisper's language names (as OpenAI's verbose_json `language` field and whisper.cpp report them) by
 * ISO 639-1 code, from whisper's tokenizer. Two have no 639-1 code (Hawaiian "haw", Cantonese "yue"), and
 * whisper writes Javanese as "jw" (ISO: "jv").
 */
export const WHISPER_LANGUAGES: Record<string, string> = {
  en: "english", zh: "chinese", de: "german", es: "spanish", ru: "russian", ko: "korean", fr: "french", ja: "japanese",
  pt: "portuguese", tr: "turkish", pl: "polish", ca: "catalan", nl: "dutch", ar: "arabic", sv: "swedish", it: "italian",
  id: "indonesian", hi: "hindi", fi: "finnish", vi: "vietnamese", he: "hebrew", uk: "ukrainian", el: "greek",
  ms: "malay", cs: "czech", ro: "romanian", da: "danish", hu: "hungarian", ta: "tamil", no: "norwegian", th: "thai",
  ur: "urdu", hr: "croatian", bg: "bulgarian", lt: "lithuanian", la: "latin", mi: "maori", ml: "malayalam",
  cy: "welsh", sk: "slovak", te: "telugu", fa: "persian", lv: "latvian", bn: "bengali", sr: "serbian",
  az: "azerbaijani", sl: "slovenian", kn: "kannada", et: "estonian", mk: "macedonian", br: "breton", eu: "basque",
  is: "icelandic", hy: "armenian", ne: "nepali", mn: "mongolian", bs: "bosnian", kk: "kazakh", sq: "albanian",
  sw: "swahili", gl: "galician", mr: "marathi", pa: "punjabi", si: "sinhala", km: "khmer", sn: "shona", yo: "yoruba",
  so: "somali", af: "afrikaans", oc: "occitan", ka: "georgian", be: "belarusian", tg: "tajik", sd: "sindhi",
  gu: "gujarati", am: "amharic", yi: "yiddish", lo: "lao", uz: "uzbek", fo: "faroese", ht: "haitian creole",
  ps: "pashto", tk: "turkmen", nn: "nynorsk", mt: "maltese", sa: "sanskrit", lb: "luxembourgish", my: "myanmar",
  bo: "tibetan", tl: "tagalog", mg: "malagasy", as: "assamese", tt: "tatar", haw: "hawaiian", ln: "lingala",
  ha: "hausa", ba: "bashkir", jw: "javanese", su: "sundanese", yue: "cantonese",
};

const CODE_BY_NAME = new Map(Object.entries(WHISPER_LANGUAGES).map(([code, name]) => [name, code]));
// Other names servers use for the same languages.
for (const [name, code] of [
  ["mandarin", "zh"], ["castilian", "es"], ["flemish", "nl"], ["moldavian", "ro"], ["moldovan", "ro"],
  ["valencian", "ca"], ["haitian", "ht"], ["letzeburgesch", "lb"], ["pushto", "ps"], ["panjabi", "pa"],
  ["burmese", "my"], ["sinhalese", "si"], ["javanese", "jw"], ["norwegian bokmål", "no"],
] as const) {
  CODE_BY_NAME.set(name, code);
}

/** "english", "English", "en", "en-US" → "en"; unknown → null. */
export function languageCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  const tag = /^([a-z]{2,3})(?:[-_][a-z0-9]+)*$/.exec(text);
  if (tag && WHISPER_LANGUAGES[tag[1]]) return tag[1];
  if (tag && tag[1].length === 2) return tag[1];
  return CODE_BY_NAME.get(text) ?? null;
}
