import type { Route } from "./+types/transcription-audio";
import { storedAudioResponse } from "~/modules/recordings/audio-response.server";
import { requireRecording } from "~/modules/recordings/ownership.server";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { recordAudit } from "~/modules/audit/audit.server";

// GET /transcription/:recordingId/audio: the owner's original file, with Range support so the player can seek.
export const loader = withRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const recording = await requireRecording(userId, params.recordingId, "view");
  if (recording.audioDeletedAt)
    throw new ExpectedError("The audio of this recording was deleted. The transcript is kept.", 404);
  // A whole-file request is a download; the player asks for ranges as it plays, and those are not logged one by one.
  if (!request.headers.get("Range")) {
    await recordAudit({
      request,
      context,
      action: "audio.downloaded",
      actorId: userId,
      workspaceId: recording.workspaceId,
      target: { kind: "recording", id: recording.id, label: recording.title },
    });
  }
  return storedAudioResponse(request, recording, "private, max-age=3600");
});
