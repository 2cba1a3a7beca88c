import type { Route } from "./+types/transcription-audio";
import { storedAudioResponse } from "~/modules/recordings/audio-response.server";
import { requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { audioFileInView } from "~/modules/redaction/redacted-audio.server";
import { requestedView, transcriptViewOf, viewLeavingWorkspace } from "~/modules/redaction/view.server";

// GET /transcription/:recordingId/audio[?view=original|redacted]: the recording's audio, with Range support so the
// player can seek. Owners and admins hear the original (or the redacted audio when they ask for it); every other role
// hears the redacted audio when something is redacted (ADR 048).
export const loader = withRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const view = requestedView(request);
  const { recording, role } = await requireRecordingAndRole(userId, params.recordingId, "view");
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
  const inView = transcriptViewOf(role, view);
  // A whole-file request is a download, which leaves the workspace: under its redaction policy only the reviewed
  // redacted audio goes (ADR 048). The player's range requests stay inside the app.
  const file = await audioFileInView(
    recording,
    request.headers.get("Range") ? inView : await viewLeavingWorkspace(recording, inView),
  );
  return storedAudioResponse(request, file, "private, max-age=3600");
});
