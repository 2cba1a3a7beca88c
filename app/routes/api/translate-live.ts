import type { Route } from "./+types/translate-live";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { TranslateLiveSchema, translateLiveText } from "~/modules/transcripts/translation.server";

// POST /api/translate-live { text, targetLanguage } → { translation }. Spec section 8: on failure the client shows
// the source text prefixed with the target language's label.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  return { translation: await translateLiveText(await readJsonBody(request, TranslateLiveSchema)) };
});
