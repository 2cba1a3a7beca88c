import { data } from "react-router";
import type { Route } from "./+types/session";
import { cancelLiveSession } from "~/modules/live/live-sessions.server";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";
import { getUserId } from "~/modules/platform/session.server";

// DELETE /api/live-sessions/:sessionId discards a live recording and its audio.
export function loader() {
  return data({ error: "Method not allowed. Use DELETE." }, { status: 405, headers: { Allow: "DELETE" } });
}

export const action = withRefusals(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return loader();
  const userId = await getUserId(request);
  invariantResponse(userId, "Sign in to record.", 401);
  await cancelLiveSession(userId, params.sessionId);
  return new Response(null, { status: 204 });
});
