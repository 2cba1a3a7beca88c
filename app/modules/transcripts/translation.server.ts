import { z } from "zod";
import { configuredTranslator, TRANSLATION_LANGUAGES, TranslationError } from "~/services/translation/index.server";
import { LANGUAGES } from "~/content/languages";
import { ExpectedError } from "~/modules/platform/refusals.server";

// The translator is configured in the translation service; re-exported for the routes and jobs that import it here.
export { configuredTranslator };

const LANGUAGE_CODES = new Set(TRANSLATION_LANGUAGES.map((language) => language.value));
const languageCode = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .refine((code) => LANGUAGE_CODES.has(code), `${field} must be a language code from the list, such as "es".`);

export const TranslateLiveSchema = z.object({
  text: z
    .string({ error: "text is required" })
    .trim()
    .min(1, "text is required")
    .max(2000, "text can be at most 2000 characters"),
  targetLanguage: languageCode("targetLanguage"),
  // Not in the spec's payload; live speech is English unless the client says otherwise.
  sourceLanguage: languageCode("sourceLanguage").default("en"),
});

/**
 * Translates one line of live speech (spec section 8). A language pair the translator lacks is refused with 422; a
 * failed translation service with 502 and its message, which the client replaces with the labelled source text.
 */
export async function translateLiveText({ text, sourceLanguage, targetLanguage }: z.infer<typeof TranslateLiveSchema>) {
  if (sourceLanguage === targetLanguage) return text;
  const translator = configuredTranslator();
  if (!translator.supports(sourceLanguage, targetLanguage)) {
    const refusal = `${translator.label} cannot translate ${sourceLanguage} to ${targetLanguage} on this server.`;
    throw new ExpectedError(refusal, 422);
  }
  try {
    const [translation] = await translator.translate([text], sourceLanguage, targetLanguage);
    return translation;
  } catch (error) {
    if (error instanceof TranslationError) throw new ExpectedError(error.message, 502);
    throw error;
  }
}

const targetsByTranslator = new WeakMap<object, { value: string; label: string }[]>();

/**
 * Languages the translator can produce from at least one language people can upload in. Worked out once per
 * translator: it asks about every pair (about 100 × 100), and Apertium looks for a mode file on disk for each, which
 * was the largest cost of rendering the dashboard. Language packages installed later show after a restart.
 */
export function translationTargets(): { value: string; label: string }[] {
  const translator = configuredTranslator();
  let targets = targetsByTranslator.get(translator);
  if (!targets) {
    targets = TRANSLATION_LANGUAGES.filter((target) =>
      LANGUAGES.some((source) => source.value !== target.value && translator.supports(source.value, target.value)),
    );
    targetsByTranslator.set(translator, targets);
  }
  return targets;
}
