/**
 * English names of languages and locales ("es" → "Spanish", "pt-BR" → "Portuguese (Brazil)") from the platform's
 * CLDR data (`Intl.DisplayNames`), so no module keeps its own table of names. Isomorphic: Node's full ICU and the
 * browsers give the same English names, so server and client render the same text.
 */

/**
 * Where CLDR's name is not the one people (and the engines' own lists) use for the code we store.
 * Keyed by language code; a region is still appended ("bn-IN" → "Bengali (India)").
 */
const NAME_OVERRIDES: Record<string, string> = {
  // CLDR says "Bangla"; Whisper, DeepL and LibreTranslate all say Bengali.
  bn: "Bengali",
  // CLDR names "tl" after Filipino ("fil"), a different standard language.
  tl: "Tagalog",
  // Chromium's trimmed ICU data has no name for it: without this the browser would render "bo" where the server
  // rendered "Tibetan" (a hydration mismatch in the translation menus).
  bo: "Tibetan",
};

// "standard" rather than "dialect": "Portuguese (Brazil)", not "Brazilian Portuguese", so a base name stays a prefix.
const displayNames = new Intl.DisplayNames(["en"], { type: "language", languageDisplay: "standard", fallback: "none" });

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/** Whether a value is a BCP 47 language tag as engines report it ("fr", "pt-BR"), rather than a name ("French"). */
export function isLanguageCode(value: string): boolean {
  return LANGUAGE_TAG.test(value);
}

/**
 * The English name of a language tag: "es" → "Spanish", "pt-BR" → "Portuguese (Brazil)", "bn" → "Bengali".
 * Anything that is not a known language tag comes back as given ("qq", "Klingon").
 */
export function languageName(code: string): string {
  // Asked for every language of every menu on every render, and each ICU lookup is a few microseconds.
  let name = namesKnown.get(code);
  if (name === undefined) {
    name = lookUpLanguageName(code);
    if (namesKnown.size < NAMES_KEPT) namesKnown.set(code, name);
  }
  return name;
}

const NAMES_KEPT = 2_000;
const namesKnown = new Map<string, string>();

function lookUpLanguageName(code: string): string {
  const tag = code.replace(/_/g, "-"); // some engines write "pt_BR"
  if (!isLanguageCode(tag)) return code;
  const base = tag.split("-")[0].toLowerCase();
  const override = NAME_OVERRIDES[base];
  if (override && tag.toLowerCase() === base) return override;
  let name: string | undefined;
  try {
    name = displayNames.of(tag);
  } catch {
    return code; // a tag Intl rejects (e.g. "en-x")
  }
  const baseName = displayNames.of(base);
  // Without a name for the language itself, CLDR would still name the region ("xx (Germany)"): not a language.
  if (!name || !baseName || baseName.toLowerCase() === base) return code;
  return override && name.startsWith(baseName) ? override + name.slice(baseName.length) : name;
}

/** `{ value, label }` options for a list of language codes, as select menus take them. */
export function languageOptions(codes: readonly string[]): { value: string; label: string }[] {
  return codes.map((value) => ({ value, label: languageName(value) }));
}
