import type { Route } from "./+types/transcription-audio";
import { storedAudioResponse } from "~/modules/recordings/audio-response.server";
import { requireOwnRecording } from "~/modules/recordings/recordings.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";

// GET /transcription/:recordingId/audio: the owner's original file, with Range support so the player can seek.
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const recording = await requireOwnRecording(userId, params.recordingId);
  return storedAudioResponse(request, recording, "private, max-age=3600");
});
