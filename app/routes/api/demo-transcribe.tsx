import { z } from "zod";
import type { Route } from "./+types/demo-transcribe";
import { jsonError, postOnly } from "~/modules/platform/api.server";
import { readLimitedBody } from "~/modules/platform/request-body.server";
import { isDemoLocale, MAX_DEMO_BYTES, transcribeDemoClip } from "~/modules/live/demo.server";
import { RecordingError } from "~/modules/recordings/recordings.server";

// POST /api/demo/transcribe?locale=en-US, body: the landing demo's clip → { text, engine }. Anonymous and
// rate-limited per IP; the audio is deleted as soon as it is transcribed.
export const loader = postOnly;

const QuerySchema = z.object({
  locale: z.string({ error: "locale is required" }).refine(isDemoLocale, "locale must be one of the demo's languages, such as en-US."),
});

export async function action({ request }: Route.ActionArgs) {
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return jsonError(query.error.issues[0]?.message ?? "Bad query.", 400);
  const clip = await readLimitedBody(request, MAX_DEMO_BYTES, "The demo clip can be at most 2 MB.");
  if (clip.length === 0) return jsonError("The demo clip is empty.", 400);
  try {
    return await transcribeDemoClip(clip, query.data.locale);
  } catch (error) {
    if (error instanceof RecordingError) return jsonError(error.message, error.status);
    throw error;
  }
}
