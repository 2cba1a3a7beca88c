import type { Route } from "./+types/status";
import { jsonError } from "~/modules/platform/api.server";
import { RecordingError, requireOwnRecording } from "~/modules/recordings/recordings.server";
import { getUserId } from "~/modules/platform/session.server";

// GET /api/recordings/:recordingId → { status, progress, failureReason } for the transcript page's polling.
export async function loader({ request, params }: Route.LoaderArgs) {
  const userId = await getUserId(request);
  if (!userId) return jsonError("Sign in to see your recordings.", 401);
  try {
    const { status, progress, failureReason } = await requireOwnRecording(userId, params.recordingId);
    return Response.json({ status, progress, failureReason }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof RecordingError) return jsonError(error.message, error.status);
    throw error;
  }
}
