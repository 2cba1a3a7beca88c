import { data } from "react-router";
import type { Route } from "./+types/start";
import { jsonError, postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { startLiveSession, StartLiveSchema } from "~/modules/live/live-sessions.server";
import { RecordingError } from "~/modules/recordings/recordings.server";
import { getUserId } from "~/modules/platform/session.server";

// POST /api/live-sessions { mimeType, language, liveTranscription, translateTo? } → 201 { id, maxBytes }.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const userId = await getUserId(request);
  if (!userId) return jsonError("Sign in to record.", 401);
  const input = await readJsonBody(request, StartLiveSchema);
  try {
    return data(await startLiveSession(userId, input), { status: 201 });
  } catch (error) {
    if (error instanceof RecordingError) return jsonError(error.message, error.status);
    throw error;
  }
}
