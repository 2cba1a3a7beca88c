import { data } from "react-router";
import type { Route } from "./+types/start";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { startLiveSession, StartLiveSchema } from "~/modules/live/live-sessions.server";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";
import { getUserId } from "~/modules/platform/session.server";

// POST /api/live-sessions { mimeType, language, liveTranscription, translateTo? } → 201 { id, maxBytes }.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const userId = await getUserId(request);
  invariantResponse(userId, "Sign in to record.", 401);
  const input = await readJsonBody(request, StartLiveSchema);
  return data(await startLiveSession(userId, input), { status: 201 });
});
