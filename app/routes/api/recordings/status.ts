import type { Route } from "./+types/status";
import { requireRecording } from "~/modules/recordings/ownership.server";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";
import { getUserId } from "~/modules/platform/session.server";

// GET /api/recordings/:recordingId → { status, progress, failureReason } for the transcript page's polling.
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await getUserId(request);
  invariantResponse(userId, "Sign in to see your recordings.", 401);
  const { status, progress, failureReason } = await requireRecording(userId, params.recordingId, "view");
  return Response.json({ status, progress, failureReason }, { headers: { "Cache-Control": "no-store" } });
});
