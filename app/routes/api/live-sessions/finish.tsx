import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/finish";
import { jsonError, postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { finishLiveSession } from "~/modules/live/live-sessions.server";
import { RecordingError, TitleSchema } from "~/modules/recordings/recordings.server";
import { getUserId } from "~/modules/platform/session.server";

// POST /api/live-sessions/:sessionId/finish { title? } → 201 { recording: { id, title }, live }.
export const loader = postOnly;

const FinishSchema = z.object({ title: TitleSchema.optional() });

export async function action({ request, params }: Route.ActionArgs) {
  const userId = await getUserId(request);
  if (!userId) return jsonError("Sign in to record.", 401);
  const { title } = await readJsonBody(request, FinishSchema);
  try {
    return data(await finishLiveSession(userId, params.sessionId, title), { status: 201 });
  } catch (error) {
    if (error instanceof RecordingError) return jsonError(error.message, error.status);
    throw error;
  }
}
