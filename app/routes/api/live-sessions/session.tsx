import { data } from "react-router";
import type { Route } from "./+types/session";
import { jsonError } from "~/modules/platform/api.server";
import { cancelLiveSession } from "~/modules/live/live-sessions.server";
import { RecordingError } from "~/modules/recordings/recordings.server";
import { getUserId } from "~/modules/platform/session.server";

// DELETE /api/live-sessions/:sessionId discards a live recording and its audio.
export function loader() {
  return data({ error: "Method not allowed. Use DELETE." }, { status: 405, headers: { Allow: "DELETE" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return loader();
  const userId = await getUserId(request);
  if (!userId) return jsonError("Sign in to record.", 401);
  try {
    await cancelLiveSession(userId, params.sessionId);
    return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof RecordingError) return jsonError(error.message, error.status);
    throw error;
  }
}
