import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/transcription-retranslate";
import { withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { RetranslateSchema } from "~/modules/transcripts/transcript-forms";
import { requestChangedSegmentsTranslation } from "~/modules/transcripts/translation-job.server";
import { languageName } from "~/utils/languages";
import { countOf } from "~/utils/plural";

// POST /transcription/:recordingId/retranslate (language=xx): translates again only the segments edited since
// their translation into that language; the others keep theirs. Back to the transcript with a toast.
export const action = withRefusals(async ({ request, params }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: RetranslateSchema });
  const here = `/transcription/${params.recordingId}`;
  if (submission.status !== "success")
    return redirectWithToast(here, { type: "error", title: "Choose a translation to update." }, { status: 303 });
  const { language } = submission.value;
  const count = await requestChangedSegmentsTranslation(userId, params.recordingId, language);
  return redirectWithToast(
    `${here}?lang=${language}#translate-title`,
    count
      ? { type: "success", title: `Translating ${countOf(count, "changed segment")} into ${languageName(language)}` }
      : { type: "message", title: `The ${languageName(language)} translation is up to date` },
    { status: 303 },
  );
});
