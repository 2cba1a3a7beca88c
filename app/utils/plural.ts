// Counted nouns in English ("1 minute", "2 minutes"), client-safe. Intl.PluralRules picks the form, so the
// choice is the language's rule rather than a hand-written `=== 1` at every call site.

const rules = new Intl.PluralRules("en");
const numbers = new Intl.NumberFormat("en");

/** The word for this count: pluralWord(1, "minute") → "minute"; pluralWord(2, "minute") → "minutes". */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === "one" ? one : other;
}

/** The count and its word: countOf(1, "recording") → "1 recording"; countOf(1200, "minute") → "1,200 minutes". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${numbers.format(count)} ${pluralWord(count, one, other)}`;
}
