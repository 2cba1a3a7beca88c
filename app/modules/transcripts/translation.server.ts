import { z } from "zod";
import { configuredTranslator, TRANSLATION_LANGUAGES, TranslationError } from "~/services/translation/index.server";
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
