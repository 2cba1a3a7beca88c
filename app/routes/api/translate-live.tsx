import type { Route } from "./+types/translate-live";
import { postOnly } from "~/utils/api.server";
import { readJsonBody } from "~/utils/request-body.server";
import { withRefusals } from "~/utils/refusals.server";
import { TranslateLiveSchema, translateLiveText } from "~/utils/translation.server";

// POST /api/translate-live { text, targetLanguage } → { translation }. Spec section 8: on failure the client shows
// the source text prefixed with the target language's label.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  return { translation: await translateLiveText(await readJsonBody(request, TranslateLiveSchema)) };
});
