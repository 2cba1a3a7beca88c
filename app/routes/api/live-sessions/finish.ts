import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/finish";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { finishLiveSession } from "~/modules/live/live-sessions.server";
import { TitleSchema } from "~/modules/recordings/recording-forms";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";
import { getUserId } from "~/modules/platform/session.server";

// POST /api/live-sessions/:sessionId/finish { title? } → 201 { recording: { id, title }, live }.
export const loader = postOnly;

const FinishSchema = z.object({ title: TitleSchema.optional() });

export const action = withRefusals(async ({ request, params }: Route.ActionArgs) => {
  const userId = await getUserId(request);
  invariantResponse(userId, "Sign in to record.", 401);
  const { title } = await readJsonBody(request, FinishSchema);
  return data(await finishLiveSession(userId, params.sessionId, title), { status: 201 });
});
