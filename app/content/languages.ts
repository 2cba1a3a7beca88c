import { languageName } from "~/services/translation/languages";

/** Languages offered for the spoken language at upload (spec section 3: value and label, never empty). */
const SPOKEN = ["en", "es", "fr", "de", "it", "pt", "nl", "ca", "gl", "eu", "eo", "sv", "da", "no", "fi", "is", "pl", "cs", "ro", "hu", "el", "ru", "uk", "mk", "tr", "ar", "he", "hi", "zh", "ja", "ko", "vi", "id"];

// Speech engines say "no" for Norwegian, where translation services say "nb"/"nn".
const SPEECH_ONLY_NAMES: Record<string, string> = { no: "Norwegian" };

export function languageLabel(code: string | null | undefined): string | null {
  return code ? (SPEECH_ONLY_NAMES[code] ?? languageName(code)) : null;
}

export const LANGUAGES: { value: string; label: string }[] = SPOKEN.map((value) => ({ value, label: languageLabel(value)! }));
