import { languageOptions } from "~/utils/languages";

/** Languages offered for the spoken language at upload (spec section 3: value and label, never empty). */
const SPOKEN = [
  "en", "es", "fr", "de", "it", "pt", "nl", "ca", "gl", "eu", "eo", "sv", "da", "no", "fi", "is", "pl", "cs", "ro",
  "hu", "el", "ru", "uk", "mk", "tr", "ar", "he", "hi", "zh", "ja", "ko", "vi", "id",
];

export const LANGUAGES: { value: string; label: string }[] = languageOptions(SPOKEN);
