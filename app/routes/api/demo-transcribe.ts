import { z } from "zod";
import type { Route } from "./+types/demo-transcribe";
import { jsonError, postOnly } from "~/modules/platform/api.server";
import { readLimitedBody } from "~/modules/platform/request-body.server";
import { isDemoLocale, MAX_DEMO_BYTES, transcribeDemoClip } from "~/modules/live/demo.server";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";

// POST /api/demo/transcribe?locale=en-US, body: the landing demo's clip → { text, engine }. Anonymous and
// rate-limited per IP; the audio is deleted as soon as it is transcribed.
export const loader = postOnly;

const QuerySchema = z.object({
  locale: z
    .string({ error: "locale is required" })
    .refine(isDemoLocale, "locale must be one of the demo's languages, such as en-US."),
});

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return jsonError(query.error.issues[0]?.message ?? "Bad query.", 400);
  const clip = await readLimitedBody(request, MAX_DEMO_BYTES, "The demo clip can be at most 2 MB.");
  invariantResponse(clip.length > 0, "The demo clip is empty.", 400);
  return await transcribeDemoClip(clip, query.data.locale);
});
