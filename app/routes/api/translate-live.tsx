import { data } from "react-router";
import type { Route } from "./+types/translate-live";
import { TranslationError } from "~/services/translation/index.server";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { configuredTranslator, TranslateLiveSchema } from "~/modules/transcripts/translation.server";

// POST /api/translate-live { text, targetLanguage } → { translation }. Spec section 8: on failure the client shows
// the source text prefixed with the target language's label.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const { text, targetLanguage, sourceLanguage } = await readJsonBody(request, TranslateLiveSchema);
  if (sourceLanguage === targetLanguage) return { translation: text };
  const translator = configuredTranslator();
  if (!translator.supports(sourceLanguage, targetLanguage)) {
    return data({ error: `${translator.label} cannot translate ${sourceLanguage} to ${targetLanguage} on this server.` }, { status: 422 });
  }
  try {
    const [translation] = await translator.translate([text], sourceLanguage, targetLanguage);
    return { translation };
  } catch (error) {
    if (error instanceof TranslationError) return data({ error: error.message }, { status: 502 });
    throw error;
  }
}
