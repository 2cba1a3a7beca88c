/** Language options (spec section 3: value and label; values are never empty). ISO 639-1 codes. */
export const LANGUAGES: { value: string; label: string }[] = [
  { value: "en", label: "English" },
  { value: "es", label: "Spanish" },
  { value: "fr", label: "French" },
  { value: "de", label: "German" },
  { value: "it", label: "Italian" },
  { value: "pt", label: "Portuguese" },
  { value: "nl", label: "Dutch" },
  { value: "ca", label: "Catalan" },
  { value: "gl", label: "Galician" },
  { value: "eu", label: "Basque" },
  { value: "eo", label: "Esperanto" },
  { value: "sv", label: "Swedish" },
  { value: "da", label: "Danish" },
  { value: "no", label: "Norwegian" },
  { value: "fi", label: "Finnish" },
  { value: "is", label: "Icelandic" },
  { value: "pl", label: "Polish" },
  { value: "cs", label: "Czech" },
  { value: "ro", label: "Romanian" },
  { value: "hu", label: "Hungarian" },
  { value: "el", label: "Greek" },
  { value: "ru", label: "Russian" },
  { value: "uk", label: "Ukrainian" },
  { value: "mk", label: "Macedonian" },
  { value: "tr", label: "Turkish" },
  { value: "ar", label: "Arabic" },
  { value: "he", label: "Hebrew" },
  { value: "hi", label: "Hindi" },
  { value: "zh", label: "Chinese" },
  { value: "ja", label: "Japanese" },
  { value: "ko", label: "Korean" },
  { value: "vi", label: "Vietnamese" },
  { value: "id", label: "Indonesian" },
];

export function languageLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return LANGUAGES.find((language) => language.value === code)?.label ?? code;
}
